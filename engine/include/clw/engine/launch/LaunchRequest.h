#pragma once
#include "clw/engine/launch/ArgumentValue.h"
#include "clw/engine/launch/LaunchGeometry.h"
#include "clw/engine/runtime/Event.h"
#include "clw/engine/runtime/Program.h"

#include <optional>
#include <string>
#include <vector>

namespace clw::engine {

// One launch for the LaunchService.
struct LaunchRequest {
    Program program;
    std::string kernelName;
    // The kernel's signature; read from the driver's arg info when absent.
    std::optional<KernelSignature> signature;
    std::vector<ArgumentValue> arguments;
    LaunchGeometry geometry;
    int repeat = 1; // "run N times": N launches, each timed
    std::vector<Event> waitFor;
};

} // namespace clw::engine
