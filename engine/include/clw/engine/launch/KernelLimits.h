#pragma once
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Kernel.h"

#include <algorithm>
#include <array>
#include <vector>

namespace clw::engine {

// What a device and a kernel allow for a launch, read once (clGetDeviceInfo and
// clGetKernelWorkGroupInfo) so that validating a launch makes no call.
struct KernelLimits {
    cl_uint maxDimensions = 3;
    std::vector<size_t> maxWorkItemSizes;
    size_t deviceMaxWorkGroupSize = 0;
    size_t kernelMaxWorkGroupSize = 0;
    size_t preferredMultiple = 1;
    std::array<size_t, 3> compileWorkGroupSize{0, 0, 0};
    cl_ulong kernelLocalMemory = 0; // static __local use of the kernel
    cl_ulong deviceLocalMemory = 0;
    bool nonUniformWorkGroups = false;

    static KernelLimits of(const Kernel& kernel, const Device& device);
    // The largest work-group the kernel can run with on the device.
    size_t maxWorkGroupSize() const {
        return kernelMaxWorkGroupSize ? std::min(kernelMaxWorkGroupSize, deviceMaxWorkGroupSize)
                                      : deviceMaxWorkGroupSize;
    }
};

} // namespace clw::engine
