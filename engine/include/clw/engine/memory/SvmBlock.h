#pragma once
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Event.h"

#include <cstddef>
#include <optional>

namespace clw::engine {

// A raw block of shared virtual memory as an SvmAllocator hands it out.
struct SvmBlock {
    void* data = nullptr;
    size_t size = 0;
    // The queue whose work uses the block: its free, and the marker of its return to a pool, are
    // enqueued there. Empty: unbound, the block is freed at once.
    std::optional<CommandQueue> queue;
    // The marker enqueued on `queue` when the block came back to a pool: the next user's
    // commands wait for it, so the previous user's work finishes first.
    Event lastUse;
};

} // namespace clw::engine
