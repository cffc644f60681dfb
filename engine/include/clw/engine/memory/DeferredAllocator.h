#pragma once
#include "clw/engine/memory/AllocationLimits.h"
#include "clw/engine/runtime/Buffer.h"

namespace clw::engine {

// Plain clCreateBuffer semantics: the driver may promise memory that turns out not to exist at
// first use (NVIDIA allocates lazily). For pools, prefer ImmediateAllocator.
class DeferredAllocator {
public:
    using Block = Buffer;

    explicit DeferredAllocator(const Context& context, cl_mem_flags flags = CL_MEM_READ_WRITE);

    // A buffer of `size` bytes, an empty Buffer for 0; throws ClError on failure.
    Buffer allocate(size_t size) const;
    bool recycle(Buffer&) const noexcept { return true; }
    void prepareReuse(Buffer&) const {}
    void free(Buffer&& buffer) const noexcept { Buffer dropped = std::move(buffer); }

    const AllocationLimits& limits() const noexcept { return m_limits; }
    const Context& context() const noexcept { return m_context; }
    cl_mem_flags flags() const noexcept { return m_flags; }

private:
    Context m_context;
    cl_mem_flags m_flags;
    AllocationLimits m_limits;
};

} // namespace clw::engine
