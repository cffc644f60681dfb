// CommandQueue: buffer transfers, fills, copies, maps and migrations.
#include "clw/engine/runtime/CommandQueue.h"

#include "QueueSupport.h"

namespace clw::engine {

using detail::enqueued;
using detail::extentText;
using detail::keptAlive;
using detail::RawWaitList;
using detail::tupleText;

std::string detail::bufferText(const MemoryObject& buffer) {
    try {
        return "a " + std::to_string(buffer.size()) + "-byte buffer";
    } catch (const ClError&) {
        return "a buffer";
    }
}

void detail::RawWaitList::throwEmptyEvent(size_t index, const char* function) const {
    throw ClError(CL_INVALID_EVENT_WAIT_LIST, function,
                  "enqueueing a command that waits for " + std::to_string(m_raw.size()) +
                      (m_raw.size() == 1 ? " event" : " events") + ": event " +
                      std::to_string(index) +
                      " of the wait list is empty (an Event made by default holds no event: wait "
                      "only for events that an enqueue or a UserEvent gave)");
}

namespace {

// "reading 64 bytes at offset 16 of a 32-byte buffer"
std::string describeSpan(const char* verb, size_t size, size_t offset, const char* preposition,
                         const MemoryObject& buffer) {
    return std::string(verb) + " " + std::to_string(size) + " bytes at offset " +
           std::to_string(offset) + " " + preposition + " " + detail::bufferText(buffer);
}

std::string describeRect(const char* verb, const RectRegion& rect, const char* preposition,
                         const MemoryObject& buffer) {
    return std::string(verb) + " a " + extentText(rect.region) +
           " region (bytes x rows x slices) at buffer origin " + tupleText(rect.bufferOrigin) +
           " (row pitch " + std::to_string(rect.bufferRowPitch) + ", slice pitch " +
           std::to_string(rect.bufferSlicePitch) + ") and host origin " +
           tupleText(rect.hostOrigin) + " (row pitch " + std::to_string(rect.hostRowPitch) +
           ", slice pitch " + std::to_string(rect.hostSlicePitch) + ") " + preposition + " " +
           detail::bufferText(buffer);
}

} // namespace

Event CommandQueue::read(const Buffer& buffer, size_t offset, size_t size, void* host,
                         bool blocking, WaitList waitFor,
                         std::shared_ptr<const void> keepAlive) const {
    const RawWaitList wait(waitFor, "clEnqueueReadBuffer");
    cl_event event = nullptr;
    const cl_int code =
        clApi().clEnqueueReadBuffer(get(), buffer.get(), blocking ? CL_TRUE : CL_FALSE, offset,
                                    size, host, wait.size(), wait.data(), &event);
    return keptAlive(enqueued(code, event, "clEnqueueReadBuffer",
                              [&] { return describeSpan("reading", size, offset, "of", buffer); }),
                     blocking, std::move(keepAlive));
}

Event CommandQueue::write(const Buffer& buffer, size_t offset, size_t size, const void* host,
                          bool blocking, WaitList waitFor,
                          std::shared_ptr<const void> keepAlive) const {
    const RawWaitList wait(waitFor, "clEnqueueWriteBuffer");
    cl_event event = nullptr;
    const cl_int code =
        clApi().clEnqueueWriteBuffer(get(), buffer.get(), blocking ? CL_TRUE : CL_FALSE, offset,
                                     size, host, wait.size(), wait.data(), &event);
    return keptAlive(enqueued(code, event, "clEnqueueWriteBuffer",
                              [&] { return describeSpan("writing", size, offset, "to", buffer); }),
                     blocking, std::move(keepAlive));
}

Event CommandQueue::readRect(const Buffer& buffer, const RectRegion& rect, void* host,
                             bool blocking, WaitList waitFor,
                             std::shared_ptr<const void> keepAlive) const {
    const RawWaitList wait(waitFor, "clEnqueueReadBufferRect");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueReadBufferRect(
        get(), buffer.get(), blocking ? CL_TRUE : CL_FALSE, rect.bufferOrigin.data(),
        rect.hostOrigin.data(), rect.region.data(), rect.bufferRowPitch, rect.bufferSlicePitch,
        rect.hostRowPitch, rect.hostSlicePitch, host, wait.size(), wait.data(), &event);
    return keptAlive(enqueued(code, event, "clEnqueueReadBufferRect",
                              [&] { return describeRect("reading", rect, "of", buffer); }),
                     blocking, std::move(keepAlive));
}

Event CommandQueue::writeRect(const Buffer& buffer, const RectRegion& rect, const void* host,
                              bool blocking, WaitList waitFor,
                              std::shared_ptr<const void> keepAlive) const {
    const RawWaitList wait(waitFor, "clEnqueueWriteBufferRect");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueWriteBufferRect(
        get(), buffer.get(), blocking ? CL_TRUE : CL_FALSE, rect.bufferOrigin.data(),
        rect.hostOrigin.data(), rect.region.data(), rect.bufferRowPitch, rect.bufferSlicePitch,
        rect.hostRowPitch, rect.hostSlicePitch, host, wait.size(), wait.data(), &event);
    return keptAlive(enqueued(code, event, "clEnqueueWriteBufferRect",
                              [&] { return describeRect("writing", rect, "to", buffer); }),
                     blocking, std::move(keepAlive));
}

Event CommandQueue::copy(const Buffer& src, const Buffer& dst, size_t srcOffset, size_t dstOffset,
                         size_t size, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueCopyBuffer");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueCopyBuffer(
        get(), src.get(), dst.get(), srcOffset, dstOffset, size, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueCopyBuffer", [&] {
        std::string text = "copying " + std::to_string(size) + " bytes from offset " +
                           std::to_string(srcOffset) + " of " + detail::bufferText(src) +
                           " to offset " + std::to_string(dstOffset) + " of " +
                           detail::bufferText(dst);
        if (code == CL_MEM_COPY_OVERLAP)
            text += " (source and destination overlap)";
        return text;
    });
}

