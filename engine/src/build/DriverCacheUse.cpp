#include "clw/engine/build/DriverCacheUse.h"

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
    // No driver is known to answer a warm build from a new process faster than the engine's
    // binary does. NVIDIA's driver keeps every program it compiles in the CUDA compute cache, and
    // within one process a repeated build it answers takes 1.5 to 2.5 ms on an H100 (driver 580);
    // but a new process pays about 5.8 ms for that hit, against 3.2 to 3.4 ms for its own
    // clCreateProgramWithBinary + clBuildProgram and 3.0 to 3.7 ms for the engine's binary
    // (bench/results/clw_bench_build-h100.txt). PoCL's kernel cache is slower still (tens of ms).
    // CLW_DRIVER_CACHE=driver leaves warm builds to the driver anyway.
    (void)platformName;
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
