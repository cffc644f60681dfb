#pragma once
// The info table of clGetKernelSubGroupInfo (OpenCL 2.1; the seeds' get_sub_group_info). Rows
// as in ObjectInfo.h, with one more column: what the query takes as input. Kernel's
// subGroupInfo<P>() takes that type, so a query given the wrong input does not compile.
#include "clw/engine/runtime/InfoParam.h"
#include "clw/engine/runtime/NDRange.h"

#include <cstddef>

namespace clw::engine {

// The input of a sub-group query that takes none.
struct NoSubGroupInput {};

// X(param, result type, kind, unit, input type). A local size goes in as an NDRange of 1 to 3
// dimensions; CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT takes a sub-group count and gives a local
// size (all zeros when none gives exactly that count).
#define CLW_KERNEL_SUB_GROUP_INFO(X)                                                               \
    X(CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, size_t, Size, "", NDRange)                         \
    X(CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, size_t, Size, "", NDRange)                            \
    X(CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, NDRange, SizeList, "", size_t)                     \
    X(CL_KERNEL_MAX_NUM_SUB_GROUPS, size_t, Size, "", NoSubGroupInput)                             \
    X(CL_KERNEL_COMPILE_NUM_SUB_GROUPS, size_t, Size, "", NoSubGroupInput)

template <cl_kernel_sub_group_info P>
struct KernelSubGroupInfo;

#define CLW_SUB_GROUP_INFO_TRAIT(P, T, K, U, I)                                                    \
    template <>                                                                                    \
    struct KernelSubGroupInfo<P> {                                                                 \
        using type = T;                                                                            \
        using input = I;                                                                           \
        static constexpr const char* kName = #P;                                                   \
    };
CLW_KERNEL_SUB_GROUP_INFO(CLW_SUB_GROUP_INFO_TRAIT)
#undef CLW_SUB_GROUP_INFO_TRAIT

#define CLW_SUB_GROUP_INFO_ROW(P, T, K, U, I) CLW_INFO_ROW(P, T, K, U)
inline constexpr InfoParam kKernelSubGroupInfoParams[] = {
    CLW_KERNEL_SUB_GROUP_INFO(CLW_SUB_GROUP_INFO_ROW)};
#undef CLW_SUB_GROUP_INFO_ROW

} // namespace clw::engine
