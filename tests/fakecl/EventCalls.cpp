// Events, user events, markers and barriers.
#include "EventCalls.h"

#include "FakeApi.h"
#include "FaultInjection.h"
#include "InfoReply.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <span>
#include <vector>

namespace clw::fakecl {

namespace {

// One lock and one condition for every event's status and callbacks: status changes are rare
// (user events only), so there is nothing to gain from finer locks.
std::mutex& eventMutex() {
    static std::mutex mutex;
    return mutex;
}

std::condition_variable& statusChanged() {
    static std::condition_variable condition;
    return condition;
}

// The first of four nanosecond timestamps (queued, submitted, started, ended) that increase
// across every event of the process.
cl_ulong reserveTimes() {
    static std::atomic<cl_ulong> last{0};
    const auto now = cl_ulong(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                  std::chrono::steady_clock::now().time_since_epoch())
                                  .count());
    cl_ulong previous = last.load();
    cl_ulong first = 0;
    do {
        first = std::max(now, previous + 1);
    } while (!last.compare_exchange_weak(previous, first + 3));
    return first;
}

cl_event makeEvent(cl_context context, cl_command_queue queue, cl_command_type type,
                   cl_int status) {
    auto* event = new _cl_event;
    retain(context);
    event->context = context;
    if (queue)
        retain(queue);
    event->queue = queue;
    event->commandType = type;
    event->status = status;
    event->queued = reserveTimes();
    event->submitted = event->queued + 1;
    event->started = event->queued + 2;
    event->ended = event->queued + 3;
    return event;
}

// Sets a user event's status once; false when it was set before. Statuses count down:
// CL_SUBMITTED (2), CL_RUNNING (1), CL_COMPLETE (0), errors below.
bool setUserStatus(cl_event event, cl_int status) {
    std::vector<_cl_event::Callback> due;
    {
        std::lock_guard lock(eventMutex());
        if (event->status.load() != CL_SUBMITTED)
            return false;
        event->status = status;
        auto reached = std::stable_partition(
            event->callbacks.begin(), event->callbacks.end(),
            [&](const _cl_event::Callback& callback) { return callback.onStatus < status; });
        due.assign(reached, event->callbacks.end());
        event->callbacks.erase(reached, event->callbacks.end());
    }
    statusChanged().notify_all();
    for (const auto& callback : due)
        callback.function(event, status, callback.user);
    return true;
}

bool finished(cl_event event) {
    return event->status.load() <= CL_COMPLETE;
}

} // namespace

void destroy(cl_event event) {
    const cl_context context = event->context;
    const cl_command_queue queue = event->queue;
    delete event;
    if (queue)
        release(queue);
    release(context);
}

cl_int checkEnqueue(cl_command_queue queue, cl_uint numEvents, const cl_event* waitList) {
    if (!valid(queue))
        return CL_INVALID_COMMAND_QUEUE;
    if ((numEvents == 0) != (waitList == nullptr))
        return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < numEvents; ++i) {
        if (!valid(waitList[i]))
            return CL_INVALID_EVENT_WAIT_LIST;
        if (waitList[i]->context != queue->context)
            return CL_INVALID_CONTEXT;
    }
    return CL_SUCCESS;
}

void completeCommand(cl_command_queue queue, cl_command_type type, cl_event* event) {
    if (event)
        *event = makeEvent(queue->context, queue, type, CL_COMPLETE);
}

cl_int clWaitForEvents(cl_uint num_events, const cl_event* event_list) {
    faultPoint(__func__);
    if (num_events == 0 || !event_list)
        return CL_INVALID_VALUE;
    const std::span<const cl_event> events(event_list, num_events);
    for (cl_event event : events) {
        if (!valid(event))
            return CL_INVALID_EVENT;
        if (event->context != events[0]->context)
            return CL_INVALID_CONTEXT;
    }
    std::unique_lock lock(eventMutex());
    statusChanged().wait(lock, [&] { return std::all_of(events.begin(), events.end(), finished); });
    const bool failed = std::any_of(events.begin(), events.end(),
                                    [](cl_event event) { return event->status.load() < 0; });
    return failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
}

