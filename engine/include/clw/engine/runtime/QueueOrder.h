#pragma once
#include "clw/engine/runtime/CommandQueue.h"

namespace clw::engine {

// Makes commands enqueued on `later` from now on start only after every command already enqueued
// on `earlier`: a marker on `earlier` and a barrier on `later` that waits for it. Neither queue
// blocks the host. Nothing is enqueued when both are the same queue, which keeps its own order.
// Returns the barrier's event (empty when nothing was enqueued).
Event orderAfter(const CommandQueue& earlier, const CommandQueue& later);

} // namespace clw::engine
