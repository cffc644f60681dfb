#include "clw/engine/build/SimulatorBuildOptions.h"

#include "clw/engine/runtime/DeviceChoice.h"
#include "clw/engine/runtime/Platform.h"

namespace clw::engine {

std::string simulatorBuildOptions(const std::vector<Device>& devices) {
    if (devices.empty() || !isSimulatorPlatform(devices.front().platform().name()))
        return {};
    // No spaces inside: drivers split the options at spaces.
    return "-D__builtin_assume(condition)=((void)0)";
}

} // namespace clw::engine
