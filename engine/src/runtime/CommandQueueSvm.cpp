// CommandQueue: shared virtual memory commands.
#include "clw/engine/runtime/CommandQueue.h"

#include "QueueSupport.h"

#include <cstdio>

namespace clw::engine {

using detail::enqueued;
using detail::RawWaitList;

namespace {

std::string pointerText(const void* pointer) {
    char text[32];
    std::snprintf(text, sizeof text, "%p", pointer);
    return text;
}

} // namespace

Event CommandQueue::svmMemcpy(void* dst, const void* src, size_t size, bool blocking,
                              WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueSVMMemcpy");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueSVMMemcpy(get(), blocking ? CL_TRUE : CL_FALSE, dst, src,
                                                   size, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueSVMMemcpy", [&] {
        std::string text = "copying " + std::to_string(size) + " bytes of SVM from " +
                           pointerText(src) + " to " + pointerText(dst);
        if (code == CL_MEM_COPY_OVERLAP)
            text += " (source and destination overlap)";
        return text;
    });
}

Event CommandQueue::svmMemFill(void* ptr, const void* pattern, size_t patternSize, size_t size,
                               WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueSVMMemFill");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueSVMMemFill(get(), ptr, pattern, patternSize, size,
                                                    wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueSVMMemFill", [&] {
        std::string text = "filling " + std::to_string(size) + " bytes of SVM at " +
                           pointerText(ptr) + " with a " + std::to_string(patternSize) +
                           "-byte pattern";
        if (code == CL_INVALID_VALUE)
            text += " (the pattern must be 1, 2, 4, ..., 128 bytes, the size a multiple of it and "
                    "the pointer aligned to it)";
        return text;
    });
}

Event CommandQueue::svmMap(void* ptr, size_t size, cl_map_flags flags, bool blocking,
                           WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueSVMMap");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueSVMMap(get(), blocking ? CL_TRUE : CL_FALSE, flags, ptr,
                                                size, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueSVMMap", [&] {
        return "mapping " + std::to_string(size) + " bytes of SVM at " + pointerText(ptr);
    });
}

Event CommandQueue::svmUnmap(void* ptr, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueSVMUnmap");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueSVMUnmap(get(), ptr, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueSVMUnmap",
                    [&] { return "unmapping SVM at " + pointerText(ptr); });
}

Event CommandQueue::svmMigrate(std::span<const void* const> pointers, std::span<const size_t> sizes,
                               cl_mem_migration_flags flags, WaitList waitFor) const {
    if (!sizes.empty() && sizes.size() != pointers.size())
        throw ClError(CL_INVALID_VALUE, "clEnqueueSVMMigrateMem",
                      "migrating " + std::to_string(pointers.size()) + " SVM pointers with " +
                          std::to_string(sizes.size()) +
                          " sizes (give one size per pointer, or none for whole allocations)");
    const RawWaitList wait(waitFor, "clEnqueueSVMMigrateMem");
    cl_event event = nullptr;
    // The C API takes `const void**` but does not write through it.
    const cl_int code = clApi().clEnqueueSVMMigrateMem(
        get(), cl_uint(pointers.size()), const_cast<const void**>(pointers.data()),
        sizes.empty() ? nullptr : sizes.data(), flags, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueSVMMigrateMem", [&] {
        std::string text = "migrating " + std::to_string(pointers.size()) + " SVM ranges";
        text += (flags & CL_MIGRATE_MEM_OBJECT_HOST) ? " to the host" : " to the queue's device";
        return text;
    });
}

Event CommandQueue::svmFree(std::vector<void*> pointers, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueSVMFree");
    cl_event event = nullptr;
    // A null callback: the driver frees the pointers with clSVMFree when the command runs.
    const cl_int code = clApi().clEnqueueSVMFree(
        get(), cl_uint(pointers.size()), pointers.empty() ? nullptr : pointers.data(), nullptr,
        nullptr, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueSVMFree", [&] {
        return "enqueueing the free of " + std::to_string(pointers.size()) + " SVM pointers";
    });
}

} // namespace clw::engine
