#include "HostBufferTable.h"

#include <stdexcept>
#include <string>

namespace clw::host {

nlohmann::json HostBufferTable::lend(std::shared_ptr<ui::BufferSource> source) {
    std::lock_guard lock(m_mutex);
    const std::uint64_t handle = m_next++;
    // Field by field: an initializer list copies every value twice, for every buffer of a run.
    // What a buffer has not (a type, a width and height: an image's) is left out.
    nlohmann::json info(nlohmann::json::value_t::object);
    info["handle"] = handle;
    info["size"] = source->size();
    info["description"] = source->description();
    if (std::string type = source->naturalType(); !type.empty())
        info["naturalType"] = std::move(type);
    if (const std::uint64_t width = source->naturalWidth(); width != 0)
        info["width"] = width;
    if (const std::uint64_t height = source->naturalHeight(); height != 0)
        info["height"] = height;
    m_sources[handle] = std::move(source);
    return info;
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

void HostBufferTable::release(std::uint64_t handle) {
    std::shared_ptr<ui::BufferSource> released;
    std::lock_guard lock(m_mutex);
    const auto found = m_sources.find(handle);
    if (found != m_sources.end()) {
        released = std::move(found->second);
        m_sources.erase(found);
    }
}

std::size_t HostBufferTable::size() const {
    std::lock_guard lock(m_mutex);
    return m_sources.size();
}

} // namespace clw::host
