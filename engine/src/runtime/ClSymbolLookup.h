#pragma once
// Finds an OpenCL entry point at run time in the OpenCL library (the ICD loader), which is loaded
// on the first look-up: the engine does not link it, so that a process that makes no OpenCL call
// never maps it or a driver.
// What differs by system sits in one file each: ClSymbolLookupPosix.cpp (dlsym, Linux and macOS)
// and ClSymbolLookupWindows.cpp (GetProcAddress on OpenCL.dll); engine/CMakeLists.txt picks one.

namespace clw::engine {

// The address of the exported function `name`, or nullptr when the library has none or no
// OpenCL library could be loaded.
void* lookUpClSymbol(const char* name);
// Whether an OpenCL library was found and loaded (loads it on the first call).
bool openClLibraryLoaded();

} // namespace clw::engine
