#include "ClSymbolLookup.h"

#include <cstdlib>

#include <dlfcn.h>

namespace clw::engine {

namespace {

// The ICD loader by the names systems give it; CLW_OPENCL_LIBRARY names another (a test's, a
// vendor's own library on a system without a loader).
void* openClLibrary() {
    if (const char* chosen = std::getenv("CLW_OPENCL_LIBRARY"); chosen && *chosen)
        return dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
#ifdef __APPLE__
    const char* const names[] = {"/System/Library/Frameworks/OpenCL.framework/OpenCL"};
#else
    const char* const names[] = {"libOpenCL.so.1", "libOpenCL.so"};
#endif
    for (const char* name : names)
        if (void* library = dlopen(name, RTLD_NOW | RTLD_LOCAL))
            return library; // never closed: OpenCL objects live until the process ends
    return nullptr;
}

void* library() {
    static void* const opened = openClLibrary();
    return opened;
}

} // namespace

void* lookUpClSymbol(const char* name) {
    void* const handle = library();
    return handle ? dlsym(handle, name) : nullptr;
}

bool openClLibraryLoaded() {
    return library() != nullptr;
}

} // namespace clw::engine
