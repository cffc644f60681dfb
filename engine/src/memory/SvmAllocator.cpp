#include "clw/engine/SvmAllocator.h"

#include "clw/engine/Handle.h"
#include "clw/engine/SvmAllocation.h"

namespace clw::engine {

SvmAllocator::SvmAllocator(const Context& context, cl_svm_mem_flags flags, cl_uint alignment,
                           std::optional<CommandQueue> queue)
    : m_context(context)
    , m_flags(flags)
    , m_alignment(alignment)
    , m_queue(std::move(queue))
    , m_limits(AllocationLimits::of(context)) {
    if (m_queue && (m_queue->properties() & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
        throw ClError(CL_INVALID_COMMAND_QUEUE, "SvmAllocator",
                      "making an SVM allocator: its queue must be in-order, or a block could be "
                      "freed before the work using it");
}

SvmBlock SvmAllocator::allocate(size_t size) const {
    void* data = clApi().clSVMAlloc(m_context.get(), m_flags, size, m_alignment);
    if (!data)
        throw svmAllocationError(m_context, m_flags, size, m_alignment);
    return SvmBlock{data, size, {}};
}

void SvmAllocator::recycle(SvmBlock& block) const noexcept {
    if (!m_queue)
        return;
    try {
        block.lastUse = m_queue->marker();
    } catch (const ClError& error) {
        // Without a marker the next user cannot wait for this one: finish the queue instead.
        noteFailedRelease("SVM block's last-use marker", error.code());
        clApi().clFinish(m_queue->get());
    }
}

void SvmAllocator::prepareReuse(SvmBlock& block) const {
    if (block.lastUse && block.lastUse.status() != CL_COMPLETE)
        block.lastUse.wait();
    block.lastUse = Event();
}

void SvmAllocator::free(SvmBlock&& block) const noexcept {
    if (!block.data)
        return;
    if (m_queue) {
        // Behind everything already enqueued: safe while kernels still use the block.
        void* pointers[] = {block.data};
        const cl_int code = clApi().clEnqueueSVMFree(m_queue->get(), 1, pointers, nullptr, nullptr,
                                                     0, nullptr, nullptr);
        if (code == CL_SUCCESS)
            return;
        noteFailedRelease("SVM block (enqueued free)", code);
        clApi().clFinish(m_queue->get());
    }
    clApi().clSVMFree(m_context.get(), block.data);
}

} // namespace clw::engine
