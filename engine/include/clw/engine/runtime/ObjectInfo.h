#pragma once
// Info tables of the smaller objects: context, queue, memory, image, pipe, sampler, program,
// build, kernel, kernel work-group, kernel argument, event and profiling. Same row format as
// DeviceInfo.h; each table gives a trait template (ContextInfo<P>::type) and a listing array.
#include "clw/engine/runtime/InfoParam.h"

#include <string>
#include <vector>

namespace clw::engine {

#define CLW_CONTEXT_INFO(X)                                                                        \
    X(CL_CONTEXT_REFERENCE_COUNT, cl_uint, UInt, "")                                               \
    X(CL_CONTEXT_NUM_DEVICES, cl_uint, UInt, "")                                                   \
    X(CL_CONTEXT_DEVICES, std::vector<cl_device_id>, HandleList, "")                               \
    X(CL_CONTEXT_PROPERTIES, std::vector<cl_context_properties>, Properties, "")

#define CLW_QUEUE_INFO(X)                                                                          \
    X(CL_QUEUE_CONTEXT, cl_context, Handle, "")                                                    \
    X(CL_QUEUE_DEVICE, cl_device_id, Handle, "")                                                   \
    X(CL_QUEUE_REFERENCE_COUNT, cl_uint, UInt, "")                                                 \
    X(CL_QUEUE_PROPERTIES, cl_command_queue_properties, Bits, "")                                  \
    X(CL_QUEUE_PROPERTIES_ARRAY, std::vector<cl_queue_properties>, Properties, "")                 \
    X(CL_QUEUE_SIZE, cl_uint, UInt, "bytes")                                                       \
    X(CL_QUEUE_DEVICE_DEFAULT, cl_command_queue, Handle, "")

#define CLW_MEM_INFO(X)                                                                            \
    X(CL_MEM_TYPE, cl_mem_object_type, Enum, "")                                                   \
    X(CL_MEM_FLAGS, cl_mem_flags, Bits, "")                                                        \
    X(CL_MEM_SIZE, size_t, Size, "bytes")                                                          \
    X(CL_MEM_HOST_PTR, void*, Handle, "")                                                          \
    X(CL_MEM_MAP_COUNT, cl_uint, UInt, "")                                                         \
    X(CL_MEM_REFERENCE_COUNT, cl_uint, UInt, "")                                                   \
    X(CL_MEM_CONTEXT, cl_context, Handle, "")                                                      \
    X(CL_MEM_ASSOCIATED_MEMOBJECT, cl_mem, Handle, "")                                             \
    X(CL_MEM_OFFSET, size_t, Size, "bytes")                                                        \
    X(CL_MEM_USES_SVM_POINTER, bool, Bool, "")                                                     \
    X(CL_MEM_PROPERTIES, std::vector<cl_mem_properties>, Properties, "")

#define CLW_IMAGE_INFO(X)                                                                          \
    X(CL_IMAGE_FORMAT, cl_image_format, ImageFormat, "")                                           \
    X(CL_IMAGE_ELEMENT_SIZE, size_t, Size, "bytes")                                                \
    X(CL_IMAGE_ROW_PITCH, size_t, Size, "bytes")                                                   \
    X(CL_IMAGE_SLICE_PITCH, size_t, Size, "bytes")                                                 \
    X(CL_IMAGE_WIDTH, size_t, Size, "pixels")                                                      \
    X(CL_IMAGE_HEIGHT, size_t, Size, "pixels")                                                     \
    X(CL_IMAGE_DEPTH, size_t, Size, "pixels")                                                      \
    X(CL_IMAGE_ARRAY_SIZE, size_t, Size, "")                                                       \
    X(CL_IMAGE_NUM_MIP_LEVELS, cl_uint, UInt, "")                                                  \
    X(CL_IMAGE_NUM_SAMPLES, cl_uint, UInt, "")

#define CLW_PIPE_INFO(X)                                                                           \
    X(CL_PIPE_PACKET_SIZE, cl_uint, UInt, "bytes")                                                 \
    X(CL_PIPE_MAX_PACKETS, cl_uint, UInt, "")                                                      \
    X(CL_PIPE_PROPERTIES, std::vector<cl_pipe_properties>, Properties, "")

#define CLW_SAMPLER_INFO(X)                                                                        \
    X(CL_SAMPLER_REFERENCE_COUNT, cl_uint, UInt, "")                                               \
    X(CL_SAMPLER_CONTEXT, cl_context, Handle, "")                                                  \
    X(CL_SAMPLER_NORMALIZED_COORDS, bool, Bool, "")                                                \
    X(CL_SAMPLER_ADDRESSING_MODE, cl_addressing_mode, Enum, "")                                    \
    X(CL_SAMPLER_FILTER_MODE, cl_filter_mode, Enum, "")                                            \
    X(CL_SAMPLER_PROPERTIES, std::vector<cl_sampler_properties>, Properties, "")

#define CLW_PROGRAM_INFO(X)                                                                        \
    X(CL_PROGRAM_REFERENCE_COUNT, cl_uint, UInt, "")                                               \
    X(CL_PROGRAM_CONTEXT, cl_context, Handle, "")                                                  \
    X(CL_PROGRAM_NUM_DEVICES, cl_uint, UInt, "")                                                   \
    X(CL_PROGRAM_DEVICES, std::vector<cl_device_id>, HandleList, "")                               \
    X(CL_PROGRAM_SOURCE, std::string, Text, "")                                                    \
    X(CL_PROGRAM_IL, std::vector<unsigned char>, Bytes, "")                                        \
    X(CL_PROGRAM_BINARY_SIZES, std::vector<size_t>, SizeList, "bytes")                             \
    X(CL_PROGRAM_NUM_KERNELS, size_t, Size, "")                                                    \
    X(CL_PROGRAM_KERNEL_NAMES, std::string, Text, "")                                              \
    X(CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, bool, Bool, "")                                       \
    X(CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT, bool, Bool, "")

#define CLW_PROGRAM_BUILD_INFO(X)                                                                  \
    X(CL_PROGRAM_BUILD_STATUS, cl_build_status, Enum, "")                                          \
    X(CL_PROGRAM_BUILD_OPTIONS, std::string, Text, "")                                             \
    X(CL_PROGRAM_BUILD_LOG, std::string, Text, "")                                                 \
    X(CL_PROGRAM_BINARY_TYPE, cl_program_binary_type, Enum, "")                                    \
    X(CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, size_t, Size, "bytes")

#define CLW_KERNEL_INFO(X)                                                                         \
    X(CL_KERNEL_FUNCTION_NAME, std::string, Text, "")                                              \
    X(CL_KERNEL_NUM_ARGS, cl_uint, UInt, "")                                                       \
    X(CL_KERNEL_REFERENCE_COUNT, cl_uint, UInt, "")                                                \
    X(CL_KERNEL_CONTEXT, cl_context, Handle, "")                                                   \
    X(CL_KERNEL_PROGRAM, cl_program, Handle, "")                                                   \
    X(CL_KERNEL_ATTRIBUTES, std::string, Text, "")

#define CLW_KERNEL_WORK_GROUP_INFO(X)                                                              \
    X(CL_KERNEL_WORK_GROUP_SIZE, size_t, Size, "")                                                 \
    X(CL_KERNEL_COMPILE_WORK_GROUP_SIZE, std::vector<size_t>, SizeList, "")                        \
    X(CL_KERNEL_LOCAL_MEM_SIZE, cl_ulong, ULong, "bytes")                                          \
    X(CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, size_t, Size, "")                              \
    X(CL_KERNEL_PRIVATE_MEM_SIZE, cl_ulong, ULong, "bytes")

#define CLW_KERNEL_ARG_INFO(X)                                                                     \
    X(CL_KERNEL_ARG_ADDRESS_QUALIFIER, cl_kernel_arg_address_qualifier, Enum, "")                  \
    X(CL_KERNEL_ARG_ACCESS_QUALIFIER, cl_kernel_arg_access_qualifier, Enum, "")                    \
    X(CL_KERNEL_ARG_TYPE_NAME, std::string, Text, "")                                              \
    X(CL_KERNEL_ARG_TYPE_QUALIFIER, cl_kernel_arg_type_qualifier, Bits, "")                        \
    X(CL_KERNEL_ARG_NAME, std::string, Text, "")

#define CLW_EVENT_INFO(X)                                                                          \
    X(CL_EVENT_COMMAND_QUEUE, cl_command_queue, Handle, "")                                        \
    X(CL_EVENT_CONTEXT, cl_context, Handle, "")                                                    \
    X(CL_EVENT_COMMAND_TYPE, cl_command_type, Enum, "")                                            \
    X(CL_EVENT_COMMAND_EXECUTION_STATUS, cl_int, Enum, "")                                         \
    X(CL_EVENT_REFERENCE_COUNT, cl_uint, UInt, "")

#define CLW_PROFILING_INFO(X)                                                                      \
    X(CL_PROFILING_COMMAND_QUEUED, cl_ulong, ULong, "ns")                                          \
    X(CL_PROFILING_COMMAND_SUBMIT, cl_ulong, ULong, "ns")                                          \
    X(CL_PROFILING_COMMAND_START, cl_ulong, ULong, "ns")                                           \
    X(CL_PROFILING_COMMAND_END, cl_ulong, ULong, "ns")                                             \
    X(CL_PROFILING_COMMAND_COMPLETE, cl_ulong, ULong, "ns")

// Declares Name<P> with ::type and ::kName for every row of Table, and kNameParams.
#define CLW_DECLARE_INFO_TRAITS(Name, ParamType, Table)                                            \
    template <ParamType P>                                                                         \
    struct Name;                                                                                   \
    Table(CLW_INFO_TRAIT_##Name) inline constexpr InfoParam k##Name##Params[] = {                  \
        Table(CLW_INFO_ROW)};

#define CLW_INFO_TRAIT(Name, P, T)                                                                 \
    template <>                                                                                    \
    struct Name<P> {                                                                               \
        using type = T;                                                                            \
        static constexpr const char* kName = #P;                                                   \
    };
#define CLW_INFO_TRAIT_ContextInfo(P, T, K, U) CLW_INFO_TRAIT(ContextInfo, P, T)
#define CLW_INFO_TRAIT_QueueInfo(P, T, K, U) CLW_INFO_TRAIT(QueueInfo, P, T)
#define CLW_INFO_TRAIT_MemInfo(P, T, K, U) CLW_INFO_TRAIT(MemInfo, P, T)
#define CLW_INFO_TRAIT_ImageInfo(P, T, K, U) CLW_INFO_TRAIT(ImageInfo, P, T)
#define CLW_INFO_TRAIT_PipeInfo(P, T, K, U) CLW_INFO_TRAIT(PipeInfo, P, T)
#define CLW_INFO_TRAIT_SamplerInfo(P, T, K, U) CLW_INFO_TRAIT(SamplerInfo, P, T)
#define CLW_INFO_TRAIT_ProgramInfo(P, T, K, U) CLW_INFO_TRAIT(ProgramInfo, P, T)
#define CLW_INFO_TRAIT_ProgramBuildInfo(P, T, K, U) CLW_INFO_TRAIT(ProgramBuildInfo, P, T)
#define CLW_INFO_TRAIT_KernelInfo(P, T, K, U) CLW_INFO_TRAIT(KernelInfo, P, T)
#define CLW_INFO_TRAIT_KernelWorkGroupInfo(P, T, K, U) CLW_INFO_TRAIT(KernelWorkGroupInfo, P, T)
#define CLW_INFO_TRAIT_KernelArgInfo(P, T, K, U) CLW_INFO_TRAIT(KernelArgInfo, P, T)
#define CLW_INFO_TRAIT_EventInfo(P, T, K, U) CLW_INFO_TRAIT(EventInfo, P, T)
#define CLW_INFO_TRAIT_ProfilingInfo(P, T, K, U) CLW_INFO_TRAIT(ProfilingInfo, P, T)

CLW_DECLARE_INFO_TRAITS(ContextInfo, cl_context_info, CLW_CONTEXT_INFO)
CLW_DECLARE_INFO_TRAITS(QueueInfo, cl_command_queue_info, CLW_QUEUE_INFO)
CLW_DECLARE_INFO_TRAITS(MemInfo, cl_mem_info, CLW_MEM_INFO)
CLW_DECLARE_INFO_TRAITS(ImageInfo, cl_image_info, CLW_IMAGE_INFO)
CLW_DECLARE_INFO_TRAITS(PipeInfo, cl_pipe_info, CLW_PIPE_INFO)
CLW_DECLARE_INFO_TRAITS(SamplerInfo, cl_sampler_info, CLW_SAMPLER_INFO)
CLW_DECLARE_INFO_TRAITS(ProgramInfo, cl_program_info, CLW_PROGRAM_INFO)
CLW_DECLARE_INFO_TRAITS(ProgramBuildInfo, cl_program_build_info, CLW_PROGRAM_BUILD_INFO)
CLW_DECLARE_INFO_TRAITS(KernelInfo, cl_kernel_info, CLW_KERNEL_INFO)
CLW_DECLARE_INFO_TRAITS(KernelWorkGroupInfo, cl_kernel_work_group_info, CLW_KERNEL_WORK_GROUP_INFO)
CLW_DECLARE_INFO_TRAITS(KernelArgInfo, cl_kernel_arg_info, CLW_KERNEL_ARG_INFO)
CLW_DECLARE_INFO_TRAITS(EventInfo, cl_event_info, CLW_EVENT_INFO)
CLW_DECLARE_INFO_TRAITS(ProfilingInfo, cl_profiling_info, CLW_PROFILING_INFO)

} // namespace clw::engine
