#include "clw/engine/memory/DeferredAllocator.h"

namespace clw::engine {

DeferredAllocator::DeferredAllocator(const Context& context, cl_mem_flags flags)
    : m_context(context)
    , m_flags(flags)
    , m_limits(AllocationLimits::of(context)) {}

Buffer DeferredAllocator::allocate(size_t size) const {
    if (size == 0)
        return Buffer(); // the seeds': an allocation of 0 bytes is an empty one
    return Buffer(m_context, m_flags, size);
}

} // namespace clw::engine
