#pragma once
// The fake device's limits, which several calls check against (clGetDeviceInfo answers them).
#include <CL/cl.h>

#include <cstddef>

namespace clw::fakecl {

inline constexpr size_t kMaxWorkGroupSize = 256;
inline constexpr size_t kMaxWorkItemSize = 256; // in each of the three dimensions
inline constexpr cl_uint kMaxWorkItemDimensions = 3;
inline constexpr cl_ulong kGlobalMemSize = cl_ulong(1) << 30;
inline constexpr cl_ulong kMaxMemAllocSize = cl_ulong(256) << 20;
inline constexpr cl_ulong kLocalMemSize = cl_ulong(32) << 10;
inline constexpr cl_uint kMemBaseAddrAlignBits = 1024; // sub-buffer origins: 128 bytes
inline constexpr size_t kMaxFillPatternSize = 128;     // a double16

} // namespace clw::fakecl
