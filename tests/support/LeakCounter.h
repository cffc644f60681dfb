#pragma once
// Counts, through the C-API seam, every create, retain and release of every OpenCL object by
// handle (and every SVM allocation and free by pointer), so that a test can check that the
// engine released exactly what it created or retained. One LeakCounter at a time; install() it
// before the objects under test exist.
#include "clw/engine/runtime/ClApi.h"

#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace clw::test {

namespace leak {

struct Counts {
    const char* type = "";
    int created = 0;
    int retained = 0;
    int released = 0;
};

struct State {
    engine::ClApi real;
    std::mutex mutex;
    std::map<const void*, Counts> handles;
    std::map<const void*, int> svm; // allocations minus frees
    std::map<std::string, int> calls;
};

inline State& state() {
    static State s;
    return s;
}

template <class T>
constexpr const char* typeLabel() {
    if constexpr (std::is_same_v<T, cl_context>)
        return "cl_context";
    else if constexpr (std::is_same_v<T, cl_command_queue>)
        return "cl_command_queue";
    else if constexpr (std::is_same_v<T, cl_mem>)
        return "cl_mem";
    else if constexpr (std::is_same_v<T, cl_sampler>)
        return "cl_sampler";
    else if constexpr (std::is_same_v<T, cl_program>)
        return "cl_program";
    else if constexpr (std::is_same_v<T, cl_kernel>)
        return "cl_kernel";
    else if constexpr (std::is_same_v<T, cl_event>)
        return "cl_event";
    else if constexpr (std::is_same_v<T, cl_device_id>)
        return "cl_device_id";
    else
        return "object";
}

template <class T>
void note(T handle, int Counts::*field) {
    std::lock_guard lock(state().mutex);
    Counts& counts = state().handles[static_cast<const void*>(handle)];
    counts.type = typeLabel<T>();
    ++(counts.*field);
}

inline void noteCall(const char* function) {
    std::lock_guard lock(state().mutex);
    ++state().calls[function];
}

inline void noteSvm(const void* pointer, int delta) {
    std::lock_guard lock(state().mutex);
    state().svm[pointer] += delta;
}

template <auto Member>
const char* functionName() {
#define CLW_LEAK_NAME_CASE(n)                                                                      \
    if constexpr (std::is_same_v<decltype(Member), decltype(&engine::ClApi::n)>) {                 \
        if (Member == &engine::ClApi::n)                                                           \
            return #n;                                                                             \
    }
    CLW_CL_FUNCTIONS(CLW_LEAK_NAME_CASE)
#undef CLW_LEAK_NAME_CASE
    return "?";
}

template <auto Member,
          class F = std::remove_reference_t<decltype(std::declval<engine::ClApi&>().*Member)>>
struct Wrap;

template <auto Member, class R, class... A>
struct Wrap<Member, R (*)(A...)> {
    static R real(A... a) {
        noteCall(functionName<Member>());
        return (state().real.*Member)(a...);
    }
    // clCreate*, clLinkProgram, clCloneKernel, clCreateUserEvent: the handle returned.
    static R CL_API_CALL create(A... a) {
        R handle = real(a...);
        if (handle)
            note(handle, &Counts::created);
        return handle;
    }
    static R CL_API_CALL retain(A... a) {
        const R code = real(a...);
        if (code == CL_SUCCESS)
            note(a..., &Counts::retained);
        return code;
    }
    static R CL_API_CALL release(A... a) {
        const R code = real(a...);
        if (code == CL_SUCCESS)
            note(a..., &Counts::released);
        return code;
    }
    // clEnqueue* whose last parameter is the event out-parameter.
    static R CL_API_CALL enqueue(A... a) {
        const R code = real(a...);
        cl_event* event = std::get<sizeof...(A) - 1>(std::forward_as_tuple(a...));
        if (code == CL_SUCCESS && event && *event)
            note(*event, &Counts::created);
        return code;
    }
    // clEnqueueMap*: the event before the error code.
    static R CL_API_CALL map(A... a) {
        R mapped = real(a...);
        auto args = std::forward_as_tuple(a...);
        cl_int* code = std::get<sizeof...(A) - 1>(args);
        cl_event* event = std::get<sizeof...(A) - 2>(args);
        if ((!code || *code == CL_SUCCESS) && mapped && event && *event)
            note(*event, &Counts::created);
        return mapped;
    }
};

inline cl_int CL_API_CALL createSubDevices(cl_device_id device,
                                           const cl_device_partition_property* properties,
                                           cl_uint count, cl_device_id* out, cl_uint* countRet) {
    noteCall("clCreateSubDevices");
    const cl_int code = state().real.clCreateSubDevices(device, properties, count, out, countRet);
    if (code == CL_SUCCESS && out)
        for (cl_uint i = 0; i < count; ++i)
            if (out[i])
                note(out[i], &Counts::created);
    return code;
}

inline cl_int CL_API_CALL createKernelsInProgram(cl_program program, cl_uint count,
                                                 cl_kernel* kernels, cl_uint* countRet) {
    noteCall("clCreateKernelsInProgram");
    cl_uint made = 0;
    const cl_int code =
        state().real.clCreateKernelsInProgram(program, count, kernels, countRet ? countRet : &made);
    if (code == CL_SUCCESS && kernels) {
        const cl_uint n = countRet ? *countRet : made;
        for (cl_uint i = 0; i < n && i < count; ++i)
            note(kernels[i], &Counts::created);
    }
    return code;
}

inline void* CL_API_CALL svmAlloc(cl_context context, cl_svm_mem_flags flags, size_t size,
                                  cl_uint alignment) {
    noteCall("clSVMAlloc");
    void* pointer = state().real.clSVMAlloc(context, flags, size, alignment);
    if (pointer)
        noteSvm(pointer, +1);
    return pointer;
}

inline void CL_API_CALL svmFree(cl_context context, void* pointer) {
    noteCall("clSVMFree");
    if (pointer)
        noteSvm(pointer, -1);
    state().real.clSVMFree(context, pointer);
}

inline cl_int CL_API_CALL enqueueSvmFree(cl_command_queue queue, cl_uint count, void* pointers[],
                                         void(CL_CALLBACK* callback)(cl_command_queue, cl_uint,
                                                                     void*[], void*),
                                         void* user, cl_uint waitCount, const cl_event* waitList,
                                         cl_event* event) {
    noteCall("clEnqueueSVMFree");
    const cl_int code = state().real.clEnqueueSVMFree(queue, count, pointers, callback, user,
                                                      waitCount, waitList, event);
    if (code == CL_SUCCESS) {
        for (cl_uint i = 0; i < count; ++i)
            noteSvm(pointers[i], -1);
        if (event && *event)
            note(*event, &Counts::created);
    }
    return code;
}

} // namespace leak

