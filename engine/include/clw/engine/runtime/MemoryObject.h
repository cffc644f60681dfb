#pragma once
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/InfoQuery.h"
#include "clw/engine/runtime/ObjectInfo.h"

#include <functional>

namespace clw::engine {

// What buffers, images and pipes share: a cl_mem, its size, flags and context.
class MemoryObject {
public:
    MemoryObject() = default;
    static MemoryObject retain(cl_mem raw) { return MemoryObject(Handle<cl_mem>::retain(raw)); }

    cl_mem get() const noexcept { return m_handle.get(); }
    explicit operator bool() const noexcept { return bool(m_handle); }

    template <cl_mem_info P>
    typename MemInfo<P>::type info() const {
        return detail::queryInfo<typename MemInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetMemObjectInfo(get(), P, s, v, r);
            },
            "clGetMemObjectInfo", MemInfo<P>::kName);
    }
    size_t size() const { return info<CL_MEM_SIZE>(); }
    cl_mem_flags flags() const { return info<CL_MEM_FLAGS>(); }
    cl_mem_object_type type() const { return info<CL_MEM_TYPE>(); }
    Context context() const { return Context::retain(info<CL_MEM_CONTEXT>()); }
    // Runs once the driver destroys the object (clSetMemObjectDestructorCallback), on a driver
    // thread.
    void onDestroyed(std::function<void()> callback) const;

    friend bool operator==(const MemoryObject& a, const MemoryObject& b) {
        return a.get() == b.get();
    }

protected:
    explicit MemoryObject(Handle<cl_mem> handle)
        : m_handle(std::move(handle)) {}
    Handle<cl_mem> m_handle;
};

} // namespace clw::engine
