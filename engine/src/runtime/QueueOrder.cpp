#include "clw/engine/runtime/QueueOrder.h"

namespace clw::engine {

Event orderAfter(const CommandQueue& earlier, const CommandQueue& later) {
    if (earlier == later)
        return {};
    const Event marker = earlier.marker();
    return later.barrier({&marker, 1});
}

} // namespace clw::engine
