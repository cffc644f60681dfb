#include "clw/engine/runtime/Event.h"

#include "clw/engine/runtime/CallbackFailure.h"

namespace clw::engine {

std::vector<cl_event> rawEvents(std::span<const Event> events) {
    std::vector<cl_event> raw;
    raw.reserve(events.size());
    for (const Event& event : events)
        raw.push_back(event.get());
    return raw;
}

void Event::wait() const {
    cl_event raw = get();
    checkCl(clApi().clWaitForEvents(1, &raw), "clWaitForEvents", "waiting for an event");
    // clWaitForEvents may return CL_SUCCESS for a command that ended with an error on some
    // drivers: the status says.
    const cl_int status = this->status();
    if (status < 0)
        throw ClError(status, "clWaitForEvents", "waiting for a command that failed");
}

void Event::waitAll(std::span<const Event> events) {
    if (events.empty())
        return;
    const auto raw = rawEvents(events);
    checkCl(clApi().clWaitForEvents(cl_uint(raw.size()), raw.data()), "clWaitForEvents",
            [&] { return "waiting for " + std::to_string(raw.size()) + " events"; });
    // As wait(): a command that ended with an error may still let the wait succeed.
    for (size_t i = 0; i < events.size(); ++i)
        if (const cl_int status = events[i].status(); status < 0)
            throw ClError(status, "clWaitForEvents",
                          "waiting for " + std::to_string(raw.size()) + " events: event " +
                              std::to_string(i) + " ended with an error");
}

ProfilingTimes Event::profilingTimes() const {
    return {profiling<CL_PROFILING_COMMAND_QUEUED>(), profiling<CL_PROFILING_COMMAND_SUBMIT>(),
            profiling<CL_PROFILING_COMMAND_START>(), profiling<CL_PROFILING_COMMAND_END>()};
}

namespace {
void CL_CALLBACK runEventCallback(cl_event, cl_int status, void* user) {
    std::unique_ptr<Event::Callback> callback(static_cast<Event::Callback*>(user));
    // This is the driver's thread: nothing may unwind into it.
    runGuarded("an event callback", [&] { (*callback)(status); });
}
} // namespace

void Event::onStatus(cl_int status, Callback callback) const {
    auto box = std::make_unique<Callback>(std::move(callback));
    checkCl(clApi().clSetEventCallback(get(), status, runEventCallback, box.get()),
            "clSetEventCallback", "registering an event callback");
    box.release(); // the driver calls runEventCallback exactly once, which frees it
}

void Event::keepAliveUntilComplete(std::shared_ptr<const void> owner) const {
    if (owner)
        onComplete([owner = std::move(owner)](cl_int) {});
}

} // namespace clw::engine
