#include "clw/engine/runtime/CommandQueue.h"

#include "QueueSupport.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Platform.h"

#include <atomic>
#include <cstdio>
#include <exception>

namespace clw::engine {

using detail::enqueued;
using detail::RawWaitList;

namespace {

std::string describeQueue(const Device& device, cl_command_queue_properties properties) {
    std::string text = "creating ";
    text +=
        (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) ? "an out-of-order" : "an in-order";
    text += " command queue";
    if (properties & CL_QUEUE_PROFILING_ENABLE)
        text += " with profiling";
    try {
        text += " on device '" + device.name() + "'";
    } catch (const ClError&) {
    }
    return text;
}

// clCreateCommandQueueWithProperties is OpenCL 2.0: the platform must provide it.
bool hasQueueProperties(const Device& device) {
    return device.platform().numericVersion() >= CL_MAKE_VERSION(2, 0, 0);
}

} // namespace

CommandQueue::CommandQueue(const Context& context, const Device& device,
                           cl_command_queue_properties properties) {
    cl_int code = CL_SUCCESS;
    cl_command_queue raw = nullptr;
    const auto doing = [&] {
        std::string text = describeQueue(device, properties);
        if (code == CL_INVALID_QUEUE_PROPERTIES)
            text += " (the device does not support these properties: CL_DEVICE_QUEUE_PROPERTIES)";
        return text;
    };
    if (hasQueueProperties(device)) {
        const cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, properties, 0};
        raw = clApi().clCreateCommandQueueWithProperties(context.get(), device.get(),
                                                         properties ? list : nullptr, &code);
        checkCl(code, "clCreateCommandQueueWithProperties", doing);
    } else {
        raw = clApi().clCreateCommandQueue(context.get(), device.get(), properties, &code);
        checkCl(code, "clCreateCommandQueue", doing);
    }
    m_handle = Handle<cl_command_queue>::adopt(raw);
}

CommandQueue::CommandQueue(const Context& context, const Device& device,
                           const std::vector<cl_queue_properties>& properties) {
    cl_command_queue_properties bits = 0;
    bool onlyBits = true;
    for (size_t i = 0; i + 1 < properties.size(); i += 2) {
        if (properties[i] == CL_QUEUE_PROPERTIES)
            bits = cl_command_queue_properties(properties[i + 1]);
        else
            onlyBits = false;
    }
    cl_int code = CL_SUCCESS;
    cl_command_queue raw = nullptr;
    if (hasQueueProperties(device)) {
        std::vector<cl_queue_properties> list = properties;
        list.push_back(0);
        raw = clApi().clCreateCommandQueueWithProperties(context.get(), device.get(), list.data(),
                                                         &code);
        checkCl(code, "clCreateCommandQueueWithProperties", [&] {
            return describeQueue(device, bits) + " from " + std::to_string(properties.size() / 2) +
                   " properties";
        });
    } else {
        // An OpenCL 1.x platform takes the property bits only.
        if (!onlyBits)
            throw ClError(CL_INVALID_QUEUE_PROPERTIES, "clCreateCommandQueue",
                          describeQueue(device, bits) +
                              " (properties other than CL_QUEUE_PROPERTIES need OpenCL 2.0; "
                              "the platform is older)");
        raw = clApi().clCreateCommandQueue(context.get(), device.get(), bits, &code);
        checkCl(code, "clCreateCommandQueue", [&] { return describeQueue(device, bits); });
    }
    m_handle = Handle<cl_command_queue>::adopt(raw);
}

void CommandQueue::flush() const {
    checkCl(clApi().clFlush(get()), "clFlush", "flushing a command queue");
}

void CommandQueue::finish() const {
    checkCl(clApi().clFinish(get()), "clFinish", "waiting for a command queue to finish");
}

Event CommandQueue::marker(WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueMarkerWithWaitList");
    cl_event event = nullptr;
    const cl_int code =
        clApi().clEnqueueMarkerWithWaitList(get(), wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueMarkerWithWaitList", [&] {
        return "enqueueing a marker after " + std::to_string(waitFor.size()) + " events";
    });
}

Event CommandQueue::barrier(WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueBarrierWithWaitList");
    cl_event event = nullptr;
    const cl_int code =
        clApi().clEnqueueBarrierWithWaitList(get(), wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueBarrierWithWaitList", [&] {
        return "enqueueing a barrier after " + std::to_string(waitFor.size()) + " events";
    });
}

