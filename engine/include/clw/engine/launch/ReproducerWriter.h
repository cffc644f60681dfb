#pragma once
// Writes a captured launch (LaunchCapture.h) as a folder that reproduces it outside the
// workbench:
//   kernel.cl and its headers (by the names `#include` spells),
//   launch.json  {"format": "clworkbench.reproducer", "version": 1, ...}: kernel, options,
//                geometry, device and one entry per argument,
//   argN_<name>.npy and argN_<name>_expected.npy: each buffer and image before and after,
//   run.py       PyOpenCL + NumPy,
//   main.cpp + CMakeLists.txt: C++17 with the plain OpenCL C API, nothing else,
//   README.md    how to run both.
// Both runners read launch.json and the .npy files, pick a device (a substring of platform or
// device name in argv[1] or $CLW_DEVICE, else the first), run the launch, compare what it wrote
// with the expected files (integers exactly; floats within launch.json's "tolerance": equal,
// both NaN, at most 4 ULPs apart, or a relative difference of at most 1e-5), print
// "reproduced: N arguments match" and exit 0, or name each argument that differs and exit 1;
// exit 2 when they cannot run the launch at all.
#include "clw/engine/launch/CapturedLaunch.h"

#include <filesystem>

namespace clw::engine {

// Creates `folder` (and its parents) and writes the files, each through a temporary file and a
// rename; files of an earlier export there are replaced. Throws std::runtime_error (NpyError for
// the arrays) naming the file that could not be written, and for a header name that would leave
// the folder ("../x.h", an absolute path).
void writeReproducer(const CapturedLaunch& launch, const std::filesystem::path& folder);

// launch.json's text.
std::string reproducerJson(const CapturedLaunch& launch);

} // namespace clw::engine
