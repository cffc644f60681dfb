#pragma once
// An OpenCL buffer as a BufferSource, read and written through a command queue of its context.
// Blocking transfers on a worker thread; clEnqueue* on one queue from several threads is safe.
#include "bridge/BufferSource.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/CommandQueue.h"

namespace clw::ui {

class DeviceBufferSource : public BufferSource {
public:
    // Queries the buffer's size: call on a worker thread.
    static std::shared_ptr<DeviceBufferSource> open(engine::Buffer buffer,
                                                    engine::CommandQueue queue);
    // `size` must be the buffer's size; no OpenCL call (safe anywhere).
    DeviceBufferSource(engine::Buffer buffer, engine::CommandQueue queue, std::uint64_t size);

    std::uint64_t size() const override { return m_size; }
    std::string description() const override;
    void read(std::uint64_t offset, std::span<unsigned char> out) const override;
    void write(std::uint64_t offset, std::span<const unsigned char> bytes) override;
    bool fillPattern(std::span<const unsigned char> pattern, std::uint64_t offset,
                     std::uint64_t size) override;
    // A new buffer of the same size filled by clEnqueueCopyBuffer.
    std::shared_ptr<BufferSource> snapshot() const override;

    const engine::Buffer& buffer() const { return m_buffer; }
    const engine::CommandQueue& queue() const { return m_queue; }

private:
    engine::Buffer m_buffer;
    engine::CommandQueue m_queue;
    std::uint64_t m_size;
};

} // namespace clw::ui
