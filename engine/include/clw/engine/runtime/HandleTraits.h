#pragma once
// Retain and release for every OpenCL object type, through the C-API seam. Handle<T> is built on
// these. Platforms have no reference count; root devices ignore retain and release, sub-devices
// count.
#include "clw/engine/runtime/ClApi.h"

namespace clw::engine {

template <class T>
struct HandleTraits;

#define CLW_HANDLE_TRAITS(Type, Retain, Release, Label)                                            \
    template <>                                                                                    \
    struct HandleTraits<Type> {                                                                    \
        static constexpr const char* kLabel = Label;                                               \
        static constexpr const char* kRetainName = #Retain;                                        \
        static cl_int retain(Type h) { return clApi().Retain(h); }                                 \
        static cl_int release(Type h) { return clApi().Release(h); }                               \
    };

CLW_HANDLE_TRAITS(cl_device_id, clRetainDevice, clReleaseDevice, "device")
CLW_HANDLE_TRAITS(cl_context, clRetainContext, clReleaseContext, "context")
CLW_HANDLE_TRAITS(cl_command_queue, clRetainCommandQueue, clReleaseCommandQueue, "command queue")
CLW_HANDLE_TRAITS(cl_mem, clRetainMemObject, clReleaseMemObject, "memory object")
CLW_HANDLE_TRAITS(cl_sampler, clRetainSampler, clReleaseSampler, "sampler")
CLW_HANDLE_TRAITS(cl_program, clRetainProgram, clReleaseProgram, "program")
CLW_HANDLE_TRAITS(cl_kernel, clRetainKernel, clReleaseKernel, "kernel")
CLW_HANDLE_TRAITS(cl_event, clRetainEvent, clReleaseEvent, "event")
#undef CLW_HANDLE_TRAITS

template <>
struct HandleTraits<cl_platform_id> {
    static constexpr const char* kLabel = "platform";
    static constexpr const char* kRetainName = "(no retain for platforms)";
    static cl_int retain(cl_platform_id) { return CL_SUCCESS; }
    static cl_int release(cl_platform_id) { return CL_SUCCESS; }
};

} // namespace clw::engine
