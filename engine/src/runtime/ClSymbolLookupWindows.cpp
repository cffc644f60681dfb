#include "ClSymbolLookup.h"

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

namespace clw::engine {

void* lookUpClSymbol(const char* name) {
    // The engine links OpenCL.lib, so OpenCL.dll (the ICD loader) is loaded before any engine
    // code runs; the address of a function taken in the engine would be an import thunk, not
    // the DLL, hence the module by name.
    static const HMODULE library = GetModuleHandleW(L"OpenCL.dll");
    if (!library)
        return nullptr;
    return reinterpret_cast<void*>(GetProcAddress(library, name));
}

} // namespace clw::engine
