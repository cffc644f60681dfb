#include "WrittenBytes.h"

#include <algorithm>

namespace clw::oclgrind_check {

void WrittenBytes::markWritten(std::uint64_t buffer, std::uint64_t offset, std::uint64_t size) {
    const auto it = m_buffers.find(buffer);
    if (it == m_buffers.end())
        return;
    std::vector<bool>& bytes = it->second;
    const std::uint64_t end = std::min<std::uint64_t>(offset + size, bytes.size());
    for (std::uint64_t i = offset; i < end; ++i)
        bytes[i] = true;
}

bool WrittenBytes::written(std::uint64_t buffer, std::uint64_t offset, std::uint64_t size) const {
    const auto it = m_buffers.find(buffer);
    if (it == m_buffers.end())
        return true;
    const std::vector<bool>& bytes = it->second;
    const std::uint64_t end = std::min<std::uint64_t>(offset + size, bytes.size());
    for (std::uint64_t i = offset; i < end; ++i)
        if (!bytes[i])
            return false;
    return true;
}

} // namespace clw::oclgrind_check
