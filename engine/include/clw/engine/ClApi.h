#pragma once
// The seam between the engine and the OpenCL C API. Every call the engine makes goes through the
// function table returned by clApi(), so a test can count retains and releases, inject failures
// or stand in for a feature no local device has, and a call log can be shown.
#include "clw/engine/ClHeaders.h"

namespace clw::engine {

// X(name) for every OpenCL entry point the engine uses.
#define CLW_CL_FUNCTIONS(X)                                                                        \
    X(clGetPlatformIDs)                                                                            \
    X(clGetPlatformInfo)                                                                           \
    X(clGetDeviceIDs)                                                                              \
    X(clGetDeviceInfo)                                                                             \
    X(clCreateSubDevices)                                                                          \
    X(clRetainDevice)                                                                              \
    X(clReleaseDevice)                                                                             \
    X(clGetDeviceAndHostTimer)                                                                     \
    X(clUnloadPlatformCompiler)                                                                    \
    X(clSetContextDestructorCallback)                                                              \
    X(clSetProgramSpecializationConstant)                                                          \
    X(clGetHostTimer)                                                                              \
    X(clCreateContext)                                                                             \
    X(clCreateContextFromType)                                                                     \
    X(clRetainContext)                                                                             \
    X(clReleaseContext)                                                                            \
    X(clGetContextInfo)                                                                            \
    X(clCreateCommandQueueWithProperties)                                                          \
    X(clCreateCommandQueue)                                                                        \
    X(clRetainCommandQueue)                                                                        \
    X(clReleaseCommandQueue)                                                                       \
    X(clGetCommandQueueInfo)                                                                       \
    X(clCreateBuffer)                                                                              \
    X(clCreateSubBuffer)                                                                           \
    X(clCreateImage)                                                                               \
    X(clCreatePipe)                                                                                \
    X(clRetainMemObject)                                                                           \
    X(clReleaseMemObject)                                                                          \
    X(clGetSupportedImageFormats)                                                                  \
    X(clGetMemObjectInfo)                                                                          \
    X(clGetImageInfo)                                                                              \
    X(clGetPipeInfo)                                                                               \
    X(clSetMemObjectDestructorCallback)                                                            \
    X(clSVMAlloc)                                                                                  \
    X(clSVMFree)                                                                                   \
    X(clCreateSamplerWithProperties)                                                               \
    X(clCreateSampler)                                                                             \
    X(clRetainSampler)                                                                             \
    X(clReleaseSampler)                                                                            \
    X(clGetSamplerInfo)                                                                            \
    X(clCreateProgramWithSource)                                                                   \
    X(clCreateProgramWithBinary)                                                                   \
    X(clCreateProgramWithBuiltInKernels)                                                           \
    X(clCreateProgramWithIL)                                                                       \
    X(clRetainProgram)                                                                             \
    X(clReleaseProgram)                                                                            \
    X(clBuildProgram)                                                                              \
    X(clCompileProgram)                                                                            \
    X(clLinkProgram)                                                                               \
    X(clGetProgramInfo)                                                                            \
    X(clGetProgramBuildInfo)                                                                       \
    X(clCreateKernel)                                                                              \
    X(clCreateKernelsInProgram)                                                                    \
    X(clCloneKernel)                                                                               \
    X(clRetainKernel)                                                                              \
    X(clReleaseKernel)                                                                             \
    X(clSetKernelArg)                                                                              \
    X(clSetKernelArgSVMPointer)                                                                    \
    X(clSetKernelExecInfo)                                                                         \
    X(clGetKernelInfo)                                                                             \
    X(clGetKernelArgInfo)                                                                          \
    X(clGetKernelWorkGroupInfo)                                                                    \
    X(clGetKernelSubGroupInfo)                                                                     \
    X(clWaitForEvents)                                                                             \
    X(clGetEventInfo)                                                                              \
    X(clCreateUserEvent)                                                                           \
    X(clRetainEvent)                                                                               \
    X(clReleaseEvent)                                                                              \
    X(clSetUserEventStatus)                                                                        \
    X(clSetEventCallback)                                                                          \
    X(clGetEventProfilingInfo)                                                                     \
    X(clFlush)                                                                                     \
    X(clFinish)                                                                                    \
    X(clEnqueueReadBuffer)                                                                         \
    X(clEnqueueReadBufferRect)                                                                     \
    X(clEnqueueWriteBuffer)                                                                        \
    X(clEnqueueWriteBufferRect)                                                                    \
    X(clEnqueueFillBuffer)                                                                         \
    X(clEnqueueCopyBuffer)                                                                         \
    X(clEnqueueCopyBufferRect)                                                                     \
    X(clEnqueueReadImage)                                                                          \
    X(clEnqueueWriteImage)                                                                         \
    X(clEnqueueFillImage)                                                                          \
    X(clEnqueueCopyImage)                                                                          \
    X(clEnqueueCopyImageToBuffer)                                                                  \
    X(clEnqueueCopyBufferToImage)                                                                  \
    X(clEnqueueMapBuffer)                                                                          \
    X(clEnqueueMapImage)                                                                           \
    X(clEnqueueUnmapMemObject)                                                                     \
    X(clEnqueueMigrateMemObjects)                                                                  \
    X(clEnqueueNDRangeKernel)                                                                      \
    X(clEnqueueTask)                                                                               \
    X(clEnqueueNativeKernel)                                                                       \
    X(clEnqueueMarkerWithWaitList)                                                                 \
    X(clEnqueueBarrierWithWaitList)                                                                \
    X(clEnqueueSVMFree)                                                                            \
    X(clEnqueueSVMMemcpy)                                                                          \
    X(clEnqueueSVMMemFill)                                                                         \
    X(clEnqueueSVMMap)                                                                             \
    X(clEnqueueSVMUnmap)                                                                           \
    X(clEnqueueSVMMigrateMem)

// One pointer per entry point, initialised to the ICD loader's function.
struct ClApi {
#define CLW_CL_MEMBER(name) decltype(&::name) name = &::name;
    CLW_CL_FUNCTIONS(CLW_CL_MEMBER)
#undef CLW_CL_MEMBER
};

// The table every engine call goes through. Replace entries only while no other thread calls
// OpenCL through the engine (tests do it at the start of a test function).
ClApi& clApi();

// Restores the real table when it goes out of scope; tests use it around their overrides.
class ScopedClApi {
public:
    ScopedClApi()
        : m_saved(clApi()) {}
    ~ScopedClApi() { clApi() = m_saved; }
    ScopedClApi(const ScopedClApi&) = delete;
    ScopedClApi& operator=(const ScopedClApi&) = delete;
    ClApi& api() { return clApi(); }
    const ClApi& real() const { return m_saved; }

private:
    ClApi m_saved;
};

} // namespace clw::engine
