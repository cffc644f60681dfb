#include "ClSymbolLookup.h"

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <cstdlib>

namespace clw::engine {

namespace {

// OpenCL.dll, the ICD loader (beside the workbench or in the system folder); CLW_OPENCL_LIBRARY
// names another.
HMODULE openClLibrary() {
    if (const char* chosen = std::getenv("CLW_OPENCL_LIBRARY"); chosen && *chosen)
        return LoadLibraryA(chosen);
    return LoadLibraryW(L"OpenCL.dll"); // never freed: OpenCL objects live until the end
}

HMODULE library() {
    static const HMODULE opened = openClLibrary();
    return opened;
}

} // namespace

void* lookUpClSymbol(const char* name) {
    const HMODULE handle = library();
    return handle ? reinterpret_cast<void*>(GetProcAddress(handle, name)) : nullptr;
}

bool openClLibraryLoaded() {
    return library() != nullptr;
}

} // namespace clw::engine
