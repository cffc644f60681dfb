// The layer's entry points (the Khronos cl_loader_layers extension): clGetLayerInfo names it,
// clInitLayer takes the loader's table and gives back the layer's, in which every call is timed
// into the trace and passed on, and the calls a capture needs are hooked (LayerHooks.cpp).
// Without CLW_CAPTURE_DIR (a program started outside `clworkbench capture` with the layer left in
// OPENCL_LAYERS) the layer hands the loader's own table back and records nothing.
#include "Layer.h"

#include <CL/cl_layer.h>

#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#ifdef _WIN32
#include <process.h>
#define CLW_LAYER_EXPORT __declspec(dllexport)
#define CLW_PROCESS_ID _getpid()
#else
#include <unistd.h>
#define CLW_LAYER_EXPORT __attribute__((visibility("default")))
#define CLW_PROCESS_ID ::getpid()
#endif

namespace clw::capture {

Layer& layer() {
    static Layer* const instance = new Layer; // never freed: calls may come during exit
    return *instance;
}

namespace {

// A call timed into the trace and passed on.
template <auto Member, const char* Name,
          class Fn = std::remove_cvref_t<decltype(std::declval<cl_icd_dispatch>().*Member)>>
struct Timed;
template <auto Member, const char* Name, class R, class... A>
struct Timed<Member, Name, R(CL_API_CALL*)(A...)> {
    static R CL_API_CALL call(A... arguments) {
        TracedCall traced(Name);
        return (layer().next.*Member)(arguments...);
    }
};

// A command enqueued (its first argument the queue, its last the event it may give back): timed,
// with the command's own times from its event.
template <auto Member, const char* Name,
          class Fn = std::remove_cvref_t<decltype(std::declval<cl_icd_dispatch>().*Member)>>
struct TimedCommand;
template <auto Member, const char* Name, class R, class... A>
struct TimedCommand<Member, Name, R(CL_API_CALL*)(cl_command_queue, A...)> {
    static R CL_API_CALL call(cl_command_queue queue, A... arguments) {
        TracedCall traced(Name);
        traced.queue = layer().table.queueId(queue);
        cl_event own = nullptr;
        auto list = std::forward_as_tuple(arguments...);
        cl_event*& event = std::get<sizeof...(A) - 1>(list);
        cl_event* const programs = event;
        if (!event)
            event = &own;
        const R status = (layer().next.*Member)(queue, arguments...);
        if (status == CL_SUCCESS) {
            if (programs)
                layer().next.clRetainEvent(*programs);
            traced.event = programs ? *programs : own;
        }
        return status;
    }
};

// clang-format reflows these X-macro lists differently on each pass: left as written.
// clang-format off
#define CLW_TIMED_CALLS(X)                                                                         \
    X(clGetPlatformIDs)                                                                            \
    X(clGetPlatformInfo)                                                                           \
    X(clGetDeviceIDs)                                                                              \
    X(clGetDeviceInfo)                                                                             \
    X(clCreateContext)                                                                             \
    X(clCreateContextFromType) X(clRetainContext) X(clReleaseContext) X(clGetContextInfo)          \
        X(clRetainCommandQueue) X(clRetainMemObject) X(clGetSupportedImageFormats) X(              \
            clGetMemObjectInfo) X(clGetImageInfo) X(clRetainSampler) X(clGetSamplerInfo)           \
            X(clRetainProgram) X(clGetProgramInfo) X(clGetProgramBuildInfo) X(clRetainKernel) X(   \
                clGetKernelInfo) X(clGetKernelWorkGroupInfo) X(clGetEventInfo) X(clRetainEvent)    \
                X(clReleaseEvent) X(clGetEventProfilingInfo) X(clFlush) X(clEnqueueMapBuffer)      \
                    X(clEnqueueMapImage) X(clSetEventCallback) X(clSetMemObjectDestructorCallback) \
                        X(clCreateUserEvent) X(clSetUserEventStatus) X(clCreateSubDevices)         \
                            X(clRetainDevice) X(clReleaseDevice) X(clUnloadPlatformCompiler)       \
                                X(clGetKernelArgInfo) X(clGetPipeInfo) X(clSVMAlloc) X(clSVMFree)  \
                                    X(clSetKernelExecInfo) X(clGetKernelSubGroupInfo)              \
                                        X(clGetDeviceAndHostTimer) X(clGetHostTimer)               \
                                            X(clSetDefaultDeviceCommandQueue)                      \
                                                X(clSetProgramReleaseCallback)                     \
                                                    X(clSetProgramSpecializationConstant)          \
                                                        X(clSetContextDestructorCallback)

#define CLW_TIMED_COMMANDS(X)                                                                      \
    X(clEnqueueReadBuffer)                                                                         \
    X(clEnqueueWriteBuffer)                                                                        \
    X(clEnqueueCopyBuffer)                                                                         \
    X(clEnqueueReadImage)                                                                          \
    X(clEnqueueWriteImage)                                                                         \
    X(clEnqueueCopyImage) X(clEnqueueCopyImageToBuffer) X(clEnqueueCopyBufferToImage)              \
        X(clEnqueueUnmapMemObject) X(clEnqueueNativeKernel) X(clEnqueueMarker)                     \
            X(clEnqueueReadBufferRect) X(clEnqueueWriteBufferRect) X(clEnqueueCopyBufferRect)      \
                X(clEnqueueFillBuffer) X(clEnqueueFillImage) X(clEnqueueMigrateMemObjects)         \
                    X(clEnqueueMarkerWithWaitList) X(clEnqueueBarrierWithWaitList)                 \
                        X(clEnqueueSVMFree) X(clEnqueueSVMMemcpy) X(clEnqueueSVMMemFill)           \
                            X(clEnqueueSVMMap) X(clEnqueueSVMUnmap) X(clEnqueueSVMMigrateMem)

// clang-format on
#define CLW_NAME(fn) constexpr char k_##fn[] = #fn;
CLW_TIMED_CALLS(CLW_NAME)
CLW_TIMED_COMMANDS(CLW_NAME)
#undef CLW_NAME

void fillOwnTable(Layer& state) {
    cl_icd_dispatch& table = state.own;
    table = state.next; // anything not named below passes straight on
#define CLW_WRAP(fn)                                                                               \
    if (table.fn)                                                                                  \
        table.fn = &Timed<&cl_icd_dispatch::fn, k_##fn>::call;
    CLW_TIMED_CALLS(CLW_WRAP)
#undef CLW_WRAP
#define CLW_WRAP(fn)                                                                               \
    if (table.fn)                                                                                  \
        table.fn = &TimedCommand<&cl_icd_dispatch::fn, k_##fn>::call;
    CLW_TIMED_COMMANDS(CLW_WRAP)
#undef CLW_WRAP
    installHooks(table);
}

void atEnd() {
    Layer& state = layer();
    if (!state.journal)
        return;
    state.trace->harvest(false);
    state.journal->flushTrace();
    state.journal->record({{"type", "end"}});
    state.journal->writeProgress();
}

} // namespace

} // namespace clw::capture

