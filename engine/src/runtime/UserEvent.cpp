#include "clw/engine/UserEvent.h"

#include "clw/engine/Context.h"

namespace clw::engine {

UserEvent::UserEvent(const Context& context) {
    cl_int code = CL_SUCCESS;
    cl_event raw = clApi().clCreateUserEvent(context.get(), &code);
    checkCl(code, "clCreateUserEvent", "creating a user event");
    m_handle = Handle<cl_event>::adopt(raw);
}

void UserEvent::setStatus(cl_int status) const {
    checkCl(clApi().clSetUserEventStatus(get(), status), "clSetUserEventStatus",
            [&] { return "setting a user event to " + std::to_string(status); });
}

} // namespace clw::engine
