#pragma once
#include "clw/engine/runtime/Event.h"

#include <memory>

namespace clw::engine {

class Context;

// An event the host completes: commands that wait for it stay queued until then. Only a
// UserEvent can set it: when its last copy goes while it is still unset, nothing could ever set
// it, so it is set to kAbandoned and the commands waiting for it fail instead of holding their
// queue for ever (some drivers, NVIDIA's, wait for them when the queue is released). Copies
// sliced to Event keep the event alive but do not count.
class UserEvent : public Event {
public:
    static constexpr cl_int kAbandoned = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;

    UserEvent() = default;
    explicit UserEvent(const Context& context);

    // CL_COMPLETE, or a negative error that fails every command waiting for it. Once only: a
    // second call throws ClError with CL_INVALID_OPERATION, on every driver.
    void setStatus(cl_int status) const;
    void complete() const { setStatus(CL_COMPLETE); }

private:
    // Shared by the copies; the last one out sets an unset event to kAbandoned.
    std::shared_ptr<void> m_abandonGuard;
};

} // namespace clw::engine