cl_int clGetEventInfo(cl_event event, cl_event_info param_name, size_t param_value_size,
                      void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(event))
        return CL_INVALID_EVENT;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    switch (param_name) {
    case CL_EVENT_COMMAND_QUEUE:
        return reply.value(event->queue);
    case CL_EVENT_CONTEXT:
        return reply.value(event->context);
    case CL_EVENT_COMMAND_TYPE:
        return reply.value(event->commandType);
    case CL_EVENT_COMMAND_EXECUTION_STATUS:
        return reply.value(event->status.load());
    case CL_EVENT_REFERENCE_COUNT:
        return reply.value(event->references.load());
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int clRetainEvent(cl_event event) {
    faultPoint(__func__);
    if (!valid(event))
        return CL_INVALID_EVENT;
    retain(event);
    return CL_SUCCESS;
}

cl_int clReleaseEvent(cl_event event) {
    faultPoint(__func__);
    if (!valid(event))
        return CL_INVALID_EVENT;
    release(event);
    return CL_SUCCESS;
}

cl_int clGetEventProfilingInfo(cl_event event, cl_profiling_info param_name,
                               size_t param_value_size, void* param_value,
                               size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(event))
        return CL_INVALID_EVENT;
    if (!event->queue || !(event->queue->properties & CL_QUEUE_PROFILING_ENABLE) ||
        event->status.load() != CL_COMPLETE)
        return CL_PROFILING_INFO_NOT_AVAILABLE;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    switch (param_name) {
    case CL_PROFILING_COMMAND_QUEUED:
        return reply.value(event->queued);
    case CL_PROFILING_COMMAND_SUBMIT:
        return reply.value(event->submitted);
    case CL_PROFILING_COMMAND_START:
        return reply.value(event->started);
    case CL_PROFILING_COMMAND_END:
        return reply.value(event->ended);
    default:
        return CL_INVALID_VALUE;
    }
}

cl_event clCreateUserEvent(cl_context context, cl_int* errcode_ret) {
    faultPoint(__func__);
    if (!valid(context))
        return failWith(CL_INVALID_CONTEXT, errcode_ret);
    return succeedWith(makeEvent(context, nullptr, CL_COMMAND_USER, CL_SUBMITTED), errcode_ret);
}

cl_int clSetUserEventStatus(cl_event event, cl_int execution_status) {
    faultPoint(__func__);
    if (!valid(event) || event->commandType != CL_COMMAND_USER)
        return CL_INVALID_EVENT;
    if (execution_status > CL_COMPLETE)
        return CL_INVALID_VALUE;
    return setUserStatus(event, execution_status) ? CL_SUCCESS : CL_INVALID_OPERATION;
}

cl_int clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
                          EventCallback pfn_notify, void* user_data) {
    faultPoint(__func__);
    if (!valid(event))
        return CL_INVALID_EVENT;
    if (!pfn_notify ||
        (command_exec_callback_type != CL_SUBMITTED && command_exec_callback_type != CL_RUNNING &&
         command_exec_callback_type != CL_COMPLETE))
        return CL_INVALID_VALUE;
    cl_int status = CL_SUBMITTED;
    {
        std::lock_guard lock(eventMutex());
        status = event->status.load();
        if (status > command_exec_callback_type) {
            event->callbacks.push_back({command_exec_callback_type, pfn_notify, user_data});
            return CL_SUCCESS;
        }
    }
    pfn_notify(event, status, user_data); // reached already: now
    return CL_SUCCESS;
}

cl_int clEnqueueMarkerWithWaitList(cl_command_queue command_queue, cl_uint num_events_in_wait_list,
                                   const cl_event* event_wait_list, cl_event* event) {
    faultPoint(__func__);
    const cl_int code = checkEnqueue(command_queue, num_events_in_wait_list, event_wait_list);
    if (code == CL_SUCCESS)
        completeCommand(command_queue, CL_COMMAND_MARKER, event);
    return code;
}

cl_int clEnqueueBarrierWithWaitList(cl_command_queue command_queue, cl_uint num_events_in_wait_list,
                                    const cl_event* event_wait_list, cl_event* event) {
    faultPoint(__func__);
    const cl_int code = checkEnqueue(command_queue, num_events_in_wait_list, event_wait_list);
    if (code == CL_SUCCESS)
        completeCommand(command_queue, CL_COMMAND_BARRIER, event);
    return code;
}

cl_int clEnqueueMarker(cl_command_queue command_queue, cl_event* event) {
    faultPoint(__func__);
    if (!event)
        return CL_INVALID_VALUE;
    const cl_int code = checkEnqueue(command_queue, 0, nullptr);
    if (code == CL_SUCCESS)
        completeCommand(command_queue, CL_COMMAND_MARKER, event);
    return code;
}

cl_int clEnqueueBarrier(cl_command_queue command_queue) {
    faultPoint(__func__);
    return checkEnqueue(command_queue, 0, nullptr);
}

cl_int clEnqueueWaitForEvents(cl_command_queue command_queue, cl_uint num_events,
                              const cl_event* event_list) {
    faultPoint(__func__);
    if (num_events == 0 || !event_list)
        return CL_INVALID_VALUE;
    return checkEnqueue(command_queue, num_events, event_list);
}

} // namespace clw::fakecl
