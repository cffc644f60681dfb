#pragma once
#include "clw/engine/memory/AllocationLimits.h"
#include "clw/engine/memory/SvmBlock.h"
#include "clw/engine/runtime/CommandQueue.h"

#include <optional>

namespace clw::engine {

// Allocates shared virtual memory (coarse grain by default; add CL_MEM_SVM_FINE_GRAIN_BUFFER for
// fine grain where the device has it).
//
// With a queue, deallocation is enqueued there (clEnqueueSVMFree), behind the work that uses the
// block, and a block returned to a pool carries a marker its next user's commands wait for; the
// host never waits. Without a queue, blocks are freed at once whatever still uses them, which the
// seeds warn leads to crashes and corruption: pass a queue. The queue must be in-order.
//
// A pooled block is bound to the allocator's queue; PooledSvm::bindToQueue moves it to another.
class SvmAllocator {
public:
    using Block = SvmBlock;

    explicit SvmAllocator(const Context& context, cl_svm_mem_flags flags = CL_MEM_READ_WRITE,
                          cl_uint alignment = 0, std::optional<CommandQueue> queue = std::nullopt);

    // Throws ClError (CL_INVALID_OPERATION when no device of the context has SVM,
    // CL_MEM_OBJECT_ALLOCATION_FAILURE when clSVMAlloc returns nothing).
    SvmBlock allocate(size_t size) const;
    // Marks the block's last use (a marker on the queue it is bound to) as it goes back to a pool.
    // False when no marker could be enqueued: the pool then frees the block (behind the work on
    // its queue) instead of holding it, since its next user could not wait for that work.
    bool recycle(SvmBlock& block) const noexcept;
    // Binds a held block to the allocator's queue for its next user. When the previous user's
    // work on another queue has not finished, a barrier makes the allocator's queue wait for it;
    // the host waits only when the allocator has no queue.
    void prepareReuse(SvmBlock& block) const;
    // Enqueues the free behind the work on the block's queue, or frees it at once when unbound.
    // When the free cannot be enqueued, the queue is finished first, within cleanupWaitLimit()
    // (CleanupWait.h); past it the block is kept, never freed, and that is counted and said.
    void free(SvmBlock&& block) const noexcept;

    const AllocationLimits& limits() const noexcept { return m_limits; }
    const Context& context() const noexcept { return m_context; }
    cl_svm_mem_flags flags() const noexcept { return m_flags; }

private:
    Context m_context;
    cl_svm_mem_flags m_flags;
    cl_uint m_alignment;
    std::optional<CommandQueue> m_queue;
    AllocationLimits m_limits;
};

} // namespace clw::engine
