#pragma once
#include "clw/engine/memory/BlockHome.h"
#include "clw/engine/memory/SvmBlock.h"

#include <memory>
#include <optional>

namespace clw::engine {

// A block of shared virtual memory from an SvmPool: returns itself to the pool when its last
// copy goes. Pass data() where an SVM pointer goes (Kernel::setArg takes it directly).
//
// The block is bound to the pool's queue: commands there run after the previous user's work,
// and its return to the pool is marked there. Using it on another queue, bind it there first
// (the seeds' PooledSVM.bind_to_queue). Copies share one binding; bind from one thread at a time.
// The host reading or writing fine-grain memory directly must first wait for the bound queue's
// work (a marker's wait() or finish()), as for any SVM.
class PooledSvm {
public:
    using Lease = PoolLease<SvmBlock>;

    PooledSvm() = default;
    explicit PooledSvm(std::shared_ptr<Lease> lease)
        : m_lease(std::move(lease)) {}

    void* data() const noexcept { return m_lease ? m_lease->block().data : nullptr; }
    template <class T>
    T* as() const noexcept {
        return static_cast<T*>(data());
    }
    // The block's size (rounded up to its bin) and what was asked.
    size_t size() const noexcept { return m_lease ? m_lease->block().size : 0; }
    size_t requestedSize() const noexcept { return m_lease ? m_lease->requested() : 0; }
    // The pool's claim on the block: the block stays out of the pool while any copy lives.
    const std::shared_ptr<Lease>& lease() const noexcept { return m_lease; }
    explicit operator bool() const noexcept { return data() != nullptr; }
    void release() noexcept { m_lease.reset(); }

    // The queue the block's work is on; empty when unbound.
    std::optional<CommandQueue> boundQueue() const;
    // From now on the block's work is on `queue`: commands there wait (by a barrier, not the host)
    // for what is already enqueued on the queue it was bound to, and its return to the pool is
    // marked on `queue`.
    void bindToQueue(const CommandQueue& queue);
    // Finishes the bound queue, so no work there still uses the block; it then goes back to the
    // pool with no marker.
    void unbindFromQueue();
    // The seeds' enqueue_release: lets go of this handle once `waitFor` and the work already on
    // `queue` (by default the bound one) completed; the block's next user waits for that. Returns
    // the event of that point. Throws ClError with CL_INVALID_COMMAND_QUEUE when there is no
    // queue, and keeps the handle when nothing could be enqueued.
    Event enqueueRelease(std::optional<CommandQueue> queue = std::nullopt,
                         CommandQueue::WaitList waitFor = {});

    friend bool operator==(const PooledSvm& a, const PooledSvm& b) { return a.data() == b.data(); }

private:
    std::shared_ptr<Lease> m_lease;
};

} // namespace clw::engine
