#pragma once
#include "clw/engine/Event.h"

namespace clw::engine {

class Context;

// An event the host completes: commands that wait for it stay queued until then.
class UserEvent : public Event {
public:
    UserEvent() = default;
    explicit UserEvent(const Context& context);

    // CL_COMPLETE, or a negative error that fails every command waiting for it. Once only: a
    // second call throws ClError with CL_INVALID_OPERATION, on every driver.
    void setStatus(cl_int status) const;
    void complete() const { setStatus(CL_COMPLETE); }
};

} // namespace clw::engine
