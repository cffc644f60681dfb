#include "clw/engine/DriverCacheUse.h"

#include <cstdlib>

namespace clw::engine {

namespace {

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

} // namespace

DriverCacheUse driverCacheUseFromEnvironment() {
    const std::string value = environment("CLW_DRIVER_CACHE");
    if (value == "driver" || value == "1")
        return DriverCacheUse::Always;
    if (value == "engine" || value == "0")
        return DriverCacheUse::Never;
    return DriverCacheUse::Auto;
}

DriverCacheUse resolvedDriverCacheUse(DriverCacheUse use) {
    return use == DriverCacheUse::Auto ? driverCacheUseFromEnvironment() : use;
}

std::string driverCacheReason(std::string_view platformName) {
    // NVIDIA's OpenCL driver keeps every program it compiles in the CUDA compute cache and answers
    // a later build of the same source and options from it. On an H100 with driver 580
    // (bench/results/clw_bench_build-h100.txt, four runs) a build it answered took 1.5 to 2.5 ms,
    // its own clCreateProgramWithBinary + clBuildProgram in a new process 2.5 to 3.7 ms: no cache
    // of binaries can beat it there. CUDA_CACHE_DISABLE=1 turns that cache off.
    if (platformName == "NVIDIA CUDA") {
        if (environment("CUDA_CACHE_DISABLE") == "1")
            return {};
        return "NVIDIA's OpenCL driver keeps the programs it compiles in its own cache "
               "(~/.nv/ComputeCache, or CUDA_CACHE_PATH) and answers a source build from it "
               "faster than it loads a program binary";
    }
    // PoCL keeps a kernel cache too, but a build it answers (tens of milliseconds: it still
    // preprocesses and hashes the source and reads the cached files back) is slower than it loads
    // a binary (about 2 ms): the engine's binary answers there. Other drivers are not known to.
    return {};
}

bool leavesWarmBuildsToDriver(DriverCacheUse use, std::string_view platformName) {
    switch (resolvedDriverCacheUse(use)) {
    case DriverCacheUse::Always:
        return true;
    case DriverCacheUse::Never:
        return false;
    case DriverCacheUse::Auto:
        break;
    }
    return !driverCacheReason(platformName).empty();
}

std::string warmBuildAnswer(const std::vector<std::pair<std::string, std::string>>& keyFields,
                            DriverCacheUse use) {
    std::string platform;
    for (const auto& [name, value] : keyFields)
        if (name == "platform.name")
            platform = value;
    if (!leavesWarmBuildsToDriver(use, platform))
        return "this entry's binary";
    const std::string why = driverCacheReason(platform);
    return "the driver's own cache: " +
           (why.empty() ? std::string("CLW_DRIVER_CACHE=driver (or the workbench's setting) "
                                      "leaves warm builds to the driver")
                        : why) +
           "; this entry records that the program was built here (CLW_DRIVER_CACHE=engine loads "
           "its binary instead)";
}

} // namespace clw::engine
