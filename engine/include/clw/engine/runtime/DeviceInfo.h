#pragma once
// The device info table: every OpenCL 3.0 device parameter and the common vendor queries, each
// with its C++ type, how it is read for listing, and its unit.
#include "clw/engine/runtime/InfoParam.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

// Vendor parameters some headers lack (cl_nv_device_attribute_query).
#ifndef CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV
#define CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV 0x4007
#endif
#ifndef CL_DEVICE_PCI_BUS_ID_NV
#define CL_DEVICE_PCI_BUS_ID_NV 0x4008
#endif
#ifndef CL_DEVICE_PCI_SLOT_ID_NV
#define CL_DEVICE_PCI_SLOT_ID_NV 0x4009
#endif
#ifndef CL_DEVICE_PCI_DOMAIN_ID_NV
#define CL_DEVICE_PCI_DOMAIN_ID_NV 0x400A
#endif
// cl_ext_float_atomics, newer than some headers.
#ifndef CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT
#define CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT 0x4231
#define CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT 0x4232
#define CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT 0x4233
#endif

namespace clw::engine {

using Uuid = std::array<std::uint8_t, 16>;
using Luid = std::array<std::uint8_t, 8>;
using PartitionProperties = std::vector<cl_device_partition_property>;

// X(param, C++ type, InfoKind, unit)
#define CLW_DEVICE_INFO(X)                                                                         \
    X(CL_DEVICE_NAME, std::string, Text, "")                                                       \
    X(CL_DEVICE_VENDOR, std::string, Text, "")                                                     \
    X(CL_DEVICE_VENDOR_ID, cl_uint, UInt, "")                                                      \
    X(CL_DEVICE_TYPE, cl_device_type, Bits, "")                                                    \
    X(CL_DEVICE_VERSION, std::string, Text, "")                                                    \
    X(CL_DEVICE_NUMERIC_VERSION, cl_version, Version, "")                                          \
    X(CL_DRIVER_VERSION, std::string, Text, "")                                                    \
    X(CL_DEVICE_PROFILE, std::string, Text, "")                                                    \
    X(CL_DEVICE_OPENCL_C_VERSION, std::string, Text, "")                                           \
    X(CL_DEVICE_OPENCL_C_ALL_VERSIONS, std::vector<cl_name_version>, NameVersions, "")             \
    X(CL_DEVICE_OPENCL_C_FEATURES, std::vector<cl_name_version>, NameVersions, "")                 \
    X(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, std::string, Text, "")                          \
    X(CL_DEVICE_EXTENSIONS, std::string, Text, "")                                                 \
    X(CL_DEVICE_EXTENSIONS_WITH_VERSION, std::vector<cl_name_version>, NameVersions, "")           \
    X(CL_DEVICE_IL_VERSION, std::string, Text, "")                                                 \
    X(CL_DEVICE_ILS_WITH_VERSION, std::vector<cl_name_version>, NameVersions, "")                  \
    X(CL_DEVICE_BUILT_IN_KERNELS, std::string, Text, "")                                           \
    X(CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, std::vector<cl_name_version>, NameVersions, "")     \
    X(CL_DEVICE_PLATFORM, cl_platform_id, Handle, "")                                              \
    X(CL_DEVICE_AVAILABLE, bool, Bool, "")                                                         \
    X(CL_DEVICE_COMPILER_AVAILABLE, bool, Bool, "")                                                \
    X(CL_DEVICE_LINKER_AVAILABLE, bool, Bool, "")                                                  \
    X(CL_DEVICE_MAX_COMPUTE_UNITS, cl_uint, UInt, "")                                              \
    X(CL_DEVICE_MAX_CLOCK_FREQUENCY, cl_uint, UInt, "MHz")                                         \
    X(CL_DEVICE_ADDRESS_BITS, cl_uint, UInt, "bits")                                               \
    X(CL_DEVICE_ENDIAN_LITTLE, bool, Bool, "")                                                     \
    X(CL_DEVICE_ERROR_CORRECTION_SUPPORT, bool, Bool, "")                                          \
    X(CL_DEVICE_HOST_UNIFIED_MEMORY, bool, Bool, "")                                               \
    X(CL_DEVICE_PROFILING_TIMER_RESOLUTION, size_t, Size, "ns")                                    \
    X(CL_DEVICE_EXECUTION_CAPABILITIES, cl_device_exec_capabilities, Bits, "")                     \
    X(CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, cl_uint, UInt, "")                                       \
    X(CL_DEVICE_MAX_WORK_ITEM_SIZES, std::vector<size_t>, SizeList, "")                            \
    X(CL_DEVICE_MAX_WORK_GROUP_SIZE, size_t, Size, "")                                             \
    X(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, size_t, Size, "")                              \
    X(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, bool, Bool, "")                                    \
    X(CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, bool, Bool, "")                           \
    X(CL_DEVICE_MAX_NUM_SUB_GROUPS, cl_uint, UInt, "")                                             \
    X(CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, bool, Bool, "")                            \
    X(CL_DEVICE_MAX_PARAMETER_SIZE, size_t, Size, "bytes")                                         \
    X(CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, cl_uint, UInt, "")                                    \
    X(CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, cl_uint, UInt, "")                                   \
    X(CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, cl_uint, UInt, "")                                     \
    X(CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, cl_uint, UInt, "")                                    \
    X(CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, cl_uint, UInt, "")                                    \
    X(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, cl_uint, UInt, "")                                   \
    X(CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, cl_uint, UInt, "")                                  \
    X(CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, cl_uint, UInt, "")                                       \
    X(CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, cl_uint, UInt, "")                                      \
    X(CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, cl_uint, UInt, "")                                        \
    X(CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, cl_uint, UInt, "")                                       \
    X(CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, cl_uint, UInt, "")                                       \
    X(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, cl_uint, UInt, "")                                      \
    X(CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, cl_uint, UInt, "")                                     \
    X(CL_DEVICE_HALF_FP_CONFIG, cl_device_fp_config, Bits, "")                                     \
    X(CL_DEVICE_SINGLE_FP_CONFIG, cl_device_fp_config, Bits, "")                                   \
    X(CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config, Bits, "")                                   \
    X(CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong, ULong, "bytes")                                         \
    X(CL_DEVICE_MAX_MEM_ALLOC_SIZE, cl_ulong, ULong, "bytes")                                      \
    X(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, cl_device_mem_cache_type, Enum, "")                         \
    X(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cl_ulong, ULong, "bytes")                                   \
    X(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, cl_uint, UInt, "bytes")                                 \
    X(CL_DEVICE_MEM_BASE_ADDR_ALIGN, cl_uint, UInt, "bits")                                        \
    X(CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, cl_uint, UInt, "bytes")                                  \
    X(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, size_t, Size, "bytes")                                   \
    X(CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, size_t, Size, "bytes")                       \
    X(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, cl_ulong, ULong, "bytes")                                \
    X(CL_DEVICE_MAX_CONSTANT_ARGS, cl_uint, UInt, "")                                              \
    X(CL_DEVICE_LOCAL_MEM_TYPE, cl_device_local_mem_type, Enum, "")                                \
    X(CL_DEVICE_LOCAL_MEM_SIZE, cl_ulong, ULong, "bytes")                                          \
    X(CL_DEVICE_SVM_CAPABILITIES, cl_device_svm_capabilities, Bits, "")                            \
    X(CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, cl_uint, UInt, "bytes")                       \
    X(CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT, cl_uint, UInt, "bytes")                         \
    X(CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, cl_uint, UInt, "bytes")                          \
    X(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, cl_device_atomic_capabilities, Bits, "")               \
    X(CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, cl_device_atomic_capabilities, Bits, "")                \
    X(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, bool, Bool, "")                                     \
    X(CL_DEVICE_IMAGE_SUPPORT, bool, Bool, "")                                                     \
    X(CL_DEVICE_MAX_READ_IMAGE_ARGS, cl_uint, UInt, "")                                            \
    X(CL_DEVICE_MAX_WRITE_IMAGE_ARGS, cl_uint, UInt, "")                                           \
    X(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, cl_uint, UInt, "")                                      \
    X(CL_DEVICE_MAX_SAMPLERS, cl_uint, UInt, "")                                                   \
    X(CL_DEVICE_IMAGE2D_MAX_WIDTH, size_t, Size, "pixels")                                         \
    X(CL_DEVICE_IMAGE2D_MAX_HEIGHT, size_t, Size, "pixels")                                        \
    X(CL_DEVICE_IMAGE3D_MAX_WIDTH, size_t, Size, "pixels")                                         \
    X(CL_DEVICE_IMAGE3D_MAX_HEIGHT, size_t, Size, "pixels")                                        \
    X(CL_DEVICE_IMAGE3D_MAX_DEPTH, size_t, Size, "pixels")                                         \
    X(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, size_t, Size, "pixels")                                     \
    X(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, size_t, Size, "")                                            \
    X(CL_DEVICE_IMAGE_PITCH_ALIGNMENT, cl_uint, UInt, "pixels")                                    \
    X(CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, cl_uint, UInt, "pixels")                             \
    X(CL_DEVICE_PIPE_SUPPORT, bool, Bool, "")                                                      \
    X(CL_DEVICE_MAX_PIPE_ARGS, cl_uint, UInt, "")                                                  \
    X(CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, cl_uint, UInt, "")                                   \
    X(CL_DEVICE_PIPE_MAX_PACKET_SIZE, cl_uint, UInt, "bytes")                                      \
    X(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, cl_command_queue_properties, Bits, "")                   \
    X(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, cl_device_device_enqueue_capabilities, Bits, "")      \
    X(CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, cl_command_queue_properties, Bits, "")                 \
    X(CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, cl_uint, UInt, "bytes")                            \
    X(CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, cl_uint, UInt, "bytes")                                  \
    X(CL_DEVICE_MAX_ON_DEVICE_QUEUES, cl_uint, UInt, "")                                           \
    X(CL_DEVICE_MAX_ON_DEVICE_EVENTS, cl_uint, UInt, "")                                           \
    X(CL_DEVICE_PARENT_DEVICE, cl_device_id, Handle, "")                                           \
    X(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, cl_uint, UInt, "")                                      \
    X(CL_DEVICE_PARTITION_PROPERTIES, PartitionProperties, Properties, "")                         \
    X(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, cl_device_affinity_domain, Bits, "")                    \
    X(CL_DEVICE_PARTITION_TYPE, PartitionProperties, Properties, "")                               \
    X(CL_DEVICE_REFERENCE_COUNT, cl_uint, UInt, "")                                                \
    X(CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, bool, Bool, "")                                       \
    X(CL_DEVICE_PRINTF_BUFFER_SIZE, size_t, Size, "bytes")                                         \
    X(CL_DEVICE_UUID_KHR, Uuid, Bytes, "")                                                         \
    X(CL_DRIVER_UUID_KHR, Uuid, Bytes, "")                                                         \
    X(CL_DEVICE_LUID_VALID_KHR, bool, Bool, "")                                                    \
    X(CL_DEVICE_LUID_KHR, Luid, Bytes, "")                                                         \
    X(CL_DEVICE_NODE_MASK_KHR, cl_uint, UInt, "")                                                  \
    X(CL_DEVICE_PCI_BUS_INFO_KHR, cl_device_pci_bus_info_khr, Bytes, "")                           \
    X(CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, cl_uint, UInt, "")                                    \
    X(CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, cl_uint, UInt, "")                                    \
    X(CL_DEVICE_REGISTERS_PER_BLOCK_NV, cl_uint, UInt, "")                                         \
    X(CL_DEVICE_WARP_SIZE_NV, cl_uint, UInt, "")                                                   \
    X(CL_DEVICE_GPU_OVERLAP_NV, bool, Bool, "")                                                    \
    X(CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV, bool, Bool, "")                                            \
    X(CL_DEVICE_INTEGRATED_MEMORY_NV, bool, Bool, "")                                              \
    X(CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV, cl_uint, UInt, "")                                \
    X(CL_DEVICE_PCI_BUS_ID_NV, cl_uint, UInt, "")                                                  \
    X(CL_DEVICE_PCI_SLOT_ID_NV, cl_uint, UInt, "")                                                 \
    X(CL_DEVICE_PCI_DOMAIN_ID_NV, cl_uint, UInt, "")                                               \
    X(CL_DEVICE_BOARD_NAME_AMD, std::string, Text, "")                                             \
    X(CL_DEVICE_TOPOLOGY_AMD, cl_device_topology_amd, Bytes, "")                                   \
    X(CL_DEVICE_PROFILING_TIMER_OFFSET_AMD, cl_ulong, ULong, "ns")                                 \
    X(CL_DEVICE_GLOBAL_FREE_MEMORY_AMD, std::vector<size_t>, SizeList, "KiB")                      \
    X(CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD, cl_uint, UInt, "")                                      \
    X(CL_DEVICE_SIMD_WIDTH_AMD, cl_uint, UInt, "")                                                 \
    X(CL_DEVICE_SIMD_INSTRUCTION_WIDTH_AMD, cl_uint, UInt, "")                                     \
    X(CL_DEVICE_WAVEFRONT_WIDTH_AMD, cl_uint, UInt, "")                                            \
    X(CL_DEVICE_GLOBAL_MEM_CHANNELS_AMD, cl_uint, UInt, "")                                        \
    X(CL_DEVICE_GLOBAL_MEM_CHANNEL_BANKS_AMD, cl_uint, UInt, "")                                   \
    X(CL_DEVICE_GLOBAL_MEM_CHANNEL_BANK_WIDTH_AMD, cl_uint, UInt, "")                              \
    X(CL_DEVICE_LOCAL_MEM_SIZE_PER_COMPUTE_UNIT_AMD, cl_uint, UInt, "bytes")                       \
    X(CL_DEVICE_LOCAL_MEM_BANKS_AMD, cl_uint, UInt, "")                                            \
    X(CL_DEVICE_GFXIP_MAJOR_AMD, cl_uint, UInt, "")                                                \
    X(CL_DEVICE_GFXIP_MINOR_AMD, cl_uint, UInt, "")                                                \
    X(CL_DEVICE_AVAILABLE_ASYNC_QUEUES_AMD, cl_uint, UInt, "")                                     \
    X(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_AMD, size_t, Size, "")                                   \
    X(CL_DEVICE_MAX_WORK_GROUP_SIZE_AMD, size_t, Size, "")                                         \
    X(CL_DEVICE_PREFERRED_CONSTANT_BUFFER_SIZE_AMD, size_t, Size, "bytes")                         \
    X(CL_DEVICE_PCIE_ID_AMD, cl_uint, UInt, "")                                                    \
    X(CL_DEVICE_THREAD_TRACE_SUPPORTED_AMD, bool, Bool, "")                                        \
    X(CL_DEVICE_SPIR_VERSIONS, std::string, Text, "")                                              \
    X(CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR, cl_bitfield, Bits, "")                            \
    X(CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR, cl_bitfield, Bits, "")               \
    X(CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT, cl_bitfield, Bits, "")                            \
    X(CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT, cl_bitfield, Bits, "")                          \
    X(CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT, cl_bitfield, Bits, "")                          \
    X(CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR, cl_bitfield, Bits, "")                       \
    X(CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR,                              \
      cl_device_integer_dot_product_acceleration_properties_khr, Bytes, "")                        \
    X(CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR,                     \
      cl_device_integer_dot_product_acceleration_properties_khr, Bytes, "")                        \
    X(CL_DEVICE_TERMINATE_CAPABILITY_KHR, cl_bitfield, Bits, "")                                   \
    X(CL_DEVICE_MAX_NAMED_BARRIER_COUNT_KHR, cl_uint, UInt, "")                                    \
    X(CL_DEVICE_SEMAPHORE_TYPES_KHR, std::vector<cl_uint>, UIntList, "")                           \
    X(CL_DEVICE_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR, std::vector<cl_uint>, UIntList, "")             \
    X(CL_DEVICE_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, std::vector<cl_uint>, UIntList, "")             \
    X(CL_DEVICE_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR, std::vector<cl_uint>, UIntList, "")       \
    X(CL_DEVICE_IP_VERSION_INTEL, cl_uint, UInt, "")                                               \
    X(CL_DEVICE_ID_INTEL, cl_uint, UInt, "")                                                       \
    X(CL_DEVICE_NUM_SLICES_INTEL, cl_uint, UInt, "")                                               \
    X(CL_DEVICE_NUM_SUB_SLICES_PER_SLICE_INTEL, cl_uint, UInt, "")                                 \
    X(CL_DEVICE_NUM_EUS_PER_SUB_SLICE_INTEL, cl_uint, UInt, "")                                    \
    X(CL_DEVICE_NUM_THREADS_PER_EU_INTEL, cl_uint, UInt, "")                                       \
    X(CL_DEVICE_FEATURE_CAPABILITIES_INTEL, cl_bitfield, Bits, "")                                 \
    X(CL_DEVICE_SUB_GROUP_SIZES_INTEL, std::vector<size_t>, SizeList, "")                          \
    X(CL_DEVICE_SVM_CAPABILITIES_ARM, cl_bitfield, Bits, "")                                       \
    X(CL_DEVICE_COMPUTE_UNITS_BITFIELD_ARM, cl_ulong, ULong, "")                                   \
    X(CL_DEVICE_JOB_SLOTS_ARM, cl_uint, UInt, "")                                                  \
    X(CL_DEVICE_MAX_WARP_COUNT_ARM, cl_uint, UInt, "")                                             \
    X(CL_DEVICE_EXT_MEM_PADDING_IN_BYTES_QCOM, size_t, Size, "bytes")                              \
    X(CL_DEVICE_PAGE_SIZE_QCOM, size_t, Size, "bytes")

template <cl_device_info P>
struct DeviceInfo;

#define CLW_DEVICE_INFO_TRAIT(P, T, K, U)                                                          \
    template <>                                                                                    \
    struct DeviceInfo<P> {                                                                         \
        using type = T;                                                                            \
        static constexpr const char* kName = #P;                                                   \
    };
CLW_DEVICE_INFO(CLW_DEVICE_INFO_TRAIT)
#undef CLW_DEVICE_INFO_TRAIT

inline constexpr InfoParam kDeviceInfoParams[] = {CLW_DEVICE_INFO(CLW_INFO_ROW)};

} // namespace clw::engine
