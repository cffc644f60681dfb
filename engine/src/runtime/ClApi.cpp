#include "clw/engine/runtime/ClApi.h"

#include "MissingClEntry.h"

namespace clw::engine {

namespace {

// ocl-icd 2.3 does not export clGetICDLoaderInfoOCLICD: clGetExtensionFunctionAddress is how
// clinfo reaches it. A loader that exported it would be asked first.
IcdLoaderInfoFn resolveIcdLoaderInfo() {
    constexpr const char* kName = "clGetICDLoaderInfoOCLICD";
    void* symbol = lookUpClSymbol(kName);
    using ExtensionLookup = decltype(&::clGetExtensionFunctionAddress);
    if (!symbol) {
        if (void* lookup = lookUpClSymbol("clGetExtensionFunctionAddress"))
            symbol = reinterpret_cast<ExtensionLookup>(lookup)(kName);
    }
    return reinterpret_cast<IcdLoaderInfoFn>(symbol);
}

// Where no OpenCL library could be loaded, listing platforms finds none, as the ICD loader says
// when it has no vendor: every caller then says "no OpenCL device", with what to install. Where
// CLW_OPENCL_LIBRARY named the library, Platform::all() says why it is not loaded instead.
cl_int CL_API_CALL noPlatforms(cl_uint, cl_platform_id*, cl_uint* count) {
    if (count)
        *count = 0;
    return CL_PLATFORM_NOT_FOUND_KHR;
}

// Every entry point, looked up once in the OpenCL library loaded at first use (ClSymbolLookup):
// the engine names none of them at link time, so a process that never calls OpenCL never loads
// the library or a driver (DESIGN.md §2a: the workbench's GUI process), and the engine runs with
// an OpenCL library that lacks the entry points newer than 1.2 (a stub stands in for each).
struct ResolvedEntries {
#define CLW_CL_RESOLVE(name) decltype(&::name) name = resolveClEntry<decltype(&::name)>(#name);
    CLW_CL_FUNCTIONS(CLW_CL_RESOLVE)
#undef CLW_CL_RESOLVE
    IcdLoaderInfoFn icdLoaderInfo = resolveIcdLoaderInfo();
};

const ResolvedEntries& resolvedEntries() {
    static const ResolvedEntries entries;
    return entries;
}

} // namespace

ClApi::ClApi() {
    const ResolvedEntries& resolved = resolvedEntries();
#define CLW_CL_COPY(name) name = resolved.name;
    CLW_CL_FUNCTIONS(CLW_CL_COPY)
#undef CLW_CL_COPY
    clGetICDLoaderInfoOCLICD = resolved.icdLoaderInfo;
    if (!openClLibraryLoaded())
        clGetPlatformIDs = &noPlatforms;
}

ClApi& clApi() {
    static ClApi api;
    return api;
}

const char* missingClFunctionVersion(std::string_view function) {
    const ClApi& api = clApi();
#define CLW_CL_MISSING(name, version)                                                              \
    if (function == #name)                                                                         \
        return api.name == missingClEntry<decltype(&::name)>() ? version : nullptr;
#define CLW_CL_MISSING_2_0(name) CLW_CL_MISSING(name, "2.0")
#define CLW_CL_MISSING_2_1(name) CLW_CL_MISSING(name, "2.1")
#define CLW_CL_MISSING_2_2(name) CLW_CL_MISSING(name, "2.2")
#define CLW_CL_MISSING_3_0(name) CLW_CL_MISSING(name, "3.0")
    CLW_CL_FUNCTIONS_2_0(CLW_CL_MISSING_2_0)
    CLW_CL_FUNCTIONS_2_1(CLW_CL_MISSING_2_1)
    CLW_CL_FUNCTIONS_2_2(CLW_CL_MISSING_2_2)
    CLW_CL_FUNCTIONS_3_0(CLW_CL_MISSING_3_0)
#undef CLW_CL_MISSING_3_0
#undef CLW_CL_MISSING_2_2
#undef CLW_CL_MISSING_2_1
#undef CLW_CL_MISSING_2_0
#undef CLW_CL_MISSING
    return nullptr; // OpenCL 1.2 and before: every OpenCL library has them
}

std::vector<std::string> missingClFunctions() {
    std::vector<std::string> names;
#define CLW_CL_LIST(name)                                                                          \
    if (missingClFunctionVersion(#name))                                                           \
        names.emplace_back(#name);
    CLW_CL_FUNCTIONS_LATER(CLW_CL_LIST)
#undef CLW_CL_LIST
    return names;
}

} // namespace clw::engine
