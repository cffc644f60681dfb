#include "ClSymbolLookup.h"

#include "clw/engine/runtime/EnvironmentPath.h"

#include <cstdlib>

#include <dlfcn.h>

namespace clw::engine {

namespace {

struct OpenedLibrary {
    void* handle = nullptr;
    std::string problem; // openClLibraryProblem()
};

// The ICD loader by the names systems give it: a bare soname is looked up by the dynamic linker
// in the system's folders (and LD_LIBRARY_PATH), never in the current folder. CLW_OPENCL_LIBRARY
// names another (a test's, a vendor's own library on a system without a loader) by absolute path:
// a relative one with a slash would be opened from the current folder.
OpenedLibrary openClLibrary() {
    if (const char* chosen = std::getenv("CLW_OPENCL_LIBRARY"); chosen && *chosen) {
        if (std::string problem = relativePathProblem("CLW_OPENCL_LIBRARY", chosen);
            !problem.empty())
            return {nullptr, std::move(problem)};
        if (void* library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL))
            return {library, {}};
        const char* why = dlerror();
        return {nullptr, "CLW_OPENCL_LIBRARY names " + std::string(chosen) +
                             ", which did not load: " + (why ? why : "no reason given")};
    }
#ifdef __APPLE__
    const char* const names[] = {"/System/Library/Frameworks/OpenCL.framework/OpenCL"};
#else
    const char* const names[] = {"libOpenCL.so.1", "libOpenCL.so"};
#endif
    for (const char* name : names)
        if (void* library = dlopen(name, RTLD_NOW | RTLD_LOCAL))
            return {library, {}}; // never closed: OpenCL objects live until the process ends
    return {};
}

const OpenedLibrary& library() {
    static const OpenedLibrary opened = openClLibrary();
    return opened;
}

} // namespace

void* lookUpClSymbol(const char* name) {
    void* const handle = library().handle;
    return handle ? dlsym(handle, name) : nullptr;
}

bool openClLibraryLoaded() {
    return library().handle != nullptr;
}

const std::string& openClLibraryProblem() {
    return library().problem;
}

} // namespace clw::engine
