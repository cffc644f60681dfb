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
    // False: built, or answered by the cache, but not stored in it. Live mode builds the text as
    // it is typed: no keystroke's program is worth keeping, and storing one costs a second
    // compile on PoCL (BuildService::copyForTheCache) beside the launch that follows.
    bool store = true;
};

} // namespace clw::engine