class LeakCounter {
public:
    LeakCounter() = default;
    LeakCounter(const LeakCounter&) = delete;
    LeakCounter& operator=(const LeakCounter&) = delete;

    // Replaces every create / retain / release / event-returning entry of clApi() with a
    // counting wrapper around the current entry; the destructor restores the table.
    void install() {
        leak::State& s = leak::state();
        {
            std::lock_guard lock(s.mutex);
            s.handles.clear();
            s.svm.clear();
            s.calls.clear();
        }
        s.real = engine::clApi();
        m_scope.emplace();
        engine::ClApi& api = engine::clApi();
        using engine::ClApi;
#define CLW_LEAK_CREATE(fn) api.fn = leak::Wrap<&ClApi::fn>::create;
#define CLW_LEAK_RETAIN(fn) api.fn = leak::Wrap<&ClApi::fn>::retain;
#define CLW_LEAK_RELEASE(fn) api.fn = leak::Wrap<&ClApi::fn>::release;
#define CLW_LEAK_ENQUEUE(fn) api.fn = leak::Wrap<&ClApi::fn>::enqueue;
        CLW_LEAK_CREATE(clCreateContext)
        CLW_LEAK_CREATE(clCreateContextFromType)
        CLW_LEAK_CREATE(clCreateCommandQueueWithProperties)
        CLW_LEAK_CREATE(clCreateCommandQueue)
        CLW_LEAK_CREATE(clCreateBuffer)
        CLW_LEAK_CREATE(clCreateSubBuffer)
        CLW_LEAK_CREATE(clCreateImage)
        CLW_LEAK_CREATE(clCreatePipe)
        CLW_LEAK_CREATE(clCreateSamplerWithProperties)
        CLW_LEAK_CREATE(clCreateSampler)
        CLW_LEAK_CREATE(clCreateProgramWithSource)
        CLW_LEAK_CREATE(clCreateProgramWithBinary)
        CLW_LEAK_CREATE(clCreateProgramWithBuiltInKernels)
        CLW_LEAK_CREATE(clCreateProgramWithIL)
        CLW_LEAK_CREATE(clLinkProgram)
        CLW_LEAK_CREATE(clCreateKernel)
        CLW_LEAK_CREATE(clCloneKernel)
        CLW_LEAK_CREATE(clCreateUserEvent)
        CLW_LEAK_RETAIN(clRetainDevice)
        CLW_LEAK_RETAIN(clRetainContext)
        CLW_LEAK_RETAIN(clRetainCommandQueue)
        CLW_LEAK_RETAIN(clRetainMemObject)
        CLW_LEAK_RETAIN(clRetainSampler)
        CLW_LEAK_RETAIN(clRetainProgram)
        CLW_LEAK_RETAIN(clRetainKernel)
        CLW_LEAK_RETAIN(clRetainEvent)
        CLW_LEAK_RELEASE(clReleaseDevice)
        CLW_LEAK_RELEASE(clReleaseContext)
        CLW_LEAK_RELEASE(clReleaseCommandQueue)
        CLW_LEAK_RELEASE(clReleaseMemObject)
        CLW_LEAK_RELEASE(clReleaseSampler)
        CLW_LEAK_RELEASE(clReleaseProgram)
        CLW_LEAK_RELEASE(clReleaseKernel)
        CLW_LEAK_RELEASE(clReleaseEvent)
        CLW_LEAK_ENQUEUE(clEnqueueReadBuffer)
        CLW_LEAK_ENQUEUE(clEnqueueReadBufferRect)
        CLW_LEAK_ENQUEUE(clEnqueueWriteBuffer)
        CLW_LEAK_ENQUEUE(clEnqueueWriteBufferRect)
        CLW_LEAK_ENQUEUE(clEnqueueFillBuffer)
        CLW_LEAK_ENQUEUE(clEnqueueCopyBuffer)
        CLW_LEAK_ENQUEUE(clEnqueueCopyBufferRect)
        CLW_LEAK_ENQUEUE(clEnqueueReadImage)
        CLW_LEAK_ENQUEUE(clEnqueueWriteImage)
        CLW_LEAK_ENQUEUE(clEnqueueFillImage)
        CLW_LEAK_ENQUEUE(clEnqueueCopyImage)
        CLW_LEAK_ENQUEUE(clEnqueueCopyImageToBuffer)
        CLW_LEAK_ENQUEUE(clEnqueueCopyBufferToImage)
        CLW_LEAK_ENQUEUE(clEnqueueUnmapMemObject)
        CLW_LEAK_ENQUEUE(clEnqueueMigrateMemObjects)
        CLW_LEAK_ENQUEUE(clEnqueueNDRangeKernel)
        CLW_LEAK_ENQUEUE(clEnqueueTask)
        CLW_LEAK_ENQUEUE(clEnqueueNativeKernel)
        CLW_LEAK_ENQUEUE(clEnqueueMarkerWithWaitList)
        CLW_LEAK_ENQUEUE(clEnqueueBarrierWithWaitList)
        CLW_LEAK_ENQUEUE(clEnqueueSVMMemcpy)
        CLW_LEAK_ENQUEUE(clEnqueueSVMMemFill)
        CLW_LEAK_ENQUEUE(clEnqueueSVMMap)
        CLW_LEAK_ENQUEUE(clEnqueueSVMUnmap)
        CLW_LEAK_ENQUEUE(clEnqueueSVMMigrateMem)
#undef CLW_LEAK_CREATE
#undef CLW_LEAK_RETAIN
#undef CLW_LEAK_RELEASE
#undef CLW_LEAK_ENQUEUE
        api.clEnqueueMapBuffer = leak::Wrap<&ClApi::clEnqueueMapBuffer>::map;
        api.clEnqueueMapImage = leak::Wrap<&ClApi::clEnqueueMapImage>::map;
        api.clCreateSubDevices = leak::createSubDevices;
        api.clCreateKernelsInProgram = leak::createKernelsInProgram;
        api.clSVMAlloc = leak::svmAlloc;
        api.clSVMFree = leak::svmFree;
        api.clEnqueueSVMFree = leak::enqueueSvmFree;
    }

