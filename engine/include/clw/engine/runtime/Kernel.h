#pragma once
#include "clw/engine/runtime/Event.h"
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/KernelArgument.h"
#include "clw/engine/runtime/KernelSubGroupInfo.h"
#include "clw/engine/runtime/LocalMemory.h"
#include "clw/engine/runtime/NDRange.h"
#include "clw/engine/runtime/ObjectInfo.h"
#include "clw/engine/runtime/Program.h"

#include <string>
#include <type_traits>
#include <vector>

namespace clw::engine {

class CommandQueue;
class MemoryObject;
class PooledSvm;
class Sampler;
class SvmAllocation;

// A kernel of a built program. clSetKernelArg is not thread-safe on one kernel: a Kernel is used
// by one thread at a time; clone() gives another thread its own (DESIGN.md §3).
class Kernel {
public:
    Kernel() = default;
    // Throws ClError with CL_INVALID_KERNEL_NAME when the program has no such kernel and
    // CL_INVALID_PROGRAM_EXECUTABLE when the program is not built.
    Kernel(const Program& program, const std::string& name);
    static Kernel retain(cl_kernel raw) { return Kernel(Handle<cl_kernel>::retain(raw)); }
    static Kernel adopt(cl_kernel raw) { return Kernel(Handle<cl_kernel>::adopt(raw)); }

    cl_kernel get() const noexcept { return m_handle.get(); }
    explicit operator bool() const noexcept { return bool(m_handle); }

    // A copy with the same arguments set (clCloneKernel, OpenCL 2.1).
    Kernel clone() const;

    template <cl_kernel_info P>
    typename KernelInfo<P>::type info() const {
        return detail::queryInfo<typename KernelInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetKernelInfo(get(), P, s, v, r);
            },
            "clGetKernelInfo", KernelInfo<P>::kName);
    }
    template <cl_kernel_work_group_info P>
    typename KernelWorkGroupInfo<P>::type workGroupInfo(const Device& device) const {
        return detail::queryInfo<typename KernelWorkGroupInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetKernelWorkGroupInfo(get(), device.get(), P, s, v, r);
            },
            "clGetKernelWorkGroupInfo", KernelWorkGroupInfo<P>::kName);
    }
    // Sub-group info (OpenCL 2.1), with the input the parameter takes: a local size for
    // CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE and CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, a
    // sub-group count for CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, none for
    // CL_KERNEL_MAX_NUM_SUB_GROUPS and CL_KERNEL_COMPILE_NUM_SUB_GROUPS. On a device without
    // sub-groups (CL_DEVICE_MAX_NUM_SUB_GROUPS is 0) throws ClError with CL_INVALID_OPERATION,
    // whatever the driver answered, and says so.
    template <cl_kernel_sub_group_info P>
    requires(!std::is_same_v<typename KernelSubGroupInfo<P>::input, NoSubGroupInput>)
        typename KernelSubGroupInfo<P>::type
        subGroupInfo(const Device& device,
                     const typename KernelSubGroupInfo<P>::input& input) const {
        using Input = typename KernelSubGroupInfo<P>::input;
        if constexpr (std::is_same_v<Input, NDRange>)
            return subGroupResult<P>(device, input.data(), input.dimensions() * sizeof(size_t));
        else
            return subGroupResult<P>(device, &input, sizeof input);
    }
    template <cl_kernel_sub_group_info P>
    requires std::is_same_v<typename KernelSubGroupInfo<P>::input, NoSubGroupInput>
    typename KernelSubGroupInfo<P>::type subGroupInfo(const Device& device) const {
        return subGroupResult<P>(device, nullptr, 0);
    }
    // Throws ClError with CL_INVALID_ARG_INDEX, from clGetKernelArgInfo, for an index at or above
    // CL_KERNEL_NUM_ARGS, on every driver.
    template <cl_kernel_arg_info P>
    typename KernelArgInfo<P>::type argInfo(cl_uint index) const {
        checkArgIndex(index, KernelArgInfo<P>::kName);
        return uncheckedArgInfo<P>(index);
    }

    std::string name() const { return info<CL_KERNEL_FUNCTION_NAME>(); }
    cl_uint argCount() const { return info<CL_KERNEL_NUM_ARGS>(); }
    Program program() const { return Program::retain(info<CL_KERNEL_PROGRAM>()); }
    Context context() const { return Context::retain(info<CL_KERNEL_CONTEXT>()); }
    // Every argument's info; throws ClError with CL_KERNEL_ARG_INFO_NOT_AVAILABLE when the
    // program was built without -cl-kernel-arg-info on a driver that needs it, and with
    // CL_INVALID_ARG_INDEX for an index at or above CL_KERNEL_NUM_ARGS.
    KernelArgument argument(cl_uint index) const;
    std::vector<KernelArgument> arguments() const;

    // Arguments. Each failure throws ClError naming the argument and the kernel; a 0-byte
    // argument (LocalMemory{0} among them) is CL_INVALID_ARG_SIZE on every driver.
    void setArg(cl_uint index, size_t size, const void* value) const;
    void setArg(cl_uint index, const MemoryObject& memory) const; // buffers, images, pipes
    void setArg(cl_uint index, const Sampler& sampler) const;
    void setArg(cl_uint index, LocalMemory local) const;
    void setArg(cl_uint index, const CommandQueue& deviceQueue) const; // queue_t
    void setArg(cl_uint index, const SvmAllocation& svm) const;
    void setArg(cl_uint index, const PooledSvm& svm) const;
    // Scalars and vectors (cl_float4 and friends; 3-component vectors are sized as 4). Engine
    // objects are not trivially copyable, so they take the overloads above.
    template <class T,
              std::enable_if_t<std::is_trivially_copyable_v<T> && !std::is_pointer_v<T>, int> = 0>
    void setArg(cl_uint index, const T& value) const {
        setArg(index, sizeof(T), &value);
    }
    void setArgSvmPointer(cl_uint index, const void* pointer) const;
    // Sets arguments 0, 1, 2, ... in order.
    template <class... Args>
    void setArgs(const Args&... args) const {
        cl_uint index = 0;
        (setArg(index++, args), ...);
    }
    // The seeds' kernel(queue, global, local, *args): sets arguments 0, 1, 2, ... in order and
    // launches on `queue`, whose event it returns. An empty `local` lets the driver choose. Like
    // every setArg, not for two threads on one kernel at once (clone() one for each thread).
    template <class... Args>
    Event operator()(const CommandQueue& queue, const NDRange& global, const NDRange& local,
                     const Args&... args) const {
        setArgs(args...);
        return launch(queue, global, local);
    }
    // SVM pointers the kernel reaches without them being arguments
    // (CL_KERNEL_EXEC_INFO_SVM_PTRS).
    void setIndirectSvmPointers(const std::vector<void*>& pointers) const;

    friend bool operator==(const Kernel& a, const Kernel& b) { return a.get() == b.get(); }

