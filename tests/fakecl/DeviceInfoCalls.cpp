// clGetDeviceInfo: the OpenCL 1.2 parameters, with values a small CPU device could have. Later
// versions' parameters and vendors' are CL_INVALID_VALUE, as from a real 1.2 driver.
#include "DeviceLimits.h"
#include "FakeApi.h"
#include "FaultInjection.h"
#include "IcdObjects.h"
#include "InfoReply.h"

#include <array>

namespace clw::fakecl {

namespace {

cl_int answerString(cl_device_info param, const InfoReply& reply) {
    switch (param) {
    case CL_DEVICE_NAME:
        return reply.string("Fake Device");
    case CL_DEVICE_VENDOR:
        return reply.string("CL Workbench");
    case CL_DRIVER_VERSION:
        return reply.string("1.0");
    case CL_DEVICE_PROFILE:
        return reply.string("FULL_PROFILE");
    case CL_DEVICE_VERSION:
        return reply.string("OpenCL 1.2 fake");
    case CL_DEVICE_OPENCL_C_VERSION:
        return reply.string("OpenCL C 1.2");
    case CL_DEVICE_EXTENSIONS: // the 1.0 extensions that 1.1 made core, as 1.2 drivers list them
        return reply.string("cl_khr_global_int32_base_atomics "
                            "cl_khr_global_int32_extended_atomics "
                            "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics "
                            "cl_khr_byte_addressable_store");
    case CL_DEVICE_BUILT_IN_KERNELS:
        return reply.string("");
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int answerUint(cl_device_info param, const InfoReply& reply) {
    switch (param) {
    case CL_DEVICE_VENDOR_ID:
        return reply.value(cl_uint(0));
    case CL_DEVICE_MAX_COMPUTE_UNITS:
        return reply.value(cl_uint(1));
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
        return reply.value(kMaxWorkItemDimensions);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
        return reply.value(cl_uint(16));
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
        return reply.value(cl_uint(8));
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
        return reply.value(cl_uint(4));
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
        return reply.value(cl_uint(2));
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE: // no cl_khr_fp64
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF: // no cl_khr_fp16
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
        return reply.value(cl_uint(0));
    case CL_DEVICE_MAX_CLOCK_FREQUENCY:
        return reply.value(cl_uint(1000));
    case CL_DEVICE_ADDRESS_BITS:
        return reply.value(cl_uint(64));
    case CL_DEVICE_MAX_READ_IMAGE_ARGS: // no image support
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
    case CL_DEVICE_MAX_SAMPLERS:
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: // cannot be partitioned
        return reply.value(cl_uint(0));
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
        return reply.value(kMemBaseAddrAlignBits);
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
        return reply.value(cl_uint(128));
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
        return reply.value(cl_uint(64));
    case CL_DEVICE_MAX_CONSTANT_ARGS:
        return reply.value(cl_uint(8));
    case CL_DEVICE_REFERENCE_COUNT: // a root device
        return reply.value(cl_uint(1));
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int answerSize(cl_device_info param, const InfoReply& reply) {
    switch (param) {
    case CL_DEVICE_MAX_WORK_GROUP_SIZE:
        return reply.value(kMaxWorkGroupSize);
    case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
        static constexpr std::array<size_t, 3> kSizes{kMaxWorkItemSize, kMaxWorkItemSize,
                                                      kMaxWorkItemSize};
        return reply.array(std::span<const size_t>(kSizes));
    }
    case CL_DEVICE_IMAGE2D_MAX_WIDTH: // no image support
    case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
        return reply.value(size_t(0));
    case CL_DEVICE_MAX_PARAMETER_SIZE:
        return reply.value(size_t(1024));
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
        return reply.value(size_t(1));
    case CL_DEVICE_PRINTF_BUFFER_SIZE:
        return reply.value(size_t(1) << 20);
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int answerUlong(cl_device_info param, const InfoReply& reply) {
    switch (param) {
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
        return reply.value(kMaxMemAllocSize);
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
        return reply.value(cl_ulong(1) << 20);
    case CL_DEVICE_GLOBAL_MEM_SIZE:
        return reply.value(kGlobalMemSize);
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
        return reply.value(cl_ulong(64) << 10);
    case CL_DEVICE_LOCAL_MEM_SIZE:
        return reply.value(kLocalMemSize);
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int answerBool(cl_device_info param, const InfoReply& reply) {
    switch (param) {
    case CL_DEVICE_AVAILABLE:
    case CL_DEVICE_COMPILER_AVAILABLE:
    case CL_DEVICE_LINKER_AVAILABLE:
    case CL_DEVICE_ENDIAN_LITTLE:
    case CL_DEVICE_HOST_UNIFIED_MEMORY:
    case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
        return reply.boolean(true);
    case CL_DEVICE_IMAGE_SUPPORT:
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
        return reply.boolean(false);
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int answerOther(cl_device_info param, const InfoReply& reply) {
    switch (param) {
    case CL_DEVICE_TYPE:
        return reply.value(cl_device_type(CL_DEVICE_TYPE_CPU));
    case CL_DEVICE_PLATFORM:
        return reply.value(thePlatform());
    case CL_DEVICE_PARENT_DEVICE:
        return reply.value(cl_device_id(nullptr));
    case CL_DEVICE_SINGLE_FP_CONFIG:
        return reply.value(
            cl_device_fp_config(CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST));
    case CL_DEVICE_DOUBLE_FP_CONFIG: // no cl_khr_fp64
    case CL_DEVICE_HALF_FP_CONFIG:   // no cl_khr_fp16
        return reply.value(cl_device_fp_config(0));
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
        return reply.value(cl_device_mem_cache_type(CL_READ_WRITE_CACHE));
    case CL_DEVICE_LOCAL_MEM_TYPE: // a CPU's local memory is its global memory
        return reply.value(cl_device_local_mem_type(CL_GLOBAL));
    case CL_DEVICE_EXECUTION_CAPABILITIES:
        return reply.value(cl_device_exec_capabilities(CL_EXEC_KERNEL));
    case CL_DEVICE_QUEUE_PROPERTIES:
        return reply.value(cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE));
    case CL_DEVICE_PARTITION_PROPERTIES: // none: one 0
    case CL_DEVICE_PARTITION_TYPE:       // a root device: one 0
        return reply.value(cl_device_partition_property(0));
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
        return reply.value(cl_device_affinity_domain(0));
    default:
        return CL_INVALID_VALUE;
    }
}

} // namespace

cl_int clGetDeviceInfo(cl_device_id device, cl_device_info param_name, size_t param_value_size,
                       void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!validDevice(device))
        return CL_INVALID_DEVICE;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    // Each answers its own parameters and CL_INVALID_VALUE for the others.
    for (auto answer : {answerString, answerUint, answerSize, answerUlong, answerBool, answerOther})
        if (const cl_int code = answer(param_name, reply); code != CL_INVALID_VALUE)
            return code;
    return CL_INVALID_VALUE;
}

} // namespace clw::fakecl
