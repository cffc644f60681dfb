#include "clw/engine/runtime/UserEvent.h"

#include "clw/engine/runtime/Context.h"

#include <cstdio>

namespace clw::engine {

UserEvent::UserEvent(const Context& context) {
    cl_int code = CL_SUCCESS;
    cl_event raw = clApi().clCreateUserEvent(context.get(), &code);
    checkCl(code, "clCreateUserEvent", "creating a user event");
    m_handle = Handle<cl_event>::adopt(raw);
    // The guard holds a reference of its own: it may outlive the handle of the copy that made it.
    clApi().clRetainEvent(raw);
    m_abandonGuard = std::shared_ptr<void>(raw, [](void* event) {
        const auto abandoned = static_cast<cl_event>(event);
        cl_int status = CL_COMPLETE;
        if (clApi().clGetEventInfo(abandoned, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                                   &status, nullptr) == CL_SUCCESS &&
            status == CL_SUBMITTED) {
            std::fprintf(stderr,
                         "clw: a user event was dropped before its status was set: the commands "
                         "waiting for it fail with %s\n",
                         errorName(kAbandoned).c_str());
            clApi().clSetUserEventStatus(abandoned, kAbandoned);
        }
        clApi().clReleaseEvent(abandoned);
    });
}

void UserEvent::setStatus(cl_int status) const {
    // OpenCL 3.0, clSetUserEventStatus: CL_INVALID_OPERATION "if the execution_status for event
    // has already been changed by a previous call to clSetUserEventStatus". Some drivers (NVIDIA
    // 580) take a second status: the engine checks. A user event stays CL_SUBMITTED until its
    // status is set; an event that cannot say is left to the driver.
    cl_int current = CL_SUBMITTED;
    if (clApi().clGetEventInfo(get(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof current, &current,
                               nullptr) == CL_SUCCESS &&
        current != CL_SUBMITTED)
        throw ClError(CL_INVALID_OPERATION, "clSetUserEventStatus",
                      "setting a user event to " + std::to_string(status) +
                          " (its status was already set, to " +
                          (current == CL_COMPLETE ? std::string("CL_COMPLETE")
                           : current < 0          ? "the error " + std::to_string(current)
                                                  : std::to_string(current)) +
                          ": a user event's status is set once; make a new UserEvent to signal "
                          "again)");
    checkCl(clApi().clSetUserEventStatus(get(), status), "clSetUserEventStatus",
            [&] { return "setting a user event to " + std::to_string(status); });
}

} // namespace clw::engine
