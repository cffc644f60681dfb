#include "clw/engine/memory/ImmediateAllocator.h"

#include <algorithm>

namespace clw::engine {

ImmediateAllocator::ImmediateAllocator(const CommandQueue& queue, cl_mem_flags flags)
    : m_queue(queue)
    , m_context(queue.context())
    , m_flags(flags)
    , m_limits(AllocationLimits::of(m_context)) {}

Buffer ImmediateAllocator::allocate(size_t size) const {
    if (size == 0)
        return Buffer(); // the seeds': an allocation of 0 bytes is an empty one
    Buffer buffer(m_context, m_flags, size);
    // A small non-blocking write faults the buffer onto the device now; a driver that cannot back
    // it fails this enqueue with an out-of-memory code (PyOpenCL does the same). Waiting would
    // add nothing: clWaitForEvents cannot report allocation failures. The source is static, so
    // it outlives the write.
    static const unsigned char kZeros[4] = {0, 0, 0, 0};
    if (!(m_flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
        m_queue.write(buffer, 0, std::min(size, sizeof kZeros), kZeros, false);
    else
        m_queue.migrate(std::span<const MemoryObject>(static_cast<const MemoryObject*>(&buffer), 1),
                        CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED);
    return buffer;
}

} // namespace clw::engine
