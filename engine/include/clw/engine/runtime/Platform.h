#pragma once
#include "clw/engine/runtime/HandleHash.h"
#include "clw/engine/runtime/InfoQuery.h"
#include "clw/engine/runtime/InfoValue.h"
#include "clw/engine/runtime/PlatformInfo.h"

#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

class Device;

// An OpenCL platform (one ICD). Platforms are not reference counted: a plain value.
class Platform {
public:
    Platform() = default;
    explicit Platform(cl_platform_id id)
        : m_id(id) {}

    // Every platform the ICD loader knows; empty (not an error) when there is none, or when no
    // OpenCL library is installed. Throws ClError when listing fails, and when the library that
    // CLW_OPENCL_LIBRARY names was not loaded: doing() is "loading the OpenCL library: " and why
    // (a relative path, or the system's reason the file did not load).
    static std::vector<Platform> all();

    cl_platform_id get() const noexcept { return m_id; }
    explicit operator bool() const noexcept { return m_id != nullptr; }

    template <cl_platform_info P>
    typename PlatformInfo<P>::type info() const {
        return detail::queryInfo<typename PlatformInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetPlatformInfo(m_id, P, s, v, r);
            },
            "clGetPlatformInfo", PlatformInfo<P>::kName);
    }
    std::vector<InfoValue> allInfo() const;

    std::string name() const { return info<CL_PLATFORM_NAME>(); }
    std::string vendor() const { return info<CL_PLATFORM_VENDOR>(); }
    std::string version() const { return info<CL_PLATFORM_VERSION>(); }
    // CL_PLATFORM_NUMERIC_VERSION, or parsed from the version string before OpenCL 3.0.
    cl_version numericVersion() const;
    bool hasExtension(std::string_view name) const;

    // Devices of the given type; empty when the platform has none of that type.
    std::vector<Device> devices(cl_device_type type = CL_DEVICE_TYPE_ALL) const;
    // Lets the platform free its compiler's resources (clUnloadPlatformCompiler).
    void unloadCompiler() const;

    friend bool operator==(const Platform&, const Platform&) = default;

private:
    cl_platform_id m_id = nullptr;
};

// Parses "OpenCL 1.2 ..." style strings into a cl_version; 0 when there is no version.
cl_version parseOpenClVersion(std::string_view text);

} // namespace clw::engine
