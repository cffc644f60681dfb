#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace clw::engine {

// One entry of the binary cache as `cache list` shows it.
struct CacheEntryInfo {
    std::string digest;
    std::filesystem::path path;
    std::uint64_t bytes = 0;
    std::int64_t lastUseSeconds = 0; // since the epoch: the file's modification time
    std::uint64_t hits = 0;
    std::vector<std::pair<std::string, std::string>> keyFields;
    std::vector<std::string> kernelNames; // the kernels of the program it was built from
    // Who answers a warm build of it in this process, and why (DriverCacheUse.h's
    // warmBuildAnswer): its binary, or the driver's own cache.
    std::string warmBuilds;
};

// The cache as a whole, and what this process saw of it.
struct CacheStats {
    std::uint64_t entries = 0;
    std::uint64_t bytes = 0;
    std::uint64_t limitBytes = 0;
    std::uint64_t hits = 0;      // this process
    std::uint64_t misses = 0;    // this process
    std::uint64_t discarded = 0; // corrupt, truncated, foreign or old-format entries removed
    std::uint64_t writeFailures = 0;
    std::uint64_t scans = 0; // this process: walks of the whole folder to size and evict it
    // All processes, since the folder was made or cleared:
    std::uint64_t rejectedBinaries = 0;   // cached binaries the driver could not take back
    std::uint64_t incompleteBinaries = 0; // binaries the driver gave out incomplete, not stored
};

} // namespace clw::engine
