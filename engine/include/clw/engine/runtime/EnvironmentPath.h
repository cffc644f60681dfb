#pragma once
// Libraries and programs that an environment variable names for the workbench to open, in place
// of its own or the system's (CLW_OPENCL_LIBRARY, CLW_OCLGRIND_ICD, CLW_OCLGRIND_CHECK_PLUGIN:
// developers' and tests' choices), must be given by absolute path. A relative one would be opened
// from the current folder of whichever process opens it, so that a file of that name planted in
// the folder the workbench was started from would run inside the workbench.
#include <string>
#include <string_view>

namespace clw::engine {

// Empty when `value` is an absolute path on this system (on Windows, with its drive or share:
// C:\tools\OpenCL.dll); else why it is refused, in words a person can act on:
//   "CLW_OPENCL_LIBRARY must be an absolute path, not 'lib/libOpenCL.so.1' (a relative one would
//    be looked up from the current folder)"
std::string relativePathProblem(std::string_view variable, std::string_view value);

} // namespace clw::engine
