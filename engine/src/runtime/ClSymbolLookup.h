#pragma once
// Finds an OpenCL entry point at run time in the OpenCL library (the ICD loader), which is loaded
// on the first look-up: the engine does not link it, so that a process that makes no OpenCL call
// never maps it or a driver.
// What differs by system sits in one file each: ClSymbolLookupPosix.cpp (dlsym, Linux and macOS)
// and ClSymbolLookupWindows.cpp (GetProcAddress on OpenCL.dll); engine/CMakeLists.txt picks one.
// Each opens the library only from the system's own places (the dynamic linker's search for
// libOpenCL.so.1, Apple's framework, Windows' System32) or, on Windows, the workbench's own
// folder; never from the current folder. CLW_OPENCL_LIBRARY names another library (a test's, a
// vendor's own where no loader is installed, a loader outside System32) by absolute path.
#include <string>

namespace clw::engine {

// The address of the exported function `name`, or nullptr when the library has none or no
// OpenCL library could be loaded.
void* lookUpClSymbol(const char* name);
// Whether an OpenCL library was found and loaded (loads it on the first call).
bool openClLibraryLoaded();
// Why the library that CLW_OPENCL_LIBRARY names is not loaded, in words a person can act on: a
// relative path (refused: EnvironmentPath.h), or a file that did not load and the system's
// reason. Empty when the variable is unset or its library loaded: a system with no OpenCL library
// lists no platform, and callers say "no OpenCL device" with what to install. Loads the library
// on the first call, as openClLibraryLoaded() does.
const std::string& openClLibraryProblem();

} // namespace clw::engine
