#include "clw/engine/memory/PooledSvm.h"

#include "clw/engine/runtime/QueueOrder.h"

#include <string>

namespace clw::engine {

std::optional<CommandQueue> PooledSvm::boundQueue() const {
    return m_lease ? m_lease->block().queue : std::nullopt;
}

void PooledSvm::bindToQueue(const CommandQueue& queue) {
    if (!m_lease)
        return;
    SvmBlock& block = m_lease->block();
    if (block.queue)
        orderAfter(*block.queue, queue);
    block.queue = queue;
}

void PooledSvm::unbindFromQueue() {
    if (!m_lease)
        return;
    SvmBlock& block = m_lease->block();
    if (block.queue)
        block.queue->finish();
    block.queue.reset();
}

Event PooledSvm::enqueueRelease(std::optional<CommandQueue> queue, CommandQueue::WaitList waitFor) {
    if (!m_lease)
        return {};
    if (!queue)
        queue = m_lease->block().queue;
    if (!queue)
        throw ClError(CL_INVALID_COMMAND_QUEUE, "PooledSvm",
                      "releasing " + std::to_string(size()) +
                          " bytes of pooled SVM on a queue: none was given and the block is "
                          "not bound to one");
    bindToQueue(*queue);
    // The block's return is marked on the queue behind this barrier, so its next user waits for
    // `waitFor` too.
    Event released = queue->barrier(waitFor);
    release();
    return released;
}

} // namespace clw::engine
