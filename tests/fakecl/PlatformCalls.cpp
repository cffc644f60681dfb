// The platform and its one device: listing them, the platform's info, retain and release.
#include "FakeApi.h"
#include "FaultInjection.h"
#include "IcdObjects.h"
#include "InfoReply.h"

#include <cstring>

namespace clw::fakecl {

cl_platform_id thePlatform() {
    static _cl_platform_id platform{dispatchTable()};
    return &platform;
}

cl_device_id theDevice() {
    static _cl_device_id device{dispatchTable()};
    return &device;
}

cl_int matchDeviceType(cl_device_type type) {
    constexpr cl_device_type kKnownTypes = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                                           CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                                           CL_DEVICE_TYPE_CUSTOM;
    if (type != CL_DEVICE_TYPE_ALL && ((type & ~kKnownTypes) || type == 0))
        return CL_INVALID_DEVICE_TYPE;
    // The one device is the CPU and the default.
    return type & (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_DEFAULT) ? CL_SUCCESS : CL_DEVICE_NOT_FOUND;
}

cl_int clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id* platforms,
                              cl_uint* num_platforms) {
    faultPoint(__func__);
    return fakecl::clGetPlatformIDs(num_entries, platforms, num_platforms);
}

cl_int clGetPlatformIDs(cl_uint num_entries, cl_platform_id* platforms, cl_uint* num_platforms) {
    faultPoint(__func__);
    if ((num_entries == 0 && platforms) || (!platforms && !num_platforms))
        return CL_INVALID_VALUE;
    if (platforms)
        platforms[0] = thePlatform();
    if (num_platforms)
        *num_platforms = 1;
    return CL_SUCCESS;
}

cl_int clGetPlatformInfo(cl_platform_id platform, cl_platform_info param_name,
                         size_t param_value_size, void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (platform != thePlatform())
        return CL_INVALID_PLATFORM;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    switch (param_name) {
    case CL_PLATFORM_PROFILE:
        return reply.string("FULL_PROFILE");
    case CL_PLATFORM_VERSION:
        return reply.string("OpenCL 1.2 fake");
    case CL_PLATFORM_NAME:
        return reply.string("CL Workbench Fake Platform");
    case CL_PLATFORM_VENDOR:
        return reply.string("CL Workbench");
    case CL_PLATFORM_EXTENSIONS:
        return reply.string("cl_khr_icd");
    case CL_PLATFORM_ICD_SUFFIX_KHR:
        return reply.string("fake");
    default: // OpenCL 2.1 and later parameters too: this is a 1.2 platform
        return CL_INVALID_VALUE;
    }
}

cl_int clGetDeviceIDs(cl_platform_id platform, cl_device_type device_type, cl_uint num_entries,
                      cl_device_id* devices, cl_uint* num_devices) {
    faultPoint(__func__);
    if (platform != thePlatform())
        return CL_INVALID_PLATFORM;
    if (const cl_int found = matchDeviceType(device_type); found != CL_SUCCESS) {
        if (num_devices)
            *num_devices = 0;
        return found;
    }
    if ((num_entries == 0 && devices) || (!devices && !num_devices))
        return CL_INVALID_VALUE;
    if (devices)
        devices[0] = theDevice();
    if (num_devices)
        *num_devices = 1;
    return CL_SUCCESS;
}

// A root device: retain and release do nothing.
cl_int clRetainDevice(cl_device_id device) {
    faultPoint(__func__);
    return validDevice(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int clReleaseDevice(cl_device_id device) {
    faultPoint(__func__);
    return validDevice(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int clUnloadPlatformCompiler(cl_platform_id platform) {
    faultPoint(__func__);
    return platform == thePlatform() ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

namespace {

// What the loader looks up by name; the driver has no extension functions.
void* lookUp(const char* name) {
    if (!name)
        return nullptr;
    if (std::strcmp(name, "clIcdGetPlatformIDsKHR") == 0)
        return reinterpret_cast<void*>(&fakecl::clIcdGetPlatformIDsKHR);
    if (std::strcmp(name, "clGetPlatformInfo") == 0)
        return reinterpret_cast<void*>(&fakecl::clGetPlatformInfo);
    return nullptr;
}

} // namespace

void* clGetExtensionFunctionAddress(const char* function_name) {
    faultPoint(__func__);
    return lookUp(function_name);
}

void* clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char* function_name) {
    faultPoint(__func__);
    return platform == thePlatform() ? lookUp(function_name) : nullptr;
}

} // namespace clw::fakecl
