#include "bridge/HostBufferSource.h"

#include <cstring>

namespace clw::ui {

HostBufferSource::HostBufferSource(std::vector<unsigned char> bytes, std::string description)
    : m_bytes(std::move(bytes))
    , m_size(m_bytes.size())
    , m_description(std::move(description)) {}

void HostBufferSource::read(std::uint64_t offset, std::span<unsigned char> out) const {
    checkRange(offset, out.size());
    const std::lock_guard lock(m_mutex);
    if (!out.empty())
        std::memcpy(out.data(), m_bytes.data() + offset, out.size());
}

void HostBufferSource::write(std::uint64_t offset, std::span<const unsigned char> bytes) {
    checkRange(offset, bytes.size());
    const std::lock_guard lock(m_mutex);
    if (!bytes.empty())
        std::memcpy(m_bytes.data() + offset, bytes.data(), bytes.size());
}

std::shared_ptr<BufferSource> HostBufferSource::snapshot() const {
    const std::lock_guard lock(m_mutex);
    return std::make_shared<HostBufferSource>(m_bytes, "copy of " + m_description);
}

} // namespace clw::ui
