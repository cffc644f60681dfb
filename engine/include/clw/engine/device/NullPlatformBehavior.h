#pragma once
// What the ICD loader does with a NULL platform, clinfo's "NULL platform behavior": the platform
// clGetPlatformInfo(NULL, ...) names, the devices clGetDeviceIDs(NULL, ...) lists, whether
// clCreateContext(NULL, ...) takes a device of the default (and of another) platform, and what
// clCreateContextFromType(NULL, type) picks for each device type. Some loaders answer with a
// default platform, some refuse: each outcome is a value, success with the names the loader
// picked or the CL error code it answered.
#include "clw/engine/runtime/ClHeaders.h"

#include <string>
#include <vector>

namespace clw::engine {

enum class NullPlatformCall {
    PlatformName,    // clGetPlatformInfo(NULL, CL_PLATFORM_NAME, ...)
    DeviceIds,       // clGetDeviceIDs(NULL, CL_DEVICE_TYPE_ALL, ...)
    DefaultContext,  // clCreateContext(NULL, ...) with the default platform's first device
    OtherContext,    // the same with a device of another platform (more than one platform)
    ContextFromType, // clCreateContextFromType(NULL, type)
};

struct NullPlatformOutcome {
    NullPlatformCall call = NullPlatformCall::PlatformName;
    cl_device_type deviceType = 0; // ContextFromType's type; 0 for the other calls
    std::string label;             // clinfo's: "clCreateContextFromType(NULL, CL_DEVICE_TYPE_GPU)"
    // False when the call was not made: a context needs a device, and the loader named no
    // default platform (CL_INVALID_PLATFORM) or one without devices (CL_DEVICE_NOT_FOUND).
    bool attempted = true;
    cl_int code = CL_SUCCESS;
    // The C function that answered `code`: the NULL-platform call itself, or the query after it
    // (clGetContextInfo for the context's devices, clGetDeviceInfo for their platform and names).
    std::string function;
    // The platform the loader picked (its name and CL_PLATFORM_ICD_SUFFIX_KHR, "POCL") and the
    // devices it gave; empty where it picked none.
    std::string platformName;
    std::string platformSuffix;
    std::vector<std::string> deviceNames;

    bool succeeded() const { return code == CL_SUCCESS; }
    // clinfo's words: "Portable Computing Language", "Success [POCL]", "Success (1)"; on failure
    // its words with the code's name, "No devices found in platform (CL_DEVICE_NOT_FOUND)", or
    // for a code clinfo has no words for, "Calling clGetContextInfo failed (CL_OUT_OF_HOST_MEMORY,
    // -6)".
    std::string text() const;
};

struct NullPlatformBehavior {
    // clinfo's order: platform name, device IDs, default context, other context (only with more
    // than one platform or no default one), then one per type: DEFAULT, CPU, GPU, ACCELERATOR,
    // CUSTOM, ALL.
    std::vector<NullPlatformOutcome> outcomes;
    // Why the platforms or their devices could not all be listed (the first ClError's text): a
    // platform that failed counts as one without devices when telling which one the loader
    // picked. Empty when they were listed.
    std::string listingError;

    // The outcome of a call (of a type, for ContextFromType); nullptr when it was not probed.
    const NullPlatformOutcome* find(NullPlatformCall call, cl_device_type type = 0) const;
};

// Makes the calls through clApi() and releases every context it got. Never throws for an OpenCL
// failure, nor crashes on one: every answer is an outcome. Calls OpenCL: a worker thread's job.
NullPlatformBehavior probeNullPlatformBehavior();

} // namespace clw::engine
