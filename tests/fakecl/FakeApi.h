#pragma once
// The OpenCL calls the fake driver implements, by the file that holds them. Each is declared from
// cl_icd.h's typedef of its dispatch-table entry, so a definition whose signature differs from
// the table's is a second function, which leaves this one undefined and the library unlinkable.
// They live in clw::fakecl under the C API's names: the process also holds the loader's
// functions of those names, which the driver must never call.
#include <CL/cl_icd.h>

#include <type_traits>

// PlatformCalls.cpp, DeviceInfoCalls.cpp
#define CLW_FAKE_PLATFORM_CALLS(X)                                                                 \
    X(clGetPlatformIDs)                                                                            \
    X(clGetPlatformInfo)                                                                           \
    X(clGetDeviceIDs)                                                                              \
    X(clGetDeviceInfo)                                                                             \
    X(clRetainDevice)                                                                              \
    X(clReleaseDevice)                                                                             \
    X(clUnloadPlatformCompiler)                                                                    \
    X(clGetExtensionFunctionAddress)                                                               \
    X(clGetExtensionFunctionAddressForPlatform)

// ContextCalls.cpp
#define CLW_FAKE_CONTEXT_CALLS(X)                                                                  \
    X(clCreateContext)                                                                             \
    X(clCreateContextFromType)                                                                     \
    X(clRetainContext)                                                                             \
    X(clReleaseContext)                                                                            \
    X(clGetContextInfo)                                                                            \
    X(clCreateCommandQueue)                                                                        \
    X(clCreateCommandQueueWithProperties)                                                          \
    X(clRetainCommandQueue)                                                                        \
    X(clReleaseCommandQueue)                                                                       \
    X(clGetCommandQueueInfo)                                                                       \
    X(clFlush)                                                                                     \
    X(clFinish)

// MemoryCalls.cpp
#define CLW_FAKE_MEMORY_CALLS(X)                                                                   \
    X(clCreateBuffer)                                                                              \
    X(clCreateSubBuffer)                                                                           \
    X(clRetainMemObject)                                                                           \
    X(clReleaseMemObject)                                                                          \
    X(clGetMemObjectInfo)                                                                          \
    X(clSetMemObjectDestructorCallback)                                                            \
    X(clGetSupportedImageFormats)                                                                  \
    X(clEnqueueReadBuffer)                                                                         \
    X(clEnqueueWriteBuffer)                                                                        \
    X(clEnqueueCopyBuffer)                                                                         \
    X(clEnqueueFillBuffer)                                                                         \
    X(clEnqueueMapBuffer)                                                                          \
    X(clEnqueueUnmapMemObject)

// ProgramCalls.cpp
#define CLW_FAKE_PROGRAM_CALLS(X)                                                                  \
    X(clCreateProgramWithSource)                                                                   \
    X(clCreateProgramWithBinary)                                                                   \
    X(clRetainProgram)                                                                             \
    X(clReleaseProgram)                                                                            \
    X(clBuildProgram)                                                                              \
    X(clGetProgramInfo)                                                                            \
    X(clGetProgramBuildInfo)

// KernelCalls.cpp
#define CLW_FAKE_KERNEL_CALLS(X)                                                                   \
    X(clCreateKernel)                                                                              \
    X(clCreateKernelsInProgram)                                                                    \
    X(clRetainKernel)                                                                              \
    X(clReleaseKernel)                                                                             \
    X(clSetKernelArg)                                                                              \
    X(clGetKernelInfo)                                                                             \
    X(clGetKernelWorkGroupInfo)                                                                    \
    X(clGetKernelArgInfo)                                                                          \
    X(clEnqueueNDRangeKernel)                                                                      \
    X(clEnqueueTask)

// EventCalls.cpp
#define CLW_FAKE_EVENT_CALLS(X)                                                                    \
    X(clWaitForEvents)                                                                             \
    X(clGetEventInfo)                                                                              \
    X(clRetainEvent)                                                                               \
    X(clReleaseEvent)                                                                              \
    X(clGetEventProfilingInfo)                                                                     \
    X(clCreateUserEvent)                                                                           \
    X(clSetUserEventStatus)                                                                        \
    X(clSetEventCallback)                                                                          \
    X(clEnqueueMarker)                                                                             \
    X(clEnqueueBarrier)                                                                            \
    X(clEnqueueWaitForEvents)                                                                      \
    X(clEnqueueMarkerWithWaitList)                                                                 \
    X(clEnqueueBarrierWithWaitList)

#define CLW_FAKE_IMPLEMENTED_CALLS(X)                                                              \
    CLW_FAKE_PLATFORM_CALLS(X)                                                                     \
    CLW_FAKE_CONTEXT_CALLS(X)                                                                      \
    CLW_FAKE_MEMORY_CALLS(X)                                                                       \
    CLW_FAKE_PROGRAM_CALLS(X)                                                                      \
    CLW_FAKE_KERNEL_CALLS(X)                                                                       \
    CLW_FAKE_EVENT_CALLS(X)

namespace clw::fakecl {

#define CLW_FAKE_DECLARE(name) std::remove_pointer_t<cl_api_##name> name;
CLW_FAKE_IMPLEMENTED_CALLS(CLW_FAKE_DECLARE)
#undef CLW_FAKE_DECLARE

// What the loader asks for first (cl_khr_icd); not an entry of the table. PlatformCalls.cpp.
std::remove_pointer_t<clIcdGetPlatformIDsKHR_fn> clIcdGetPlatformIDsKHR;

} // namespace clw::fakecl
