#pragma once
#include "clw/engine/memory/AllocationLimits.h"
#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/CommandQueue.h"

namespace clw::engine {

// Makes sure the memory exists at allocation: after clCreateBuffer it enqueues a small write,
// which faults the buffer onto the device, so that out-of-memory shows here and not at some
// later launch (drivers such as NVIDIA's allocate lazily). The pool relies on that to free what
// it holds and retry.
class ImmediateAllocator {
public:
    using Block = Buffer;

    explicit ImmediateAllocator(const CommandQueue& queue, cl_mem_flags flags = CL_MEM_READ_WRITE);

    Buffer allocate(size_t size) const;
    bool recycle(Buffer&) const noexcept { return true; }
    void prepareReuse(Buffer&) const {}
    void free(Buffer&& buffer) const noexcept { Buffer dropped = std::move(buffer); }

    const AllocationLimits& limits() const noexcept { return m_limits; }
    const Context& context() const noexcept { return m_context; }
    const CommandQueue& queue() const noexcept { return m_queue; }

private:
    CommandQueue m_queue;
    Context m_context;
    cl_mem_flags m_flags;
    AllocationLimits m_limits;
};

} // namespace clw::engine