namespace {

std::string rangeText(const NDRange& range) {
    std::string text;
    for (unsigned i = 0; i < range.dimensions(); ++i)
        text += (i ? "x" : "") + std::to_string(range[i]);
    return text;
}

std::string describeLaunch(const Kernel& kernel, const NDRange& global, const NDRange& local,
                           const NDRange& offset, cl_int code, const Device& device) {
    std::string text = "launching kernel";
    try {
        text += " '" + kernel.name() + "'";
    } catch (const ClError&) {
    }
    text += " over global " + rangeText(global);
    text +=
        local.dimensions() ? " with local " + rangeText(local) : " with local chosen by the driver";
    if (offset.dimensions())
        text += " at offset " + rangeText(offset);
    if (code == CL_INVALID_WORK_GROUP_SIZE || code == CL_INVALID_WORK_ITEM_SIZE) {
        text += " (the local size must divide the global size";
        try {
            text += " and hold at most " +
                    std::to_string(kernel.workGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device)) +
                    " work-items for this kernel";
        } catch (const ClError&) {
        }
        text += ")";
    } else if (code == CL_INVALID_KERNEL_ARGS) {
        text += " (an argument is not set)";
    } else if (code == CL_INVALID_WORK_DIMENSION) {
        text += " (1 to 3 dimensions)";
    }
    return text;
}

// The first dimension that is 0, or -1.
int zeroDimension(const NDRange& range) {
    for (unsigned i = 0; i < range.dimensions(); ++i)
        if (range[i] == 0)
            return int(i);
    return -1;
}

} // namespace

void CommandQueue::refuseOversizedWorkGroup(const Kernel& kernel, const NDRange& global,
                                            const NDRange& local, const NDRange& offset) const {
    // OpenCL 3.0, clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE when the work-items of a
    // work-group are more than CL_KERNEL_WORK_GROUP_SIZE for the queue's device. NVIDIA 580
    // launches such a work-group; the engine checks. Two queries, made only when the caller gives
    // a local size (the driver's own choice always fits).
    if (!local.data())
        return;
    cl_device_id device = nullptr;
    size_t limit = 0;
    if (clApi().clGetCommandQueueInfo(get(), CL_QUEUE_DEVICE, sizeof device, &device, nullptr) !=
            CL_SUCCESS ||
        clApi().clGetKernelWorkGroupInfo(kernel.get(), device, CL_KERNEL_WORK_GROUP_SIZE,
                                         sizeof limit, &limit, nullptr) != CL_SUCCESS ||
        local.total() <= limit)
        return; // within the limit, or a question the driver answers at the launch itself
    throw ClError(CL_INVALID_WORK_GROUP_SIZE, "clEnqueueNDRangeKernel",
                  describeLaunch(kernel, global, local, offset, CL_SUCCESS, Device()) +
                      " (a work-group of " + std::to_string(local.total()) +
                      " work-items; the kernel allows at most " + std::to_string(limit) +
                      " on this device, its CL_KERNEL_WORK_GROUP_SIZE: give a smaller local size)");
}

Event CommandQueue::ndRange(const Kernel& kernel, const NDRange& global, const NDRange& local,
                            const NDRange& offset, WaitList waitFor, EmptyNDRange empty) const {
    const int zeroGlobal = zeroDimension(global);
    const int zeroLocal = zeroDimension(local);
    if (zeroGlobal >= 0 || zeroLocal >= 0) {
        if (empty == EmptyNDRange::Marker)
            return marker(waitFor);
        const bool inGlobal = zeroGlobal >= 0;
        throw ClError(inGlobal ? CL_INVALID_GLOBAL_WORK_SIZE : CL_INVALID_WORK_GROUP_SIZE,
                      "clEnqueueNDRangeKernel",
                      describeLaunch(kernel, global, local, offset, CL_SUCCESS, Device()) +
                          " (the " + (inGlobal ? "global" : "local") + " size is 0 in dimension " +
                          std::to_string(inGlobal ? zeroGlobal : zeroLocal) +
                          "; pass EmptyNDRange::Marker to enqueue a marker instead)");
    }
    refuseOversizedWorkGroup(kernel, global, local, offset);
    const RawWaitList wait(waitFor, "clEnqueueNDRangeKernel");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueNDRangeKernel(get(), kernel.get(), global.dimensions(),
                                                       offset.data(), global.data(), local.data(),
                                                       wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueNDRangeKernel", [&] {
        Device queueDevice;
        try {
            queueDevice = device();
        } catch (const ClError&) {
        }
        return describeLaunch(kernel, global, local, offset, code, queueDevice);
    });
}

