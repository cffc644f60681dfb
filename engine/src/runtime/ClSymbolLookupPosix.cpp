#include "ClSymbolLookup.h"

#include "clw/engine/ClHeaders.h"

#include <dlfcn.h>

namespace clw::engine {

namespace {

// The handle of the library that clGetPlatformIDs (linked directly) comes from: asking it rather
// than the global scope finds the OpenCL library's own function even where another loaded object
// defines one of the same name, or where the engine sits in a plugin loaded with RTLD_LOCAL.
void* openClLibrary() {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&::clGetPlatformIDs), &info) && info.dli_fname) {
        // RTLD_NOLOAD: only a reference to the library already loaded, never closed (it stays
        // loaded for the life of the process anyway, as the engine links it).
        if (void* handle = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD))
            return handle;
    }
    // The address did not lead to a library (a non-PIE executable's PLT slot): the global scope
    // holds the OpenCL library too.
    return RTLD_DEFAULT;
}

} // namespace

void* lookUpClSymbol(const char* name) {
    static void* const library = openClLibrary();
    return dlsym(library, name);
}

} // namespace clw::engine
