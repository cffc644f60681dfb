#pragma once
// Helpers shared by the CommandQueue*.cpp files (not a public header): wait lists, turning an
// enqueue's result into an Event, and the words error messages use.
#include "clw/engine/runtime/CallbackFailure.h"
#include "clw/engine/runtime/CommandQueue.h"

#include <string>
#include <vector>

namespace clw::engine::detail {

// A wait list in the C API's terms: a count and a pointer that is null when the list is empty.
// Every enqueue makes its wait list here, so this is where the list is checked.
class RawWaitList {
public:
    // OpenCL 3.0, every clEnqueue*: CL_INVALID_EVENT_WAIT_LIST "if event objects in
    // event_wait_list are not valid events". Some drivers (NVIDIA 580) answer CL_INVALID_EVENT
    // for an empty Event (a null cl_event): the engine checks, throwing ClError from `function`,
    // the enqueue about to be made. An empty list costs no more than before.
    RawWaitList(std::span<const Event> events, const char* function)
        : m_raw(rawEvents(events)) {
        for (size_t i = 0; i < m_raw.size(); ++i)
            if (!m_raw[i]) [[unlikely]]
                throwEmptyEvent(i, function);
    }
    cl_uint size() const noexcept { return cl_uint(m_raw.size()); }
    const cl_event* data() const noexcept { return m_raw.empty() ? nullptr : m_raw.data(); }

private:
    [[noreturn]] void throwEmptyEvent(size_t index, const char* function) const;
    std::vector<cl_event> m_raw;
};

// Throws ClError for a failed enqueue; otherwise takes over the event it returned.
template <class Doing>
Event enqueued(cl_int code, cl_event raw, const char* function, Doing&& doing) {
    checkCl(code, function, std::forward<Doing>(doing));
    return Event::adopt(raw);
}

// For a non-blocking transfer, keeps the host memory's owner until the command completed.
inline Event keptAlive(Event event, bool blocking, std::shared_ptr<const void> keepAlive) {
    if (blocking || !keepAlive)
        return event;
    try {
        event.keepAliveUntilComplete(keepAlive);
    } catch (const ClError& error) {
        // Without the callback nothing would hold the host memory during the copy: the transfer
        // waits here instead (it turns blocking), and that is counted and said.
        noteCallbackFailure("registering a transfer's keep-alive callback (it waits instead)",
                            error.what());
        event.wait();
    }
    return event;
}

// "(1, 2, 0)"
inline std::string tupleText(const Size3& v) {
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) +
           ")";
}
// "16x4x1"
inline std::string extentText(const Size3& v) {
    return std::to_string(v[0]) + "x" + std::to_string(v[1]) + "x" + std::to_string(v[2]);
}

// "a 32-byte buffer" (or "a buffer" when the size cannot be read); for error messages only.
std::string bufferText(const MemoryObject& buffer);
// "a 2D image of 16x16x1 pixels (CL_RGBA / CL_FLOAT)"; for error messages only.
std::string imageText(const Image& image);

} // namespace clw::engine::detail
