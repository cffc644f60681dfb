#include "bridge/DeviceBufferSource.h"

namespace clw::ui {

std::shared_ptr<DeviceBufferSource> DeviceBufferSource::open(engine::Buffer buffer,
                                                             engine::CommandQueue queue) {
    const std::uint64_t size = buffer.size();
    return std::make_shared<DeviceBufferSource>(std::move(buffer), std::move(queue), size);
}

DeviceBufferSource::DeviceBufferSource(engine::Buffer buffer, engine::CommandQueue queue,
                                       std::uint64_t size)
    : m_buffer(std::move(buffer))
    , m_queue(std::move(queue))
    , m_size(size) {}

std::string DeviceBufferSource::description() const {
    return "buffer of " + std::to_string(m_size) + " bytes";
}

void DeviceBufferSource::read(std::uint64_t offset, std::span<unsigned char> out) const {
    checkRange(offset, out.size());
    if (!out.empty())
        m_queue.read(m_buffer, offset, out.size(), out.data());
}

void DeviceBufferSource::write(std::uint64_t offset, std::span<const unsigned char> bytes) {
    checkRange(offset, bytes.size());
    if (!bytes.empty())
        m_queue.write(m_buffer, offset, bytes.size(), bytes.data());
}

bool DeviceBufferSource::fillPattern(std::span<const unsigned char> pattern, std::uint64_t offset,
                                     std::uint64_t size) {
    const size_t n = pattern.size();
    if (n == 0 || n > 128 || (n & (n - 1)) != 0 || offset % n != 0 || size % n != 0)
        return false;
    checkRange(offset, size);
    if (size > 0)
        m_queue.fill(m_buffer, pattern.data(), n, offset, size).wait();
    return true;
}

std::shared_ptr<BufferSource> DeviceBufferSource::snapshot() const {
    engine::Buffer copy(m_buffer.context(), CL_MEM_READ_WRITE, m_size);
    m_queue.copy(m_buffer, copy, 0, 0, m_size);
    m_queue.finish();
    return std::make_shared<DeviceBufferSource>(std::move(copy), m_queue, m_size);
}

} // namespace clw::ui
