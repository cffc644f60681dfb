#include "clw/engine/UserEvent.h"

#include "clw/engine/Context.h"

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
    checkCl(clApi().clSetUserEventStatus(get(), status), "clSetUserEventStatus",
            [&] { return "setting a user event to " + std::to_string(status); });
}

} // namespace clw::engine
