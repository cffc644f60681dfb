// Kernels and their launches. A launch checks its range and arguments as a driver does, then
// completes without running anything.
#include "DeviceLimits.h"
#include "EventCalls.h"
#include "FakeApi.h"
#include "FaultInjection.h"
#include "InfoReply.h"

#include <algorithm>
#include <array>

namespace clw::fakecl {

namespace {

cl_kernel makeKernel(cl_program program, const KernelDeclaration& declaration) {
    auto* kernel = new _cl_kernel;
    retain(program);
    ++program->kernelObjects;
    kernel->program = program;
    kernel->declaration = declaration;
    kernel->argumentSet.assign(declaration.numArgs, false);
    return kernel;
}

cl_int checkRange(cl_uint workDim, const size_t* global, const size_t* local) {
    if (workDim < 1 || workDim > kMaxWorkItemDimensions)
        return CL_INVALID_WORK_DIMENSION;
    if (!global)
        return CL_INVALID_GLOBAL_WORK_SIZE;
    for (cl_uint i = 0; i < workDim; ++i)
        if (global[i] == 0)
            return CL_INVALID_GLOBAL_WORK_SIZE; // OpenCL 1.2 has no empty ranges
    if (!local)
        return CL_SUCCESS;
    size_t items = 1;
    for (cl_uint i = 0; i < workDim; ++i) {
        if (local[i] == 0 || local[i] > kMaxWorkItemSize)
            return CL_INVALID_WORK_ITEM_SIZE;
        if (global[i] % local[i] != 0) // no non-uniform work-groups before OpenCL 2.0
            return CL_INVALID_WORK_GROUP_SIZE;
        items *= local[i];
    }
    return items > kMaxWorkGroupSize ? CL_INVALID_WORK_GROUP_SIZE : CL_SUCCESS;
}

// What every launch checks first: the queue, the kernel, their context, the arguments.
cl_int checkLaunch(cl_command_queue queue, cl_kernel kernel) {
    if (!valid(queue))
        return CL_INVALID_COMMAND_QUEUE;
    if (!valid(kernel))
        return CL_INVALID_KERNEL;
    if (kernel->program->context != queue->context)
        return CL_INVALID_CONTEXT;
    const auto& set = kernel->argumentSet;
    return std::find(set.begin(), set.end(), false) == set.end() ? CL_SUCCESS
                                                                 : CL_INVALID_KERNEL_ARGS;
}

} // namespace

void destroy(cl_kernel kernel) {
    const cl_program program = kernel->program;
    delete kernel;
    --program->kernelObjects;
    release(program);
}

cl_kernel clCreateKernel(cl_program program, const char* kernel_name, cl_int* errcode_ret) {
    faultPoint(__func__);
    if (!valid(program))
        return failWith(CL_INVALID_PROGRAM, errcode_ret);
    if (!kernel_name)
        return failWith(CL_INVALID_VALUE, errcode_ret);
    std::lock_guard lock(program->mutex);
    if (program->status != CL_BUILD_SUCCESS)
        return failWith(CL_INVALID_PROGRAM_EXECUTABLE, errcode_ret);
    const auto found = std::find_if(
        program->kernels.begin(), program->kernels.end(),
        [&](const KernelDeclaration& declaration) { return declaration.name == kernel_name; });
    if (found == program->kernels.end())
        return failWith(CL_INVALID_KERNEL_NAME, errcode_ret);
    return succeedWith(makeKernel(program, *found), errcode_ret);
}

cl_int clCreateKernelsInProgram(cl_program program, cl_uint num_kernels, cl_kernel* kernels,
                                cl_uint* num_kernels_ret) {
    faultPoint(__func__);
    if (!valid(program))
        return CL_INVALID_PROGRAM;
    std::lock_guard lock(program->mutex);
    if (program->status != CL_BUILD_SUCCESS)
        return CL_INVALID_PROGRAM_EXECUTABLE;
    const auto count = cl_uint(program->kernels.size());
    if (kernels && num_kernels < count)
        return CL_INVALID_VALUE;
    if (kernels)
        for (cl_uint i = 0; i < count; ++i)
            kernels[i] = makeKernel(program, program->kernels[i]);
    if (num_kernels_ret)
        *num_kernels_ret = count;
    return CL_SUCCESS;
}

cl_int clRetainKernel(cl_kernel kernel) {
    faultPoint(__func__);
    if (!valid(kernel))
        return CL_INVALID_KERNEL;
    retain(kernel);
    return CL_SUCCESS;
}

cl_int clReleaseKernel(cl_kernel kernel) {
    faultPoint(__func__);
    if (!valid(kernel))
        return CL_INVALID_KERNEL;
    release(kernel);
    return CL_SUCCESS;
}

// Any value of any size is taken: the fake has no types to check it against.
cl_int clSetKernelArg(cl_kernel kernel, cl_uint arg_index, size_t arg_size, const void* arg_value) {
    faultPoint(__func__);
    (void)arg_size;
    (void)arg_value;
    if (!valid(kernel))
        return CL_INVALID_KERNEL;
    if (arg_index >= kernel->declaration.numArgs)
        return CL_INVALID_ARG_INDEX;
    kernel->argumentSet[arg_index] = true;
    return CL_SUCCESS;
}

cl_int clGetKernelInfo(cl_kernel kernel, cl_kernel_info param_name, size_t param_value_size,
                       void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(kernel))
        return CL_INVALID_KERNEL;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    switch (param_name) {
    case CL_KERNEL_FUNCTION_NAME:
        return reply.string(kernel->declaration.name);
    case CL_KERNEL_NUM_ARGS:
        return reply.value(kernel->declaration.numArgs);
    case CL_KERNEL_REFERENCE_COUNT:
        return reply.value(kernel->references.load());
    case CL_KERNEL_CONTEXT:
        return reply.value(kernel->program->context);
    case CL_KERNEL_PROGRAM:
        return reply.value(kernel->program);
    case CL_KERNEL_ATTRIBUTES:
        return reply.string("");
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
                                cl_kernel_work_group_info param_name, size_t param_value_size,
                                void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(kernel))
        return CL_INVALID_KERNEL;
    if (device && !validDevice(device))
        return CL_INVALID_DEVICE;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    switch (param_name) {
    case CL_KERNEL_WORK_GROUP_SIZE:
        return reply.value(kMaxWorkGroupSize);
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
        static constexpr std::array<size_t, 3> kNone{0, 0, 0};
        return reply.array(std::span<const size_t>(kNone));
    }
    case CL_KERNEL_LOCAL_MEM_SIZE:
    case CL_KERNEL_PRIVATE_MEM_SIZE:
        return reply.value(cl_ulong(0));
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
        return reply.value(size_t(1));
    default: // CL_KERNEL_GLOBAL_WORK_SIZE too: for custom devices and built-in kernels only
        return CL_INVALID_VALUE;
    }
}

