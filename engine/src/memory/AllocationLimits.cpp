#include "clw/engine/memory/AllocationLimits.h"

#include "clw/engine/runtime/InfoValue.h"

#include <algorithm>

namespace clw::engine {

AllocationLimits AllocationLimits::of(const Context& context) {
    AllocationLimits limits;
    for (const Device& device : context.devices()) {
        const std::uint64_t maxAlloc = device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
        const std::uint64_t global = device.info<CL_DEVICE_GLOBAL_MEM_SIZE>();
        limits.maxAllocation = std::min(limits.maxAllocation, maxAlloc);
        limits.globalMemory = std::min(limits.globalMemory, global);
        if (!limits.description.empty())
            limits.description += "; ";
        limits.description += "device '" + device.name() + "': max single allocation " +
                              humanBytes(maxAlloc) + ", global memory " + humanBytes(global);
    }
    return limits;
}

} // namespace clw::engine