void CommandQueue::ndRangeWithoutEvent(const Kernel& kernel, const NDRange& global,
                                       const NDRange& local, const NDRange& offset) const {
    refuseOversizedWorkGroup(kernel, global, local, offset);
    const cl_int code =
        clApi().clEnqueueNDRangeKernel(get(), kernel.get(), global.dimensions(), offset.data(),
                                       global.data(), local.data(), 0, nullptr, nullptr);
    checkCl(code, "clEnqueueNDRangeKernel", [&] {
        Device queueDevice;
        try {
            queueDevice = device();
        } catch (const ClError&) {
        }
        return describeLaunch(kernel, global, local, offset, code, queueDevice);
    });
}

Event CommandQueue::task(const Kernel& kernel, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueTask");
    cl_event event = nullptr;
    const cl_int code =
        clApi().clEnqueueTask(get(), kernel.get(), wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueTask", [&] {
        std::string text = "enqueueing kernel";
        try {
            text += " '" + kernel.name() + "'";
        } catch (const ClError&) {
        }
        return text + " as a task";
    });
}

namespace {

// A native kernel's function. The driver copies the args block, which holds only a pointer to
// this box; the trampoline runs the function and destroys it (and what it captured), and the
// command's completion callback frees the box. By the specification that callback also fires
// when the command never ran (a failed wait list), so nothing leaks either way (PoCL calls no
// callback of a failed command, pocl/pocl#1430: there such a box stays). A command completes
// only after its function returned, so the box is never freed under the trampoline. Should the
// callback not be set, the trampoline frees the box itself: `state` says which of the two comes
// last.
struct NativeFunction {
    enum State : int { kPending, kRan, kOrphaned };
    std::function<void()> function;
    std::atomic<int> state{kPending};
};

void CL_CALLBACK runNativeFunction(void* args) {
    NativeFunction* box = *static_cast<NativeFunction**>(args);
    {
        const std::function<void()> function = std::move(box->function);
        try {
            function();
        } catch (const std::exception& e) {
            // An exception must not unwind into the driver's thread: say it on stderr.
            std::fprintf(stderr, "clw: a native kernel threw: %s\n", e.what());
        }
    }
    if (box->state.exchange(NativeFunction::kRan) == NativeFunction::kOrphaned)
        delete box;
}

void CL_CALLBACK freeNativeFunction(cl_event, cl_int, void* user) {
    delete static_cast<NativeFunction*>(user);
}

} // namespace

Event CommandQueue::nativeKernel(std::function<void()> function, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueNativeKernel");
    auto box = std::make_unique<NativeFunction>();
    box->function = std::move(function);
    NativeFunction* pointer = box.get();
    cl_event event = nullptr;
    const cl_int code =
        clApi().clEnqueueNativeKernel(get(), runNativeFunction, &pointer, sizeof pointer, 0,
                                      nullptr, nullptr, wait.size(), wait.data(), &event);
    // On failure the box is freed here: the driver never saw it.
    Event result = enqueued(code, event, "clEnqueueNativeKernel", [&] {
        std::string text = "enqueueing a native kernel";
        if (code == CL_INVALID_OPERATION)
            text += " (the device cannot run native kernels: CL_DEVICE_EXECUTION_CAPABILITIES "
                    "lacks CL_EXEC_NATIVE_KERNEL)";
        return text;
    });
    box.release(); // the queued command reads it; freeNativeFunction frees it
    const cl_int callbackCode =
        clApi().clSetEventCallback(event, CL_COMPLETE, freeNativeFunction, pointer);
    if (callbackCode != CL_SUCCESS) {
        // Fallback: the trampoline frees the box once it ran (or now, if it already did). Only a
        // command that never runs then keeps its box. Counted and reported.
        noteFailedRelease("native kernel function (no completion callback)", callbackCode);
        if (pointer->state.exchange(NativeFunction::kOrphaned) == NativeFunction::kRan)
            delete pointer;
    }
    return result;
}

} // namespace clw::engine
