#pragma once
// The image formats a device supports, per access flags and image type (clinfo's "supported image
// formats"), read through a context on the device.
#include "clw/engine/runtime/ClHeaders.h"

#include <string>
#include <vector>

namespace clw::engine {

class Device;

struct ImageFormatList {
    cl_mem_object_type imageType = 0;
    cl_mem_flags flags = 0;
    std::vector<cl_image_format> formats;
    // Why the formats could not be listed (the image type or flag needs a newer OpenCL, ...);
    // CL_SUCCESS otherwise.
    cl_int error = CL_SUCCESS;
    bool supported() const { return error == CL_SUCCESS; }
};

struct DeviceImageFormats {
    bool imageSupport = false; // CL_DEVICE_IMAGE_SUPPORT; lists is empty without it
    std::vector<ImageFormatList> lists;
};

// Every combination of READ_ONLY / WRITE_ONLY / READ_WRITE (and KERNEL_READ_AND_WRITE on
// OpenCL 2.0 and later) with the 1D, 1D buffer, 1D array, 2D, 2D array and 3D image types.
// Throws ClError only when no context can be created on the device.
DeviceImageFormats readImageFormats(const Device& device);

// "CL_MEM_OBJECT_IMAGE2D" and "CL_MEM_READ_ONLY".
std::string memObjectTypeName(cl_mem_object_type type);
std::string memAccessFlagName(cl_mem_flags flags);

} // namespace clw::engine
