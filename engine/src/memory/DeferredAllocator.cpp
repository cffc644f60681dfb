#include "clw/engine/DeferredAllocator.h"

namespace clw::engine {

DeferredAllocator::DeferredAllocator(const Context& context, cl_mem_flags flags)
    : m_context(context)
    , m_flags(flags)
    , m_limits(AllocationLimits::of(context)) {}

Buffer DeferredAllocator::allocate(size_t size) const {
    return Buffer(m_context, m_flags, size);
}

} // namespace clw::engine
