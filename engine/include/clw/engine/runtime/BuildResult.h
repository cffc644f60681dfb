#pragma once
#include "clw/engine/runtime/Device.h"

#include <string>
#include <vector>

namespace clw::engine {

// One device's outcome of a build, compile or link.
struct DeviceBuild {
    Device device;
    cl_build_status status = CL_BUILD_NONE;
    std::string log;
    cl_program_binary_type binaryType = CL_PROGRAM_BINARY_TYPE_NONE;
};

// A build is a value, not an exception: a kernel that does not compile is a normal outcome
// (DESIGN.md §4). code is what the C call returned.
struct BuildResult {
    cl_int code = CL_SUCCESS;
    std::string function; // clBuildProgram, clCompileProgram or clLinkProgram
    std::string options;
    std::vector<DeviceBuild> devices;

    bool ok() const { return code == CL_SUCCESS; }
    // Every device's log, each under a "device NAME:" line, for showing as one text.
    std::string combinedLog() const;
    // "building the program failed (CL_BUILD_PROGRAM_FAILURE, -11, from clBuildProgram)" and the
    // logs; empty when ok.
    std::string message() const;
};

} // namespace clw::engine
