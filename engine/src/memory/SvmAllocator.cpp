#include "clw/engine/memory/SvmAllocator.h"

#include "clw/engine/runtime/CleanupWait.h"
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/SvmAllocation.h"

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
    return SvmBlock{data, size, m_queue, {}};
}

bool SvmAllocator::recycle(SvmBlock& block) const noexcept {
    if (!block.queue)
        return true;
    try {
        block.lastUse = block.queue->marker();
        return true;
    } catch (const ClError& error) {
        // Without a marker the next user cannot wait for this one. The block is freed instead,
        // behind the work on its queue, so nothing waits here for that work to finish.
        noteFailedRelease("SVM block's last-use marker (the block is freed, not held)",
                          error.code());
        return false;
    }
}

void SvmAllocator::prepareReuse(SvmBlock& block) const {
    const bool pending = block.lastUse && block.lastUse.status() != CL_COMPLETE;
    // On the allocator's in-order queue, the next user's commands already come after the
    // previous user's. Work on another queue is put ahead of them by a barrier, so the host never
    // waits (PyOpenCL's pool does not either). Only with no queue to hold back does the host wait.
    if (pending && block.queue != m_queue) {
        if (m_queue)
            m_queue->barrier({&block.lastUse, 1});
        else
            block.lastUse.wait();
    }
    block.lastUse = Event();
    block.queue = m_queue;
}

void SvmAllocator::free(SvmBlock&& block) const noexcept {
    if (!block.data)
        return;
    if (block.queue) {
        // Behind everything already enqueued: safe while kernels still use the block.
        void* pointers[] = {block.data};
        const cl_int code = clApi().clEnqueueSVMFree(block.queue->get(), 1, pointers, nullptr,
                                                     nullptr, 0, nullptr, nullptr);
        if (code == CL_SUCCESS)
            return;
        noteFailedRelease("SVM block (enqueued free)", code);
        // OpenCL 3.0, clSVMFree: it "does not wait for previously enqueued commands that may be
        // using svm_pointer to finish before freeing svm_pointer". So the queue finishes first,
        // but not for ever: a queue held back by an unset user event or a hung kernel keeps the
        // block, leaked rather than freed under a command still to run.
        if (!finishWithin(*block.queue, "freeing an SVM block after its enqueued free failed",
                          "the block is kept, not freed: commands still queued may use it"))
            return;
    }
    clApi().clSVMFree(m_context.get(), block.data);
}

} // namespace clw::engine
