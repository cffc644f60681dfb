#pragma once
// Finds an OpenCL entry point in the OpenCL library the engine is linked against, at run time.
// What differs by system sits in one file each: ClSymbolLookupPosix.cpp (dlsym, Linux and macOS)
// and ClSymbolLookupWindows.cpp (GetProcAddress on OpenCL.dll); engine/CMakeLists.txt picks one.

namespace clw::engine {

// The address of the exported function `name`, or nullptr when the library has none.
void* lookUpClSymbol(const char* name);

} // namespace clw::engine
