#pragma once
#include <cstdint>

namespace clw::engine {

// A memory pool's counters as one value, for tests, benchmarks and the GUI's memory view.
struct PoolStats {
    std::uint64_t heldBlocks = 0; // returned blocks kept for reuse
    std::uint64_t heldBytes = 0;
    std::uint64_t activeBlocks = 0;         // blocks the application holds
    std::uint64_t activeBytes = 0;          // bytes the application asked for (before rounding)
    std::uint64_t activeAllocatedBytes = 0; // what those blocks really have
    std::uint64_t hits = 0;                 // requests served from held blocks
    std::uint64_t misses = 0;               // requests that went to the allocator
    std::uint64_t outOfMemoryRetries = 0;   // allocations tried again after freeing a held block

    std::uint64_t managedBytes() const { return heldBytes + activeAllocatedBytes; }
    // Rounding padding of the active blocks, as a fraction of what was asked (0.0625 = 6.25 %).
    double paddingRatio() const {
        return activeBytes ? double(activeAllocatedBytes - activeBytes) / double(activeBytes) : 0.0;
    }
};

} // namespace clw::engine
