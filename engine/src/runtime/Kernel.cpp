#include "clw/engine/runtime/Kernel.h"

#include "clw/engine/memory/PooledSvm.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/MemoryObject.h"
#include "clw/engine/runtime/Sampler.h"
#include "clw/engine/runtime/SvmAllocation.h"

#include <algorithm>

namespace clw::engine {

Kernel::Kernel(const Program& program, const std::string& name) {
    cl_int code = CL_SUCCESS;
    cl_kernel raw = clApi().clCreateKernel(program.get(), name.c_str(), &code);
    checkCl(code, "clCreateKernel", [&] {
        std::string text = "creating kernel '" + name + "'";
        if (code == CL_INVALID_KERNEL_NAME) {
            try {
                text += " (the program has: " + program.info<CL_PROGRAM_KERNEL_NAMES>() + ")";
            } catch (const ClError&) {
            }
        } else if (code == CL_INVALID_PROGRAM_EXECUTABLE) {
            text += " (build the program first)";
        }
        return text;
    });
    m_handle = Handle<cl_kernel>::adopt(raw);
}

Kernel Kernel::clone() const {
    cl_int code = CL_SUCCESS;
    cl_kernel raw = clApi().clCloneKernel(get(), &code);
    // Naming the kernel queries it, which throws for an invalid kernel: clCloneKernel's error
    // must be the one that reaches the caller.
    checkCl(code, "clCloneKernel", [&] {
        std::string text = "cloning kernel";
        try {
            text += " '" + name() + "'";
        } catch (const ClError&) {
        }
        return text;
    });
    return Kernel(Handle<cl_kernel>::adopt(raw));
}

void Kernel::checkArgIndex(cl_uint index, const char* param) const {
    // OpenCL 3.0, clGetKernelArgInfo: CL_INVALID_ARG_INDEX "if arg_indx is not a valid argument
    // index". Some drivers (NVIDIA 580) answer CL_INVALID_VALUE instead: the engine checks.
    // A kernel that cannot say (an invalid one) is left to clGetKernelArgInfo's own answer.
    cl_uint count = 0;
    if (clApi().clGetKernelInfo(get(), CL_KERNEL_NUM_ARGS, sizeof count, &count, nullptr) !=
            CL_SUCCESS ||
        index < count) [[likely]]
        return;
    std::string text = std::string("reading ") + param + " of argument " + std::to_string(index);
    try {
        text += " of kernel '" + name() + "'";
    } catch (const ClError&) {
    }
    text += " (the kernel has " + std::to_string(count) + " argument" + (count == 1 ? "" : "s") +
            (count ? ", indices 0 to " + std::to_string(count - 1) : std::string()) +
            ": CL_KERNEL_NUM_ARGS)";
    throw ClError(CL_INVALID_ARG_INDEX, "clGetKernelArgInfo", text);
}

KernelArgument Kernel::argument(cl_uint index) const {
    checkArgIndex(index, "the declaration");
    return argumentUnchecked(index);
}

KernelArgument Kernel::argumentUnchecked(cl_uint index) const {
    KernelArgument arg;
    arg.index = index;
    arg.addressQualifier = uncheckedArgInfo<CL_KERNEL_ARG_ADDRESS_QUALIFIER>(index);
    arg.accessQualifier = uncheckedArgInfo<CL_KERNEL_ARG_ACCESS_QUALIFIER>(index);
    arg.typeName = uncheckedArgInfo<CL_KERNEL_ARG_TYPE_NAME>(index);
    arg.typeQualifier = uncheckedArgInfo<CL_KERNEL_ARG_TYPE_QUALIFIER>(index);
    arg.name = uncheckedArgInfo<CL_KERNEL_ARG_NAME>(index);
    return arg;
}

std::vector<KernelArgument> Kernel::arguments() const {
    std::vector<KernelArgument> args;
    const cl_uint count = argCount();
    for (cl_uint i = 0; i < count; ++i)
        args.push_back(argumentUnchecked(i));
    return args;
}

std::string Kernel::describeArgument(cl_uint index) const {
    std::string text = "setting argument " + std::to_string(index);
    try {
        text += " '" + argumentUnchecked(index).declaration() + "'";
    } catch (const ClError&) {
        // No arg info (built without -cl-kernel-arg-info, or index out of range): index only.
    }
    try {
        text += " of kernel '" + name() + "'";
    } catch (const ClError&) {
    }
    return text;
}

void Kernel::setArg(cl_uint index, size_t size, const void* value) const {
    // OpenCL 3.0, clSetKernelArg: CL_INVALID_ARG_SIZE "if arg_size is zero and the argument is
    // declared with the local qualifier"; no other argument is 0 bytes either. Some drivers
    // (NVIDIA 580) take a 0-byte __local argument: the engine checks, with one compare.
    if (size == 0) [[unlikely]]
        throw ClError(CL_INVALID_ARG_SIZE, "clSetKernelArg",
                      describeArgument(index) +
                          " to 0 bytes (a __local argument needs its size in bytes, as "
                          "LocalMemory{bytes} with bytes above 0; no argument is 0 bytes)");
    checkCl(clApi().clSetKernelArg(get(), index, size, value), "clSetKernelArg",
            [&] { return describeArgument(index); });
}

void Kernel::setArg(cl_uint index, const MemoryObject& memory) const {
    cl_mem raw = memory.get();
    setArg(index, sizeof raw, &raw);
}

void Kernel::setArg(cl_uint index, const Sampler& sampler) const {
    cl_sampler raw = sampler.get();
    setArg(index, sizeof raw, &raw);
}

void Kernel::setArg(cl_uint index, LocalMemory local) const {
    // A __local argument takes its size and a null value.
    setArg(index, local.size, nullptr);
}

void Kernel::setArg(cl_uint index, const CommandQueue& deviceQueue) const {
    cl_command_queue raw = deviceQueue.get();
    setArg(index, sizeof raw, &raw);
}

void Kernel::setArg(cl_uint index, const SvmAllocation& svm) const {
    setArgSvmPointer(index, svm.data());
}

void Kernel::setArg(cl_uint index, const PooledSvm& svm) const {
    setArgSvmPointer(index, svm.data());
}

void Kernel::setArgSvmPointer(cl_uint index, const void* pointer) const {
    checkCl(clApi().clSetKernelArgSVMPointer(get(), index, pointer), "clSetKernelArgSVMPointer",
            [&] { return describeArgument(index); });
}

void Kernel::setIndirectSvmPointers(const std::vector<void*>& pointers) const {
    checkCl(clApi().clSetKernelExecInfo(get(), CL_KERNEL_EXEC_INFO_SVM_PTRS,
                                        pointers.size() * sizeof(void*), pointers.data()),
            "clSetKernelExecInfo", [&] {
                std::string text = "setting the SVM pointers of kernel";
                try {
                    text += " '" + name() + "'";
                } catch (const ClError&) {
                }
                return text;
            });
}

Event Kernel::launch(const CommandQueue& queue, const NDRange& global, const NDRange& local) const {
    return queue.ndRange(*this, global, local);
}

namespace {

// CL_DEVICE_MAX_NUM_SUB_GROUPS; 0 also where the device cannot say (before OpenCL 2.1).
cl_uint maxSubGroups(const Device& device) {
    try {
        return device.info<CL_DEVICE_MAX_NUM_SUB_GROUPS>();
    } catch (const ClError&) {
        return 0;
    }
}

} // namespace

void Kernel::querySubGroupInfo(const Device& device, cl_kernel_sub_group_info param,
                               const char* paramName, const void* input, size_t inputSize,
                               void* value, size_t valueSize, size_t* valueSizeRet) const {
    const cl_int code = clApi().clGetKernelSubGroupInfo(get(), device.get(), param, inputSize,
                                                        input, valueSize, value, valueSizeRet);
    if (code == CL_SUCCESS)
        return;
    std::string doing = std::string("reading ") + paramName;
    try {
        doing += " of kernel '" + name() + "'";
    } catch (const ClError&) {
    }
    try {
        doing += " on device '" + device.name() + "'";
    } catch (const ClError&) {
    }
    // The specification's answer for a device without sub-groups is CL_INVALID_OPERATION; the
    // engine gives that on every driver, so a caller can tell "no sub-groups" from a bad query.
    if (maxSubGroups(device) == 0) {
        doing += " (the device has no sub-groups: CL_DEVICE_MAX_NUM_SUB_GROUPS is 0, so ask a "
                 "device that reports some";
        if (code != CL_INVALID_OPERATION)
            doing += "; the driver answered " + errorName(code);
        throw ClError(CL_INVALID_OPERATION, "clGetKernelSubGroupInfo", doing + ")");
    }
    throw ClError(code, "clGetKernelSubGroupInfo", doing);
}

NDRange Kernel::localSizeForSubGroupCount(const Device& device, const void* input,
                                          size_t inputSize) const {
    // The driver fills as many dimensions as there is room for, the specification says with a
    // one-dimensional work-group and 1 in the others. Room for three, then the trailing 1s
    // dropped, gives that one dimension (or more, from a driver that uses them).
    size_t sizes[3] = {0, 1, 1};
    size_t written = 0;
    querySubGroupInfo(device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                      "CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT", input, inputSize, sizes,
                      sizeof sizes, &written);
    size_t dims = written ? std::clamp<size_t>(written / sizeof(size_t), 1, 3) : 3;
    while (dims > 1 && sizes[dims - 1] == 1)
        --dims;
    if (dims == 3)
        return NDRange(sizes[0], sizes[1], sizes[2]);
    if (dims == 2)
        return NDRange(sizes[0], sizes[1]);
    return NDRange(sizes[0]);
}

} // namespace clw::engine
