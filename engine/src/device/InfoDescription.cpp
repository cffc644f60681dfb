#include "clw/engine/device/InfoDescription.h"

#include "clw/engine/runtime/DeviceInfo.h"
#include "clw/engine/runtime/PlatformInfo.h"

#include <algorithm>

namespace clw::engine {

namespace {

// Topic names, in display order.
constexpr const char* kPlatform = "Platform";
constexpr const char* kIdentity = "Identity";
constexpr const char* kVersions = "Versions";
constexpr const char* kExtensions = "Extensions";
constexpr const char* kCompute = "Compute";
constexpr const char* kWork = "Work-items and groups";
constexpr const char* kVectors = "Vector widths";
constexpr const char* kFloat = "Floating point";
constexpr const char* kGlobal = "Global memory";
constexpr const char* kLocal = "Local and constant memory";
constexpr const char* kImages = "Images";
constexpr const char* kPipes = "Pipes";
constexpr const char* kSvm = "Shared virtual memory";
constexpr const char* kAtomics = "Atomics";
constexpr const char* kQueues = "Queues and command buffers";
constexpr const char* kPartition = "Partitions";
constexpr const char* kExec = "Execution";
constexpr const char* kInterop = "Interop and external memory";
constexpr const char* kNvidia = "Vendor: NVIDIA";
constexpr const char* kAmd = "Vendor: AMD";
constexpr const char* kIntel = "Vendor: Intel";
constexpr const char* kArm = "Vendor: ARM";
constexpr const char* kQcom = "Vendor: Qualcomm";
constexpr const char* kOther = "Other";

const InfoDescription kDescriptions[] = {
    // Platform
    {CL_PLATFORM_NAME, kPlatform, "Name of the platform (the ICD)."},
    {CL_PLATFORM_VENDOR, kPlatform, "Vendor of the platform."},
    {CL_PLATFORM_VERSION, kPlatform, "OpenCL version the platform implements, with vendor text."},
    {CL_PLATFORM_NUMERIC_VERSION, kPlatform, "OpenCL version as major.minor.patch."},
    {CL_PLATFORM_PROFILE, kPlatform, "FULL_PROFILE or EMBEDDED_PROFILE."},
    {CL_PLATFORM_EXTENSIONS, kPlatform, "Extensions every device of the platform supports."},
    {CL_PLATFORM_EXTENSIONS_WITH_VERSION, kPlatform, "Platform extensions with their versions."},
    {CL_PLATFORM_HOST_TIMER_RESOLUTION, kPlatform, "Resolution of the host timer, in ns."},
    {CL_PLATFORM_ICD_SUFFIX_KHR, kPlatform, "Suffix of the platform's extension functions."},
    {CL_PLATFORM_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR, kPlatform,
     "External memory handle types every device can import."},
    {CL_PLATFORM_SEMAPHORE_TYPES_KHR, kPlatform, "Semaphore types every device supports."},
    {CL_PLATFORM_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR, kPlatform,
     "Semaphore handle types every device can import."},
    {CL_PLATFORM_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, kPlatform,
     "Semaphore handle types every device can export."},
    // Identity
    {CL_DEVICE_NAME, kIdentity, "Name of the device."},
    {CL_DEVICE_VENDOR, kIdentity, "Vendor of the device."},
    {CL_DEVICE_VENDOR_ID, kIdentity, "Vendor identifier (a PCI vendor id on most GPUs)."},
    {CL_DEVICE_TYPE, kIdentity, "CPU, GPU, accelerator or custom device."},
    {CL_DEVICE_PLATFORM, kIdentity, "The platform the device belongs to."},
    {CL_DEVICE_AVAILABLE, kIdentity, "Whether the device can be used now."},
    {CL_DEVICE_PROFILE, kIdentity, "FULL_PROFILE or EMBEDDED_PROFILE."},
    {CL_DEVICE_REFERENCE_COUNT, kIdentity, "Reference count (1 for a root device)."},
    {CL_DEVICE_UUID_KHR, kIdentity, "Universally unique identifier of the device."},
    {CL_DRIVER_UUID_KHR, kIdentity, "Universally unique identifier of the driver."},
    {CL_DEVICE_LUID_VALID_KHR, kIdentity, "Whether CL_DEVICE_LUID_KHR holds a valid LUID."},
    {CL_DEVICE_LUID_KHR, kIdentity, "Locally unique identifier (Windows)."},
    {CL_DEVICE_NODE_MASK_KHR, kIdentity, "Node mask of the device (Windows, linked adapters)."},
    {CL_DEVICE_PCI_BUS_INFO_KHR, kIdentity, "PCI domain, bus, device and function."},
    // Versions
    {CL_DEVICE_VERSION, kVersions, "OpenCL version the device supports, with vendor text."},
    {CL_DEVICE_NUMERIC_VERSION, kVersions, "OpenCL version as major.minor.patch."},
    {CL_DRIVER_VERSION, kVersions, "Version of the driver."},
    {CL_DEVICE_OPENCL_C_VERSION, kVersions, "Highest OpenCL C version the compiler supports."},
    {CL_DEVICE_OPENCL_C_ALL_VERSIONS, kVersions, "Every OpenCL C version the compiler supports."},
    {CL_DEVICE_OPENCL_C_FEATURES, kVersions, "Optional OpenCL C 3.0 features (__opencl_c_*)."},
    {CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, kVersions,
     "Latest conformance test suite version the device passed."},
    {CL_DEVICE_IL_VERSION, kVersions, "Intermediate languages the device accepts (SPIR-V)."},
    {CL_DEVICE_ILS_WITH_VERSION, kVersions, "Intermediate languages with their versions."},
    {CL_DEVICE_SPIR_VERSIONS, kVersions, "SPIR versions the device accepts (cl_khr_spir)."},
    {CL_DEVICE_COMPILER_AVAILABLE, kVersions, "Whether a compiler is available to build source."},
    {CL_DEVICE_LINKER_AVAILABLE, kVersions, "Whether a linker is available."},
    // Extensions
    {CL_DEVICE_EXTENSIONS, kExtensions, "Extensions the device supports."},
    {CL_DEVICE_EXTENSIONS_WITH_VERSION, kExtensions, "Extensions with their versions."},
    {CL_DEVICE_BUILT_IN_KERNELS, kExtensions, "Built-in kernels, separated by ';'."},
    {CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, kExtensions, "Built-in kernels with versions."},
    // Compute
    {CL_DEVICE_MAX_COMPUTE_UNITS, kCompute, "Parallel compute units (SMs, CUs, cores)."},
    {CL_DEVICE_MAX_CLOCK_FREQUENCY, kCompute, "Maximum clock frequency, in MHz."},
    {CL_DEVICE_ADDRESS_BITS, kCompute, "Size of a device address, in bits (32 or 64)."},
    {CL_DEVICE_ENDIAN_LITTLE, kCompute, "Whether the device is little-endian."},
    {CL_DEVICE_PROFILING_TIMER_RESOLUTION, kCompute, "Resolution of the profiling timer, in ns."},
    // Work-items and groups
    {CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, kWork, "Dimensions of an ND-range (at least 3)."},
    {CL_DEVICE_MAX_WORK_ITEM_SIZES, kWork, "Largest local size in each dimension."},
    {CL_DEVICE_MAX_WORK_GROUP_SIZE, kWork, "Largest number of work-items in a work-group."},
    {CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, kWork,
     "Work-group sizes that are a multiple of this run best (warp, wavefront)."},
    {CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, kWork,
     "Whether the global size need not be a multiple of the local size."},
    {CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, kWork,
     "Whether work-group collective functions (reduce, scan, broadcast) are supported."},
    {CL_DEVICE_MAX_NUM_SUB_GROUPS, kWork, "Largest number of sub-groups in a work-group."},
    {CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, kWork,
     "Whether sub-groups make independent forward progress."},
    {CL_DEVICE_MAX_PARAMETER_SIZE, kWork, "Largest total size of a kernel's arguments, in bytes."},
    {CL_DEVICE_MAX_NAMED_BARRIER_COUNT_KHR, kWork, "Named barriers per work-group."},
    // Vector widths
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, kVectors, "Preferred vector width for char."},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, kVectors, "Preferred vector width for short."},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, kVectors, "Preferred vector width for int."},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, kVectors, "Preferred vector width for long."},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, kVectors, "Preferred vector width for half (0: none)."},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, kVectors, "Preferred vector width for float."},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, kVectors,
     "Preferred vector width for double (0: no double)."},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, kVectors, "Native ISA vector width for char."},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, kVectors, "Native ISA vector width for short."},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, kVectors, "Native ISA vector width for int."},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, kVectors, "Native ISA vector width for long."},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, kVectors, "Native ISA vector width for half."},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, kVectors, "Native ISA vector width for float."},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, kVectors, "Native ISA vector width for double."},
    // Floating point
    {CL_DEVICE_HALF_FP_CONFIG, kFloat, "Half-precision capabilities (cl_khr_fp16)."},
    {CL_DEVICE_SINGLE_FP_CONFIG, kFloat,
     "Single-precision capabilities: denormals, inf/NaN, rounding modes, FMA."},
    {CL_DEVICE_DOUBLE_FP_CONFIG, kFloat, "Double-precision capabilities (cl_khr_fp64)."},
    {CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR, kFloat,
     "Integer dot product inputs supported (cl_khr_integer_dot_product)."},
    {CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR, kFloat,
     "Which 8-bit dot products are accelerated."},
    {CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR, kFloat,
     "Which packed 4x8-bit dot products are accelerated."},
    // Global memory
    {CL_DEVICE_GLOBAL_MEM_SIZE, kGlobal, "Size of global memory, in bytes."},
    {CL_DEVICE_MAX_MEM_ALLOC_SIZE, kGlobal, "Largest single buffer allocation, in bytes."},
    {CL_DEVICE_ERROR_CORRECTION_SUPPORT, kGlobal, "Whether memory is error-corrected (ECC)."},
    {CL_DEVICE_HOST_UNIFIED_MEMORY, kGlobal, "Whether device and host share one memory."},
    {CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, kGlobal,
     "Global memory cache: none, read-only or read-write."},
    {CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, kGlobal, "Size of the global memory cache, in bytes."},
    {CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, kGlobal, "Global memory cache line, in bytes."},
    {CL_DEVICE_MEM_BASE_ADDR_ALIGN, kGlobal,
     "Alignment of a buffer's base address, in bits (sub-buffer origins)."},
    {CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, kGlobal, "Smallest alignment of any data type, in bytes."},
    {CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, kGlobal,
     "Largest program-scope global variable, in bytes."},
    {CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, kGlobal,
     "Preferred total size of a program's global variables, in bytes."},
    // Local and constant memory
    {CL_DEVICE_LOCAL_MEM_TYPE, kLocal,
     "CL_LOCAL: dedicated local memory; CL_GLOBAL: local memory lives in global memory."},
    {CL_DEVICE_LOCAL_MEM_SIZE, kLocal, "Local memory per work-group, in bytes."},
    {CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, kLocal, "Largest __constant buffer, in bytes."},
    {CL_DEVICE_MAX_CONSTANT_ARGS, kLocal, "Most __constant arguments of one kernel."},
    // Images
    {CL_DEVICE_IMAGE_SUPPORT, kImages, "Whether the device supports images."},
    {CL_DEVICE_MAX_READ_IMAGE_ARGS, kImages, "Most read-only image arguments of one kernel."},
    {CL_DEVICE_MAX_WRITE_IMAGE_ARGS, kImages, "Most write-only image arguments of one kernel."},
    {CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, kImages,
     "Most read-write image arguments of one kernel."},
    {CL_DEVICE_MAX_SAMPLERS, kImages, "Most samplers one kernel can use."},
    {CL_DEVICE_IMAGE2D_MAX_WIDTH, kImages, "Largest 2D image width, in pixels."},
    {CL_DEVICE_IMAGE2D_MAX_HEIGHT, kImages, "Largest 2D image height, in pixels."},
    {CL_DEVICE_IMAGE3D_MAX_WIDTH, kImages, "Largest 3D image width, in pixels."},
    {CL_DEVICE_IMAGE3D_MAX_HEIGHT, kImages, "Largest 3D image height, in pixels."},
    {CL_DEVICE_IMAGE3D_MAX_DEPTH, kImages, "Largest 3D image depth, in pixels."},
    {CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, kImages, "Largest 1D image from a buffer, in pixels."},
    {CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, kImages, "Most images in a 1D or 2D image array."},
    {CL_DEVICE_IMAGE_PITCH_ALIGNMENT, kImages,
     "Row pitch alignment of a 2D image from a buffer, in pixels."},
    {CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, kImages,
     "Base address alignment of a 2D image from a buffer, in pixels."},
    // Pipes
    {CL_DEVICE_PIPE_SUPPORT, kPipes, "Whether the device supports pipes."},
    {CL_DEVICE_MAX_PIPE_ARGS, kPipes, "Most pipe arguments of one kernel."},
    {CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, kPipes,
     "Most active reservations per pipe per work-item."},
    {CL_DEVICE_PIPE_MAX_PACKET_SIZE, kPipes, "Largest pipe packet, in bytes."},
    // Shared virtual memory
    {CL_DEVICE_SVM_CAPABILITIES, kSvm,
     "Shared virtual memory: coarse- or fine-grained buffers, system memory, atomics."},
    // Atomics
    {CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, kAtomics, "Memory orders and scopes of atomics."},
    {CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, kAtomics, "Memory orders and scopes of fences."},
    {CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, kAtomics,
     "Preferred alignment of SVM atomics, in bytes (0: natural)."},
    {CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT, kAtomics,
     "Preferred alignment of global atomics, in bytes (0: natural)."},
    {CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, kAtomics,
     "Preferred alignment of local atomics, in bytes (0: natural)."},
    {CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, kAtomics,
     "Whether the generic address space is supported."},
    {CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT, kAtomics, "Half-precision atomics supported."},
    {CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT, kAtomics, "Single-precision atomics supported."},
    {CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT, kAtomics, "Double-precision atomics supported."},
    // Queues and command buffers
    {CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, kQueues,
     "Properties of host queues: out-of-order execution, profiling."},
    {CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, kQueues, "Whether kernels can enqueue kernels."},
    {CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, kQueues, "Properties of on-device queues."},
    {CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, kQueues,
     "Preferred size of a device queue, in bytes."},
    {CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, kQueues, "Largest device queue, in bytes."},
    {CL_DEVICE_MAX_ON_DEVICE_QUEUES, kQueues, "Most device queues per context."},
    {CL_DEVICE_MAX_ON_DEVICE_EVENTS, kQueues, "Most events in flight on a device queue."},
    {CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR, kQueues,
     "Command buffer capabilities (cl_khr_command_buffer)."},
    {CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR, kQueues,
     "Queue properties a command buffer requires."},
    // Partitions
    {CL_DEVICE_PARENT_DEVICE, kPartition, "The parent of a sub-device; none for a root device."},
    {CL_DEVICE_PARTITION_MAX_SUB_DEVICES, kPartition, "Most sub-devices one partition creates."},
    {CL_DEVICE_PARTITION_PROPERTIES, kPartition, "Ways the device can be partitioned."},
    {CL_DEVICE_PARTITION_AFFINITY_DOMAIN, kPartition, "Affinity domains it can be partitioned by."},
    {CL_DEVICE_PARTITION_TYPE, kPartition, "How a sub-device was partitioned from its parent."},
    // Execution
    {CL_DEVICE_EXECUTION_CAPABILITIES, kExec, "Whether it runs OpenCL kernels and native kernels."},
    {CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, kExec,
     "Whether the application should synchronise interop objects itself."},
    {CL_DEVICE_PRINTF_BUFFER_SIZE, kExec, "Size of the printf buffer, in bytes."},
    {CL_DEVICE_TERMINATE_CAPABILITY_KHR, kExec, "Whether a context can be terminated."},
    // Interop and external memory
    {CL_DEVICE_SEMAPHORE_TYPES_KHR, kInterop, "Semaphore types supported."},
    {CL_DEVICE_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR, kInterop, "Semaphore handle types it imports."},
    {CL_DEVICE_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, kInterop, "Semaphore handle types it exports."},
    {CL_DEVICE_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR, kInterop,
     "External memory handle types it imports."},
    // NVIDIA
    {CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, kNvidia, "CUDA compute capability, major."},
    {CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, kNvidia, "CUDA compute capability, minor."},
    {CL_DEVICE_REGISTERS_PER_BLOCK_NV, kNvidia, "32-bit registers available to a thread block."},
    {CL_DEVICE_WARP_SIZE_NV, kNvidia, "Threads in a warp."},
    {CL_DEVICE_GPU_OVERLAP_NV, kNvidia, "Whether copies overlap with kernels."},
    {CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV, kNvidia, "Whether a watchdog limits kernel run time."},
    {CL_DEVICE_INTEGRATED_MEMORY_NV, kNvidia, "Whether the GPU is integrated with the host."},
    {CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV, kNvidia, "Asynchronous copy engines."},
    {CL_DEVICE_PCI_BUS_ID_NV, kNvidia, "PCI bus of the GPU."},
    {CL_DEVICE_PCI_SLOT_ID_NV, kNvidia, "PCI slot (device) of the GPU."},
    {CL_DEVICE_PCI_DOMAIN_ID_NV, kNvidia, "PCI domain of the GPU."},
    // AMD
    {CL_DEVICE_BOARD_NAME_AMD, kAmd, "Marketing name of the board."},
    {CL_DEVICE_TOPOLOGY_AMD, kAmd, "PCI topology (bus, device, function)."},
    {CL_DEVICE_PROFILING_TIMER_OFFSET_AMD, kAmd, "Offset of the profiling timer, in ns."},
    {CL_DEVICE_GLOBAL_FREE_MEMORY_AMD, kAmd, "Free global memory (total, largest block), in KiB."},
    {CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD, kAmd, "SIMD units per compute unit."},
    {CL_DEVICE_SIMD_WIDTH_AMD, kAmd, "Lanes of a SIMD unit."},
    {CL_DEVICE_SIMD_INSTRUCTION_WIDTH_AMD, kAmd, "Instruction width of a SIMD unit."},
    {CL_DEVICE_WAVEFRONT_WIDTH_AMD, kAmd, "Work-items in a wavefront."},
    {CL_DEVICE_GLOBAL_MEM_CHANNELS_AMD, kAmd, "Global memory channels."},
    {CL_DEVICE_GLOBAL_MEM_CHANNEL_BANKS_AMD, kAmd, "Banks per global memory channel."},
    {CL_DEVICE_GLOBAL_MEM_CHANNEL_BANK_WIDTH_AMD, kAmd, "Width of a channel bank, in bytes."},
    {CL_DEVICE_LOCAL_MEM_SIZE_PER_COMPUTE_UNIT_AMD, kAmd,
     "Local memory per compute unit, in bytes."},
    {CL_DEVICE_LOCAL_MEM_BANKS_AMD, kAmd, "Banks of local memory."},
    {CL_DEVICE_THREAD_TRACE_SUPPORTED_AMD, kAmd, "Whether thread tracing is supported."},
    {CL_DEVICE_GFXIP_MAJOR_AMD, kAmd, "Graphics IP version, major."},
    {CL_DEVICE_GFXIP_MINOR_AMD, kAmd, "Graphics IP version, minor."},
    {CL_DEVICE_AVAILABLE_ASYNC_QUEUES_AMD, kAmd, "Asynchronous queues available."},
    {CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_AMD, kAmd, "Preferred work-group size."},
    {CL_DEVICE_MAX_WORK_GROUP_SIZE_AMD, kAmd, "Largest work-group size the hardware runs."},
    {CL_DEVICE_PREFERRED_CONSTANT_BUFFER_SIZE_AMD, kAmd,
     "Preferred constant buffer size, in bytes."},
    {CL_DEVICE_PCIE_ID_AMD, kAmd, "PCIe device id."},
    // Intel
    {CL_DEVICE_IP_VERSION_INTEL, kIntel, "Graphics IP version."},
    {CL_DEVICE_ID_INTEL, kIntel, "PCI device id."},
    {CL_DEVICE_NUM_SLICES_INTEL, kIntel, "Slices."},
    {CL_DEVICE_NUM_SUB_SLICES_PER_SLICE_INTEL, kIntel, "Sub-slices per slice."},
    {CL_DEVICE_NUM_EUS_PER_SUB_SLICE_INTEL, kIntel, "Execution units per sub-slice."},
    {CL_DEVICE_NUM_THREADS_PER_EU_INTEL, kIntel, "Hardware threads per execution unit."},
    {CL_DEVICE_FEATURE_CAPABILITIES_INTEL, kIntel, "Hardware features (DP4A, DPAS)."},
    {CL_DEVICE_SUB_GROUP_SIZES_INTEL, kIntel, "Sub-group sizes the compiler can use."},
    // ARM
    {CL_DEVICE_SVM_CAPABILITIES_ARM, kArm,
     "Shared virtual memory capabilities (cl_arm_shared_virtual_memory)."},
    {CL_DEVICE_COMPUTE_UNITS_BITFIELD_ARM, kArm, "Which shader cores are present."},
    {CL_DEVICE_JOB_SLOTS_ARM, kArm, "Job slots of the GPU."},
    {CL_DEVICE_MAX_WARP_COUNT_ARM, kArm, "Most warps per shader core."},
    // Qualcomm
    {CL_DEVICE_EXT_MEM_PADDING_IN_BYTES_QCOM, kQcom,
     "Padding needed after external memory, in bytes."},
    {CL_DEVICE_PAGE_SIZE_QCOM, kQcom, "Page size of the device, in bytes."},
};

} // namespace

const InfoDescription* describeInfo(cl_uint param) {
    for (const InfoDescription& description : kDescriptions)
        if (description.id == param)
            return &description;
    return nullptr;
}

std::string infoTopic(cl_uint param) {
    const InfoDescription* description = describeInfo(param);
    return description ? description->topic : kOther;
}

const std::vector<std::string>& infoTopics() {
    static const std::vector<std::string> topics = [] {
        std::vector<std::string> list;
        for (const InfoDescription& description : kDescriptions)
            if (std::find(list.begin(), list.end(), description.topic) == list.end())
                list.emplace_back(description.topic);
        list.emplace_back(kOther);
        return list;
    }();
    return topics;
}

} // namespace clw::engine
