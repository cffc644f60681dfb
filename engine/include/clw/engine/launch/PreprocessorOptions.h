#pragma once
// What a build's options say to the preprocessor: -D, -U, -I and -cl-std.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clw::engine {

struct PreprocessorOptions {
    // -D NAME (value "1") and -D NAME=VALUE, in order; a later one replaces an earlier one.
    std::vector<std::pair<std::string, std::string>> defines;
    std::vector<std::string> undefines;   // -U NAME, applied after every -D
    std::vector<std::string> includeDirs; // -I dir, searched before the source set's directories
    int openclCVersion = 300;             // __OPENCL_C_VERSION__: 120 for -cl-std=CL1.2
    bool fastRelaxedMath = false;         // -cl-fast-relaxed-math defines __FAST_RELAXED_MATH__

    // Reads a build options string as clBuildProgram gets it. Accepts "-DNAME", "-D NAME",
    // "-D NAME=VALUE", "-DNAME=\"a b\"" (quotes group words and are dropped, as a shell would),
    // "-Idir", "-I dir", "-UNAME", "-cl-std=CL2.0"; everything else is ignored.
    static PreprocessorOptions fromBuildOptions(std::string_view options);
};

} // namespace clw::engine
