#include "HostBufferTable.h"

#include <stdexcept>
#include <string>

namespace clw::host {

void HostBufferTable::lend(std::shared_ptr<ui::BufferSource> source,
                           engine::wire::LentBuffer& lent) {
    lent.set_size(source->size());
    lent.set_description(source->description());
    lent.set_natural_type(source->naturalType());
    lent.set_width(source->naturalWidth());
    lent.set_height(source->naturalHeight());
    std::lock_guard lock(m_mutex);
    const std::uint64_t handle = m_next++;
    lent.set_handle(handle);
    m_sources[handle] = std::move(source);
}

std::shared_ptr<ui::BufferSource> HostBufferTable::find(std::uint64_t handle) const {
    std::lock_guard lock(m_mutex);
    const auto found = m_sources.find(handle);
    if (found == m_sources.end())
        throw std::runtime_error("the device host has no buffer " + std::to_string(handle) +
                                 " (released, or from a host that stopped): run the session "
                                 "again for fresh buffers");
    return found->second;
}

std::shared_ptr<ui::BufferSource> HostBufferTable::release(std::uint64_t handle) {
    std::shared_ptr<ui::BufferSource> released;
    std::lock_guard lock(m_mutex);
    const auto found = m_sources.find(handle);
    if (found != m_sources.end()) {
        released = std::move(found->second);
        m_sources.erase(found);
    }
    return released;
}

std::size_t HostBufferTable::size() const {
    std::lock_guard lock(m_mutex);
    return m_sources.size();
}

} // namespace clw::host