// As from a program built without -cl-kernel-arg-info.
cl_int clGetKernelArgInfo(cl_kernel kernel, cl_uint arg_indx, cl_kernel_arg_info param_name,
                          size_t param_value_size, void* param_value,
                          size_t* param_value_size_ret) {
    faultPoint(__func__);
    (void)param_name;
    (void)param_value_size;
    (void)param_value;
    (void)param_value_size_ret;
    if (!valid(kernel))
        return CL_INVALID_KERNEL;
    if (arg_indx >= kernel->declaration.numArgs)
        return CL_INVALID_ARG_INDEX;
    return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
}

cl_int clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
                              const size_t* global_work_offset, const size_t* global_work_size,
                              const size_t* local_work_size, cl_uint num_events_in_wait_list,
                              const cl_event* event_wait_list, cl_event* event) {
    faultPoint(__func__);
    (void)global_work_offset; // any offset fits a 64-bit device
    if (const cl_int code = checkLaunch(command_queue, kernel); code != CL_SUCCESS)
        return code;
    if (const cl_int code = checkRange(work_dim, global_work_size, local_work_size);
        code != CL_SUCCESS)
        return code;
    if (const cl_int code = checkEnqueue(command_queue, num_events_in_wait_list, event_wait_list);
        code != CL_SUCCESS)
        return code;
    completeCommand(command_queue, CL_COMMAND_NDRANGE_KERNEL, event);
    return CL_SUCCESS;
}

cl_int clEnqueueTask(cl_command_queue command_queue, cl_kernel kernel,
                     cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
                     cl_event* event) {
    faultPoint(__func__);
    // One work-item in one work-group: no range to check.
    if (const cl_int code = checkLaunch(command_queue, kernel); code != CL_SUCCESS)
        return code;
    if (const cl_int code = checkEnqueue(command_queue, num_events_in_wait_list, event_wait_list);
        code != CL_SUCCESS)
        return code;
    completeCommand(command_queue, CL_COMMAND_TASK, event);
    return CL_SUCCESS;
}

} // namespace clw::fakecl
