#pragma once
#include "clw/engine/Event.h"

#include <cstddef>

namespace clw::engine {

// A raw block of shared virtual memory as an SvmAllocator hands it out. `lastUse` is the marker
// enqueued when the block came back to a pool, so the next user of the block can wait for the
// previous user's work.
struct SvmBlock {
    void* data = nullptr;
    size_t size = 0;
    Event lastUse;
};

} // namespace clw::engine
