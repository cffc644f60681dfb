#pragma once
// Who answers a warm build: the engine's binary cache or the driver's own (DESIGN.md §2, Binary
// cache). The engine's cache answers through clCreateProgramWithBinary, so it can never be faster
// than the driver loading a binary. Some drivers keep compiled programs in a cache of their own
// that answers a plain source build faster than that: for their devices the engine builds from
// source and lets the driver's cache answer. It still keeps its entry, which says that this
// program was built here before (so the build is counted as a cache answer and `cache list`
// shows it) and holds the binary to load should the driver's cache be turned off.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clw::engine {

enum class DriverCacheUse {
    Auto,   // the drivers known to answer faster (driverCacheReason), unless CLW_DRIVER_CACHE
            // says otherwise
    Never,  // the engine's binary answers every warm build
    Always, // every device's warm build is left to its driver (whether or not it caches)
};

// CLW_DRIVER_CACHE from the environment: "driver" or "1" is Always, "engine" or "0" is Never,
// anything else (or nothing) is Auto.
DriverCacheUse driverCacheUseFromEnvironment();

// Auto resolved by the environment: what `use` means in this process.
DriverCacheUse resolvedDriverCacheUse(DriverCacheUse use);

// Why the driver of the platform named `platformName` (CL_PLATFORM_NAME) is known to answer a
// source build from its own cache faster than it loads a program binary, or empty when it is not
// known to, or when its cache is turned off in this process.
std::string driverCacheReason(std::string_view platformName);

// Whether a warm build for a device of that platform is left to the driver's own cache.
bool leavesWarmBuildsToDriver(DriverCacheUse use, std::string_view platformName);

// For `cache list`: who answers a warm build of an entry with these key fields in this process,
// and why ("this entry's binary", or "the driver's own cache: ...").
std::string warmBuildAnswer(const std::vector<std::pair<std::string, std::string>>& keyFields,
                            DriverCacheUse use = DriverCacheUse::Auto);

} // namespace clw::engine
