#pragma once
// The one place the OpenCL C headers are included, with the version the engine targets.
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS // clGetExtensionFunctionAddress: ocl-icd's loader query
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS // clCreateCommandQueue for 1.x platforms, clEnqueueTask
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#endif
// The Khronos headers on every system, macOS included (Homebrew's opencl-headers, found by
// installer/cmake/ClwFindOpenCL.cmake): Apple's framework headers stop at OpenCL 1.2. Entry points
// newer than the loaded library are looked up at run time (ClApi.h).
#include <CL/cl.h>
#include <CL/cl_ext.h>