Event CommandQueue::copyRect(const Buffer& src, const Buffer& dst, const CopyRectRegion& rect,
                             WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueCopyBufferRect");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueCopyBufferRect(
        get(), src.get(), dst.get(), rect.srcOrigin.data(), rect.dstOrigin.data(),
        rect.region.data(), rect.srcRowPitch, rect.srcSlicePitch, rect.dstRowPitch,
        rect.dstSlicePitch, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueCopyBufferRect", [&] {
        return "copying a " + extentText(rect.region) +
               " region (bytes x rows x slices) from origin " + tupleText(rect.srcOrigin) +
               " (row pitch " + std::to_string(rect.srcRowPitch) + ", slice pitch " +
               std::to_string(rect.srcSlicePitch) + ") of " + detail::bufferText(src) +
               " to origin " + tupleText(rect.dstOrigin) + " (row pitch " +
               std::to_string(rect.dstRowPitch) + ", slice pitch " +
               std::to_string(rect.dstSlicePitch) + ") of " + detail::bufferText(dst);
    });
}

Event CommandQueue::fill(const Buffer& buffer, const void* pattern, size_t patternSize,
                         size_t offset, size_t size, WaitList waitFor) const {
    const auto describe = [&] {
        return "filling " + std::to_string(size) + " bytes at offset " + std::to_string(offset) +
               " of " + detail::bufferText(buffer) + " with a " + std::to_string(patternSize) +
               "-byte pattern";
    };
    // OpenCL 3.0, clEnqueueFillBuffer: CL_INVALID_VALUE "if offset and size are not a multiple of
    // pattern_size". Some drivers (NVIDIA 580) fill anyway: the engine checks. A pattern size of
    // 0 is the driver's to refuse.
    if (patternSize && (offset % patternSize || size % patternSize)) [[unlikely]]
        throw ClError(CL_INVALID_VALUE, "clEnqueueFillBuffer",
                      describe() + " (the " + (offset % patternSize ? "offset" : "size") +
                          " is not a multiple of the pattern's " + std::to_string(patternSize) +
                          " bytes: fill a whole number of patterns from a multiple of its size)");
    const RawWaitList wait(waitFor, "clEnqueueFillBuffer");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueFillBuffer(get(), buffer.get(), pattern, patternSize,
                                                    offset, size, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueFillBuffer", [&] {
        std::string text = describe();
        if (code == CL_INVALID_VALUE)
            text += " (the pattern must be 1, 2, 4, ..., 128 bytes, and the offset and size "
                    "multiples of it)";
        return text;
    });
}

Mapping CommandQueue::map(const Buffer& buffer, cl_map_flags flags, size_t offset, size_t size,
                          bool blocking, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueMapBuffer");
    cl_event event = nullptr;
    cl_int code = CL_SUCCESS;
    void* data =
        clApi().clEnqueueMapBuffer(get(), buffer.get(), blocking ? CL_TRUE : CL_FALSE, flags,
                                   offset, size, wait.size(), wait.data(), &event, &code);
    Mapping mapping;
    mapping.event = enqueued(code, event, "clEnqueueMapBuffer",
                             [&] { return describeSpan("mapping", size, offset, "of", buffer); });
    mapping.data = data;
    return mapping;
}

Event CommandQueue::unmap(const MemoryObject& memory, void* mapped, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueUnmapMemObject");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueUnmapMemObject(get(), memory.get(), mapped, wait.size(),
                                                        wait.data(), &event);
    return enqueued(code, event, "clEnqueueUnmapMemObject", [&] {
        std::string text = "unmapping a mapped region of a memory object";
        if (code == CL_INVALID_VALUE)
            text += " (the pointer is not one a map of this object returned)";
        return text;
    });
}

Event CommandQueue::migrate(std::span<const MemoryObject> objects, cl_mem_migration_flags flags,
                            WaitList waitFor) const {
    std::vector<cl_mem> raw;
    raw.reserve(objects.size());
    for (const MemoryObject& object : objects)
        raw.push_back(object.get());
    const RawWaitList wait(waitFor, "clEnqueueMigrateMemObjects");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueMigrateMemObjects(get(), cl_uint(raw.size()),
                                                           raw.empty() ? nullptr : raw.data(),
                                                           flags, wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueMigrateMemObjects", [&] {
        std::string text = "migrating " + std::to_string(raw.size()) + " memory objects";
        text += (flags & CL_MIGRATE_MEM_OBJECT_HOST) ? " to the host" : " to the queue's device";
        return text;
    });
}

} // namespace clw::engine
