#pragma once
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/InfoQuery.h"
#include "clw/engine/runtime/ObjectInfo.h"

#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace clw::engine {

// Profiling timestamps of one command, in device nanoseconds.
struct ProfilingTimes {
    cl_ulong queued = 0;
    cl_ulong submitted = 0;
    cl_ulong started = 0;
    cl_ulong ended = 0;
    double durationNs() const { return double(ended - started); }
};

// An OpenCL event: what an enqueue returns.
class Event {
public:
    // Called on a driver thread with the status reached (CL_COMPLETE or a negative error):
    // it must only post, never block or enqueue blocking work.
    using Callback = std::function<void(cl_int status)>;

    Event() = default;
    static Event adopt(cl_event raw) { return Event(Handle<cl_event>::adopt(raw)); }
    static Event retain(cl_event raw) { return Event(Handle<cl_event>::retain(raw)); }

    cl_event get() const noexcept { return m_handle.get(); }
    explicit operator bool() const noexcept { return bool(m_handle); }

    template <cl_event_info P>
    typename EventInfo<P>::type info() const {
        return detail::queryInfo<typename EventInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) { return clApi().clGetEventInfo(get(), P, s, v, r); },
            "clGetEventInfo", EventInfo<P>::kName);
    }
    template <cl_profiling_info P>
    cl_ulong profiling() const {
        cl_ulong value = 0;
        checkCl(clApi().clGetEventProfilingInfo(get(), P, sizeof value, &value, nullptr),
                "clGetEventProfilingInfo", ProfilingInfo<P>::kName);
        return value;
    }

    // CL_QUEUED, CL_SUBMITTED, CL_RUNNING, CL_COMPLETE, or the negative error the command ended
    // with.
    cl_int status() const { return info<CL_EVENT_COMMAND_EXECUTION_STATUS>(); }
    cl_command_type commandType() const { return info<CL_EVENT_COMMAND_TYPE>(); }
    // Blocks until complete; throws ClError when the command failed.
    void wait() const;
    static void waitAll(std::span<const Event> events);
    // Queued / submitted / started / ended; needs a queue with CL_QUEUE_PROFILING_ENABLE.
    ProfilingTimes profilingTimes() const;
    // Runs callback once the event reaches `status` (CL_SUBMITTED, CL_RUNNING or CL_COMPLETE).
    void onStatus(cl_int status, Callback callback) const;
    void onComplete(Callback callback) const { onStatus(CL_COMPLETE, std::move(callback)); }
    // Keeps `owner` alive until the event completes (host memory of a non-blocking transfer).
    void keepAliveUntilComplete(std::shared_ptr<const void> owner) const;

    friend bool operator==(const Event& a, const Event& b) { return a.get() == b.get(); }

protected:
    explicit Event(Handle<cl_event> handle)
        : m_handle(std::move(handle)) {}
    Handle<cl_event> m_handle;
};

// The raw handles of a wait list, for the C calls.
std::vector<cl_event> rawEvents(std::span<const Event> events);

} // namespace clw::engine
