#include "ClSymbolLookup.h"

#include "clw/engine/runtime/EnvironmentPath.h"

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <cstdlib>
#include <filesystem>

namespace clw::engine {

namespace {

struct OpenedLibrary {
    HMODULE handle = nullptr;
    std::string problem; // openClLibraryProblem()
};

// OpenCL.dll, the ICD loader, by LoadLibraryExW's LOAD_LIBRARY_SEARCH_* flags, which search only
// the folders named: never the current folder or PATH, where anyone could have put a DLL of that
// name. System32 first: GPU drivers install the loader there and keep it as new as they need; the
// Khronos loader that the workbench's installer puts beside the executable serves a machine with
// no driver's loader. The one beside the executable takes its own dependencies from there and
// System32. Never freed: OpenCL objects live until the end.
// CLW_OPENCL_LIBRARY names another loader (one outside System32, as the CI's Windows job has) by
// absolute path; its dependencies come from its own folder and System32.
OpenedLibrary openClLibrary() {
    if (const char* chosen = std::getenv("CLW_OPENCL_LIBRARY"); chosen && *chosen) {
        if (std::string problem = relativePathProblem("CLW_OPENCL_LIBRARY", chosen);
            !problem.empty())
            return {nullptr, std::move(problem)};
        // LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR needs a fully qualified path, with backslashes.
        const std::filesystem::path path = std::filesystem::path(chosen).make_preferred();
        if (HMODULE library =
                LoadLibraryExW(path.c_str(), nullptr,
                               LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_SYSTEM32))
            return {library, {}};
        const DWORD error = GetLastError();
        return {nullptr, "CLW_OPENCL_LIBRARY names " + std::string(chosen) +
                             ", which did not load (Windows error " + std::to_string(error) + ")"};
    }
    if (HMODULE library = LoadLibraryExW(L"OpenCL.dll", nullptr, LOAD_LIBRARY_SEARCH_SYSTEM32))
        return {library, {}};
    return {LoadLibraryExW(L"OpenCL.dll", nullptr,
                           LOAD_LIBRARY_SEARCH_APPLICATION_DIR | LOAD_LIBRARY_SEARCH_SYSTEM32),
            {}};
}

const OpenedLibrary& library() {
    static const OpenedLibrary opened = openClLibrary();
    return opened;
}

} // namespace

void* lookUpClSymbol(const char* name) {
    const HMODULE handle = library().handle;
    return handle ? reinterpret_cast<void*>(GetProcAddress(handle, name)) : nullptr;
}

bool openClLibraryLoaded() {
    return library().handle != nullptr;
}

const std::string& openClLibraryProblem() {
    return library().problem;
}

} // namespace clw::engine
