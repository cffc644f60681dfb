#include "clw/engine/ClApi.h"

#include "MissingClEntry.h"

namespace clw::engine {

namespace {

// The entry points newer than OpenCL 1.2, looked up once: naming them directly would make the
// engine fail to link (or to load) with an OpenCL library that lacks them.
// ocl-icd 2.3 does not export clGetICDLoaderInfoOCLICD: clGetExtensionFunctionAddress (OpenCL
// 1.0, linked) is how clinfo reaches it. A loader that exported it would be asked first.
IcdLoaderInfoFn resolveIcdLoaderInfo() {
    constexpr const char* kName = "clGetICDLoaderInfoOCLICD";
    void* symbol = lookUpClSymbol(kName);
    if (!symbol)
        symbol = ::clGetExtensionFunctionAddress(kName);
    return reinterpret_cast<IcdLoaderInfoFn>(symbol);
}

struct LaterEntries {
#define CLW_CL_RESOLVE(name) decltype(&::name) name = resolveClEntry<decltype(&::name)>(#name);
    CLW_CL_FUNCTIONS_LATER(CLW_CL_RESOLVE)
#undef CLW_CL_RESOLVE
    IcdLoaderInfoFn icdLoaderInfo = resolveIcdLoaderInfo();
};

const LaterEntries& laterEntries() {
    static const LaterEntries entries;
    return entries;
}

} // namespace

ClApi::ClApi() {
#define CLW_CL_LINK(name) name = &::name;
    CLW_CL_FUNCTIONS_1_2(CLW_CL_LINK)
#undef CLW_CL_LINK
    const LaterEntries& later = laterEntries();
#define CLW_CL_COPY(name) name = later.name;
    CLW_CL_FUNCTIONS_LATER(CLW_CL_COPY)
#undef CLW_CL_COPY
    clGetICDLoaderInfoOCLICD = later.icdLoaderInfo;
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
    return nullptr; // OpenCL 1.2 and before: linked, never missing
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