    // One line per handle whose creates + retains differ from its releases, and per SVM
    // pointer allocated and not freed (or freed twice).
    std::vector<std::string> unbalanced() const {
        leak::State& s = leak::state();
        std::lock_guard lock(s.mutex);
        std::vector<std::string> lines;
        char line[160];
        for (const auto& [handle, counts] : s.handles) {
            if (counts.created + counts.retained == counts.released)
                continue;
            std::snprintf(line, sizeof line, "%s %p: created %d, retained %d, released %d",
                          counts.type, handle, counts.created, counts.retained, counts.released);
            lines.emplace_back(line);
        }
        for (const auto& [pointer, balance] : s.svm) {
            if (balance == 0)
                continue;
            std::snprintf(line, sizeof line, "SVM %p: allocations minus frees %d", pointer,
                          balance);
            lines.emplace_back(line);
        }
        return lines;
    }

    // Handles seen, and how many of them were of `type` ("cl_event") and created.
    size_t handleCount() const {
        std::lock_guard lock(leak::state().mutex);
        return leak::state().handles.size();
    }
    int createdOfType(const std::string& type) const {
        std::lock_guard lock(leak::state().mutex);
        int total = 0;
        for (const auto& entry : leak::state().handles)
            if (type == entry.second.type)
                total += entry.second.created;
        return total;
    }
    // How often the wrapped C function `name` was called.
    int calls(const std::string& name) const {
        std::lock_guard lock(leak::state().mutex);
        const auto it = leak::state().calls.find(name);
        return it == leak::state().calls.end() ? 0 : it->second;
    }

private:
    std::optional<engine::ScopedClApi> m_scope;
};

} // namespace clw::test
