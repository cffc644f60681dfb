#include "clw/engine/launch/KernelLimits.h"

namespace clw::engine {

KernelLimits KernelLimits::of(const Kernel& kernel, const Device& device) {
    KernelLimits limits;
    limits.maxDimensions = device.info<CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS>();
    limits.maxWorkItemSizes = device.info<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    limits.deviceMaxWorkGroupSize = device.info<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    limits.deviceLocalMemory = device.info<CL_DEVICE_LOCAL_MEM_SIZE>();
    // Non-uniform work-groups need the device (2.x always, 3.0 when it says so) and a program
    // compiled as OpenCL C 2.0 or later without -cl-uniform-work-group-size.
    bool deviceAllows =
        device.numericVersion() >= CL_MAKE_VERSION(3, 0, 0)
            ? device.tryInfo<CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT>().value_or(false)
            : device.numericVersion() >= CL_MAKE_VERSION(2, 0, 0);
    if (kernel) {
        const std::string options = kernel.program().buildInfo<CL_PROGRAM_BUILD_OPTIONS>(device);
        const bool modernC = options.find("-cl-std=CL2") != std::string::npos ||
                             options.find("-cl-std=CL3") != std::string::npos;
        limits.nonUniformWorkGroups =
            deviceAllows && modernC &&
            options.find("-cl-uniform-work-group-size") == std::string::npos;
        limits.kernelMaxWorkGroupSize = kernel.workGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
        limits.preferredMultiple =
            kernel.workGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(device);
        limits.kernelLocalMemory = kernel.workGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
        const std::vector<size_t> compiled =
            kernel.workGroupInfo<CL_KERNEL_COMPILE_WORK_GROUP_SIZE>(device);
        for (size_t i = 0; i < 3 && i < compiled.size(); ++i)
            limits.compileWorkGroupSize[i] = compiled[i];
    } else {
        limits.nonUniformWorkGroups = deviceAllows;
    }
    if (limits.preferredMultiple == 0)
        limits.preferredMultiple = 1;
    return limits;
}

} // namespace clw::engine
