#pragma once
#include "clw/engine/build/SourceSet.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Device.h"

#include <string>
#include <vector>

namespace clw::engine {

// One build for the BuildService: what to compile, with which options, for which devices.
struct BuildRequest {
    Context context;
    std::vector<Device> devices; // all of the context's devices when empty
    SourceSet sources;
    std::string options; // CLW_BUILD_OPTIONS from the environment is appended
    // A newer request with the same non-empty tag replaces this one while it is still queued
    // (build-as-you-type sends many).
    std::string tag;
};

} // namespace clw::engine
