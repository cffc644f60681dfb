#pragma once
// The seam between the engine and the OpenCL C API. Every call the engine makes goes through the
// function table returned by clApi(), so a test can count retains and releases, inject failures
// or stand in for a feature no local device has, and a call log can be shown.
#include "clw/engine/runtime/ClHeaders.h"

#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

// X(name) for every OpenCL entry point the engine uses, by the OpenCL version that added it.
// Those of OpenCL 1.0 to 1.2 are linked directly: every OpenCL library has them.
#define CLW_CL_FUNCTIONS_1_2(X)                                                                    \
    X(clGetPlatformIDs)                                                                            \
    X(clGetPlatformInfo)                                                                           \
    X(clGetDeviceIDs)                                                                              \
    X(clGetDeviceInfo)                                                                             \
    X(clCreateSubDevices)                                                                          \
    X(clRetainDevice)                                                                              \
    X(clReleaseDevice)                                                                             \
    X(clUnloadPlatformCompiler)                                                                    \
    X(clCreateContext)                                                                             \
    X(clCreateContextFromType)                                                                     \
    X(clRetainContext)                                                                             \
    X(clReleaseContext)                                                                            \
    X(clGetContextInfo)                                                                            \
    X(clCreateCommandQueue)                                                                        \
    X(clRetainCommandQueue)                                                                        \
    X(clReleaseCommandQueue)                                                                       \
    X(clGetCommandQueueInfo)                                                                       \
    X(clCreateBuffer)                                                                              \
    X(clCreateSubBuffer)                                                                           \
    X(clCreateImage)                                                                               \
    X(clRetainMemObject)                                                                           \
    X(clReleaseMemObject)                                                                          \
    X(clGetSupportedImageFormats)                                                                  \
    X(clGetMemObjectInfo)                                                                          \
    X(clGetImageInfo)                                                                              \
    X(clSetMemObjectDestructorCallback)                                                            \
    X(clCreateSampler)                                                                             \
    X(clRetainSampler)                                                                             \
    X(clReleaseSampler)                                                                            \
    X(clGetSamplerInfo)                                                                            \
    X(clCreateProgramWithSource)                                                                   \
    X(clCreateProgramWithBinary)                                                                   \
    X(clCreateProgramWithBuiltInKernels)                                                           \
    X(clRetainProgram)                                                                             \
    X(clReleaseProgram)                                                                            \
    X(clBuildProgram)                                                                              \
    X(clCompileProgram)                                                                            \
    X(clLinkProgram)                                                                               \
    X(clGetProgramInfo)                                                                            \
    X(clGetProgramBuildInfo)                                                                       \
    X(clCreateKernel)                                                                              \
    X(clCreateKernelsInProgram)                                                                    \
    X(clRetainKernel)                                                                              \
    X(clReleaseKernel)                                                                             \
    X(clSetKernelArg)                                                                              \
    X(clGetKernelInfo)                                                                             \
    X(clGetKernelArgInfo)                                                                          \
    X(clGetKernelWorkGroupInfo)                                                                    \
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
    X(clEnqueueBarrierWithWaitList)

// The later ones are looked up in the loaded OpenCL library when clApi() is first used, so
// that the engine links against one that lacks them (Apple's OpenCL 1.2 framework, an old ICD
// loader); a function the library lacks is a stub that fails with CL_INVALID_OPERATION.
#define CLW_CL_FUNCTIONS_2_0(X)                                                                    \
    X(clCreateCommandQueueWithProperties)                                                          \
    X(clCreatePipe)                                                                                \
    X(clGetPipeInfo)                                                                               \
    X(clSVMAlloc)                                                                                  \
    X(clSVMFree)                                                                                   \
    X(clCreateSamplerWithProperties)                                                               \
    X(clSetKernelArgSVMPointer)                                                                    \
    X(clSetKernelExecInfo)                                                                         \
    X(clEnqueueSVMFree)                                                                            \
    X(clEnqueueSVMMemcpy)                                                                          \
    X(clEnqueueSVMMemFill)                                                                         \
    X(clEnqueueSVMMap)                                                                             \
    X(clEnqueueSVMUnmap)

#define CLW_CL_FUNCTIONS_2_1(X)                                                                    \
    X(clGetDeviceAndHostTimer)                                                                     \
    X(clGetHostTimer)                                                                              \
    X(clCreateProgramWithIL)                                                                       \
    X(clCloneKernel)                                                                               \
    X(clGetKernelSubGroupInfo)                                                                     \
    X(clEnqueueSVMMigrateMem)

#define CLW_CL_FUNCTIONS_2_2(X) X(clSetProgramSpecializationConstant)

#define CLW_CL_FUNCTIONS_3_0(X) X(clSetContextDestructorCallback)

#define CLW_CL_FUNCTIONS_LATER(X)                                                                  \
    CLW_CL_FUNCTIONS_2_0(X)                                                                        \
    CLW_CL_FUNCTIONS_2_1(X)                                                                        \
    CLW_CL_FUNCTIONS_2_2(X)                                                                        \
    CLW_CL_FUNCTIONS_3_0(X)

#define CLW_CL_FUNCTIONS(X)                                                                        \
    CLW_CL_FUNCTIONS_1_2(X)                                                                        \
    CLW_CL_FUNCTIONS_LATER(X)

// ocl-icd's clGetICDLoaderInfoOCLICD(cl_icdl_info param, size_t, void*, size_t*): the ICD
// loader's own name, vendor, version and OpenCL version (IcdLoaderInfo.h). It belongs to the
// loader, not to OpenCL, and no Khronos header declares it.
using IcdLoaderInfoFn = cl_int(CL_API_CALL*)(cl_uint param, size_t size, void* value,
                                             size_t* sizeRet);

// One pointer per entry point. A default-constructed table holds the real functions: those of
// OpenCL 1.2 and before as linked, the later ones as looked up in the loaded OpenCL library (once
// per process), or the stub for one it lacks.
struct ClApi {
    ClApi();

#define CLW_CL_MEMBER(name) decltype(&::name) name = nullptr;
    CLW_CL_FUNCTIONS(CLW_CL_MEMBER)
#undef CLW_CL_MEMBER

    // The loader's query, looked up once like the later entry points, by its exported name or
    // else through clGetExtensionFunctionAddress (ocl-icd hands it out only that way). nullptr,
    // not a stub, where the loader has none (the Khronos loader, Apple's framework): that is no
    // failure, readIcdLoaderInfo() then says the loader does not support the query.
    IcdLoaderInfoFn clGetICDLoaderInfoOCLICD = nullptr;
};

// The table every engine call goes through. Replace entries only while no other thread calls
// OpenCL through the engine (tests do it at the start of a test function).
ClApi& clApi();

// The OpenCL version ("2.0", "2.1", "2.2" or "3.0") that added `function` when clApi()'s entry
// for it is the stub standing in for a function the loaded OpenCL library lacks; nullptr
// otherwise (the entry is the library's function, or a test's replacement). ClError uses it to
// say why a call failed with CL_INVALID_OPERATION.
const char* missingClFunctionVersion(std::string_view function);

// Every entry point whose clApi() entry is such a stub, in table order; empty where the OpenCL
// library is 3.0 (Debian 12's ICD loader), all of them on Apple's OpenCL 1.2 framework.
std::vector<std::string> missingClFunctions();

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
