#pragma once
#include "clw/engine/runtime/Context.h"

#include <cstdint>
#include <string>

namespace clw::engine {

// What the devices of a context allow, read once when an allocator is made.
struct AllocationLimits {
    std::uint64_t maxAllocation = UINT64_MAX; // smallest CL_DEVICE_MAX_MEM_ALLOC_SIZE
    std::uint64_t globalMemory = UINT64_MAX;  // smallest CL_DEVICE_GLOBAL_MEM_SIZE
    std::string description; // "device 'X': max single allocation 1 GiB, global memory 4 GiB"

    static AllocationLimits of(const Context& context);
};

} // namespace clw::engine
