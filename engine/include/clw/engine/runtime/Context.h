#pragma once
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/ObjectInfo.h"

#include <functional>
#include <string>
#include <vector>

namespace clw::engine {

class Platform;

// An OpenCL context over one or more devices of one platform.
class Context {
public:
    // Called on a driver thread with the driver's message: it must only post, never block.
    using ErrorCallback = std::function<void(const std::string& message)>;

    Context() = default;
    // properties: a zero-terminated list is not needed; the engine adds the terminator.
    explicit Context(const std::vector<Device>& devices,
                     const std::vector<cl_context_properties>& properties = {},
                     ErrorCallback onError = {});
    explicit Context(const Device& device)
        : Context(std::vector<Device>{device}) {}
    // Throws ClError with CL_DEVICE_NOT_FOUND when the platform has no device of `type`, on every
    // driver.
    static Context fromType(const Platform& platform, cl_device_type type,
                            ErrorCallback onError = {});
    static Context retain(cl_context raw) { return Context(Handle<cl_context>::retain(raw)); }

    cl_context get() const noexcept { return m_handle.get(); }
    explicit operator bool() const noexcept { return bool(m_handle); }

    template <cl_context_info P>
    typename ContextInfo<P>::type info() const {
        return detail::queryInfo<typename ContextInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetContextInfo(get(), P, s, v, r);
            },
            "clGetContextInfo", ContextInfo<P>::kName);
    }
    std::vector<Device> devices() const;
    // Image formats the context supports for these flags and image type.
    std::vector<cl_image_format> supportedImageFormats(cl_mem_flags flags,
                                                       cl_mem_object_type imageType) const;

    friend bool operator==(const Context& a, const Context& b) { return a.get() == b.get(); }

private:
    explicit Context(Handle<cl_context> handle)
        : m_handle(std::move(handle)) {}
    Handle<cl_context> m_handle;
};

} // namespace clw::engine
