#pragma once
// What the characterization functions (Characterization.h) look at, as plain values. Read from a
// device with DeviceFacts::read, or filled by hand: tests and "what if" questions (an NVIDIA GPU
// of compute capability 2.0) need no such device.
#include "clw/engine/runtime/ClHeaders.h"

#include <optional>
#include <string>
#include <utility>

namespace clw::engine {

class Device;

struct DeviceFacts {
    std::string name;
    std::string vendor;          // CL_DEVICE_VENDOR
    std::string platformName;    // CL_PLATFORM_NAME
    std::string platformVendor;  // CL_PLATFORM_VENDOR
    std::string platformVersion; // CL_PLATFORM_VERSION ("OpenCL 3.0 PoCL 3.1 ...")
    cl_device_type type = CL_DEVICE_TYPE_GPU;
    std::string extensions; // CL_DEVICE_EXTENSIONS, space-separated
    cl_device_local_mem_type localMemType = CL_LOCAL;
    cl_ulong localMemSize = 0;
    cl_device_svm_capabilities svmCapabilities = 0;
    cl_version platformNumericVersion = 0;
    // cl_nv_device_attribute_query; empty on other devices.
    std::optional<cl_uint> warpSizeNv;
    std::optional<std::pair<cl_uint, cl_uint>> computeCapabilityNv;
    // CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE of a trivial kernel (PyOpenCL's
    // reasonable_work_group_size_multiple); empty unless probe kernels were built.
    std::optional<size_t> kernelPreferredWorkGroupMultiple;
    // Whether a struct argument counts as several arguments (PoCL 0.14 and older); empty unless
    // probed, which read() does only for PoCL 0.14.
    std::optional<bool> structArgCountBugSeen;
    // Why the probe kernels could not be built (the driver's error or build log); empty when they
    // were built or not asked for.
    std::string probeError;

    // Reads the device. buildProbes also builds the small kernels some facts need (about 0.1 s on
    // PoCL); a build that fails leaves those facts empty rather than throwing. Throws ClError
    // when the device does not answer the basic queries.
    static DeviceFacts read(const Device& device, bool buildProbes = true);

    bool hasExtension(const std::string& extension) const;
};

} // namespace clw::engine
