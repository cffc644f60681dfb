#include "clw/engine/runtime/MemoryObject.h"

#include <memory>

namespace clw::engine {

namespace {

// The driver calls this exactly once, when the object is destroyed; it owns the boxed callback.
void CL_CALLBACK runDestructorCallback(cl_mem, void* user) {
    std::unique_ptr<std::function<void()>> callback(static_cast<std::function<void()>*>(user));
    if (*callback)
        (*callback)();
}

} // namespace

void MemoryObject::onDestroyed(std::function<void()> callback) const {
    auto box = std::make_unique<std::function<void()>>(std::move(callback));
    checkCl(clApi().clSetMemObjectDestructorCallback(get(), runDestructorCallback, box.get()),
            "clSetMemObjectDestructorCallback", "registering a memory object destructor callback");
    box.release(); // freed by runDestructorCallback
}

} // namespace clw::engine
