#pragma once
// The platform info table (see DeviceInfo.h for the row format).
#include "clw/engine/runtime/InfoParam.h"

#include <string>
#include <vector>

namespace clw::engine {

#define CLW_PLATFORM_INFO(X)                                                                       \
    X(CL_PLATFORM_NAME, std::string, Text, "")                                                     \
    X(CL_PLATFORM_VENDOR, std::string, Text, "")                                                   \
    X(CL_PLATFORM_VERSION, std::string, Text, "")                                                  \
    X(CL_PLATFORM_NUMERIC_VERSION, cl_version, Version, "")                                        \
    X(CL_PLATFORM_PROFILE, std::string, Text, "")                                                  \
    X(CL_PLATFORM_EXTENSIONS, std::string, Text, "")                                               \
    X(CL_PLATFORM_EXTENSIONS_WITH_VERSION, std::vector<cl_name_version>, NameVersions, "")         \
    X(CL_PLATFORM_HOST_TIMER_RESOLUTION, cl_ulong, ULong, "ns")                                    \
    X(CL_PLATFORM_ICD_SUFFIX_KHR, std::string, Text, "")                                           \
    X(CL_PLATFORM_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR, std::vector<cl_uint>, UIntList, "")     \
    X(CL_PLATFORM_SEMAPHORE_TYPES_KHR, std::vector<cl_uint>, UIntList, "")                         \
    X(CL_PLATFORM_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR, std::vector<cl_uint>, UIntList, "")           \
    X(CL_PLATFORM_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, std::vector<cl_uint>, UIntList, "")

template <cl_platform_info P>
struct PlatformInfo;

#define CLW_PLATFORM_INFO_TRAIT(P, T, K, U)                                                        \
    template <>                                                                                    \
    struct PlatformInfo<P> {                                                                       \
        using type = T;                                                                            \
        static constexpr const char* kName = #P;                                                   \
    };
CLW_PLATFORM_INFO(CLW_PLATFORM_INFO_TRAIT)
#undef CLW_PLATFORM_INFO_TRAIT

inline constexpr InfoParam kPlatformInfoParams[] = {CLW_PLATFORM_INFO(CLW_INFO_ROW)};

} // namespace clw::engine
