#pragma once
// The fixed files of a reproducer folder (ReproducerWriter.h). They take everything launch-
// specific from launch.json and the .npy files at run time, so a person can edit the geometry,
// the options or the data there and both runners follow.
#include <string>

namespace clw::engine::reproducer {

std::string runPy();      // PyOpenCL + NumPy
std::string cmakeLists(); // builds main.cpp as `reproduce`
// main.cpp (C++17, the plain OpenCL C API), in two halves to keep each source file short.
std::string mainCppSupport();
std::string mainCppLaunch();
inline std::string mainCpp() {
    return mainCppSupport() + mainCppLaunch();
}

} // namespace clw::engine::reproducer