private:
    explicit Kernel(Handle<cl_kernel> handle)
        : m_handle(std::move(handle)) {}
    // "argument 2 'float *out' of kernel 'blur'" (without the declaration when arg info is
    // unavailable).
    std::string describeArgument(cl_uint index) const;
    // Throws ClError with CL_INVALID_ARG_INDEX unless index < CL_KERNEL_NUM_ARGS; `param` names
    // what was being read, for the message.
    void checkArgIndex(cl_uint index, const char* param) const;
    KernelArgument argumentUnchecked(cl_uint index) const;
    template <cl_kernel_arg_info P>
    typename KernelArgInfo<P>::type uncheckedArgInfo(cl_uint index) const {
        return detail::queryInfo<typename KernelArgInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetKernelArgInfo(get(), index, P, s, v, r);
            },
            "clGetKernelArgInfo", KernelArgInfo<P>::kName);
    }
    Event launch(const CommandQueue& queue, const NDRange& global, const NDRange& local) const;
    // One clGetKernelSubGroupInfo call into `value`; its errors name the query, the kernel and,
    // where the device has none, the missing sub-groups.
    void querySubGroupInfo(const Device& device, cl_kernel_sub_group_info param,
                           const char* paramName, const void* input, size_t inputSize, void* value,
                           size_t valueSize, size_t* valueSizeRet) const;
    NDRange localSizeForSubGroupCount(const Device& device, const void* input,
                                      size_t inputSize) const;
    template <cl_kernel_sub_group_info P>
    typename KernelSubGroupInfo<P>::type subGroupResult(const Device& device, const void* input,
                                                        size_t inputSize) const {
        if constexpr (std::is_same_v<typename KernelSubGroupInfo<P>::type, NDRange>) {
            return localSizeForSubGroupCount(device, input, inputSize);
        } else {
            typename KernelSubGroupInfo<P>::type value{};
            querySubGroupInfo(device, P, KernelSubGroupInfo<P>::kName, input, inputSize, &value,
                              sizeof value, nullptr);
            return value;
        }
    }
    Handle<cl_kernel> m_handle;
};

} // namespace clw::engine
