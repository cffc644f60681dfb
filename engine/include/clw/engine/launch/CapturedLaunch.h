#pragma once
// Everything a launch used, as values that outlive the OpenCL objects: sources, options, kernel,
// geometry and arguments with their data. LaunchCapture.h makes one; writeReproducer() saves it.
#include "clw/engine/build/SourceSet.h"
#include "clw/engine/launch/CapturedArgument.h"
#include "clw/engine/runtime/NDRange.h"

#include <string>
#include <vector>

namespace clw::engine {

struct CapturedLaunch {
    // The main file and every header it includes, by the name `#include` spells; headers found
    // only in include directories are copied in, so includeDirs is empty.
    SourceSet sources;
    std::string options; // as the program was built, without the engine's own -I folders
    std::string kernelName;
    NDRange global; // as launched: after g_times_l
    NDRange local;  // dimensions() == 0: the driver chose
    NDRange offset; // dimensions() == 0: none
    std::string deviceName;
    std::string platformName;
    std::vector<CapturedArgument> arguments; // by index
};

} // namespace clw::engine