using clw::capture::layer;

extern "C" {

CLW_LAYER_EXPORT CL_API_ENTRY cl_int CL_API_CALL clGetLayerInfo(cl_layer_info name, size_t size,
                                                                void* value, size_t* sizeRet) {
    static const char kName[] = "CL Workbench capture";
    switch (name) {
    case CL_LAYER_API_VERSION: {
        const cl_layer_api_version version = CL_LAYER_API_VERSION_100;
        if (sizeRet)
            *sizeRet = sizeof version;
        if (value) {
            if (size < sizeof version)
                return CL_INVALID_VALUE;
            std::memcpy(value, &version, sizeof version);
        }
        return CL_SUCCESS;
    }
    case CL_LAYER_NAME:
        if (sizeRet)
            *sizeRet = sizeof kName;
        if (value) {
            if (size < sizeof kName)
                return CL_INVALID_VALUE;
            std::memcpy(value, kName, sizeof kName);
        }
        return CL_SUCCESS;
    default:
        return CL_INVALID_VALUE;
    }
}

CLW_LAYER_EXPORT CL_API_ENTRY cl_int CL_API_CALL
clInitLayer(cl_uint entries, const cl_icd_dispatch* target, cl_uint* entriesRet,
            const cl_icd_dispatch** layerDispatch) {
    if (!target || !entriesRet || !layerDispatch)
        return CL_INVALID_VALUE;
    clw::capture::Layer& state = layer();
    // A loader with fewer calls than this layer knows leaves the rest null.
    const cl_uint known = sizeof(cl_icd_dispatch) / sizeof(void*);
    std::memcpy(&state.next, target, std::min(entries, known) * sizeof(void*));
    const std::optional<clw::capture::CaptureSettings> settings =
        clw::capture::CaptureSettings::fromEnvironment();
    if (!settings) {
        *layerDispatch = target;
        *entriesRet = entries;
        return CL_SUCCESS;
    }
    state.settings = *settings;
    state.journal = std::make_unique<clw::capture::CaptureJournal>(settings->folder);
    state.trace = std::make_unique<clw::capture::CallTrace>(*state.journal, state.next);
    state.recorder = std::make_unique<clw::capture::LaunchRecorder>(state.settings, *state.journal,
                                                                    state.table, state.next);
    state.journal->record(
        {{"type", "start"}, {"pid", CLW_PROCESS_ID}, {"clock", clw::capture::CallTrace::now()}});
    clw::capture::fillOwnTable(state);
    std::atexit(clw::capture::atEnd);
    *layerDispatch = &state.own;
    *entriesRet = known;
    return CL_SUCCESS;
}

} // extern "C"
