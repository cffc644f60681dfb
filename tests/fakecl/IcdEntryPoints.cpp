// The fake driver's exported symbols: what an ICD loader looks up in a driver it loads
// (cl_khr_icd). Everything else is reached through the dispatch table at the start of each
// object (DispatchTable.cpp).
//
// Loading this driver, and only it, in a child process:
//   OCL_ICD_VENDORS=<folder holding a .icd file whose line is the library's path>
// (tests/fakecl/CMakeLists.txt makes it: CLW_FAKE_ICD_VENDORS). Every ICD loader reads that
// folder instead of /etc/OpenCL/vendors: PoCL (or any installed driver) is not listed. ocl-icd
// 2.3 (Debian's libOpenCL.so.1) also takes the library's own path there, or a .icd file's; the
// Khronos loader, which other systems have, takes a folder only. ocl-icd 2.3 does not
// know OCL_ICD_FILENAMES (the Khronos loader's variable, which adds libraries to those of the
// vendors folder rather than replacing them): it is ignored, and alone it leaves PoCL listed.
//
// ocl-icd asks a driver for clGetExtensionFunctionAddress by dlsym, then for
// clIcdGetPlatformIDsKHR and clGetPlatformInfo through it (or by dlsym), and checks that the
// platform lists cl_khr_icd and has an ICD suffix. It dlopens drivers RTLD_LOCAL into a process
// that has the loader's own clGetPlatformInfo and friends: the driver therefore hides every
// other symbol and never calls a function by its C API name.
#include "FakeApi.h"

#define CLW_FAKE_EXPORT extern "C" __attribute__((visibility("default")))

CLW_FAKE_EXPORT cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                          cl_platform_id* platforms,
                                                          cl_uint* num_platforms) {
    return clw::fakecl::clIcdGetPlatformIDsKHR(num_entries, platforms, num_platforms);
}

CLW_FAKE_EXPORT void* CL_API_CALL clGetExtensionFunctionAddress(const char* function_name) {
    return clw::fakecl::clGetExtensionFunctionAddress(function_name);
}

CLW_FAKE_EXPORT cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
                                                     cl_platform_info param_name,
                                                     size_t param_value_size, void* param_value,
                                                     size_t* param_value_size_ret) {
    return clw::fakecl::clGetPlatformInfo(platform, param_name, param_value_size, param_value,
                                          param_value_size_ret);
}
