#include "clw/engine/runtime/Platform.h"

#include "ClSymbolLookup.h"

#include "clw/engine/runtime/Device.h"

#include <charconv>

namespace clw::engine {

std::vector<Platform> Platform::all() {
    cl_uint count = 0;
    const cl_int code = clApi().clGetPlatformIDs(0, nullptr, &count);
    // The ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when no ICD is installed: no platforms.
    // So does the stand-in where no OpenCL library loaded (ClApi.cpp); where that is because the
    // library CLW_OPENCL_LIBRARY names was refused or failed, it is said, never taken for a
    // system without OpenCL. Any other failure is an error (count is 0 then too, so it is
    // checked first).
    if (code == CL_PLATFORM_NOT_FOUND_KHR) {
        if (const std::string& problem = openClLibraryProblem(); !problem.empty())
            throw ClError(code, {}, "loading the OpenCL library: " + problem);
        return {};
    }
    checkCl(code, "clGetPlatformIDs", "counting platforms");
    if (count == 0)
        return {};
    std::vector<cl_platform_id> ids(count);
    checkCl(clApi().clGetPlatformIDs(count, ids.data(), nullptr), "clGetPlatformIDs",
            "listing platforms");
    std::vector<Platform> platforms;
    for (cl_platform_id id : ids)
        platforms.emplace_back(id);
    return platforms;
}

std::vector<InfoValue> Platform::allInfo() const {
    return readInfoValues(kPlatformInfoParams, [this](cl_uint p, size_t s, void* v, size_t* r) {
        return clApi().clGetPlatformInfo(m_id, p, s, v, r);
    });
}

cl_version parseOpenClVersion(std::string_view text) {
    // "OpenCL 1.2 vendor..." or "OpenCL C 1.2 ...": the first "<major>.<minor>".
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9')
            continue;
        unsigned major = 0, minor = 0;
        auto [p, ec] = std::from_chars(text.data() + i, text.data() + text.size(), major);
        if (ec != std::errc() || p == text.data() + text.size() || *p != '.')
            return 0;
        auto [q, ec2] = std::from_chars(p + 1, text.data() + text.size(), minor);
        if (ec2 != std::errc())
            return 0;
        return CL_MAKE_VERSION(major, minor, 0);
    }
    return 0;
}

cl_version Platform::numericVersion() const {
    cl_version numeric = 0;
    if (clApi().clGetPlatformInfo(m_id, CL_PLATFORM_NUMERIC_VERSION, sizeof numeric, &numeric,
                                  nullptr) == CL_SUCCESS)
        return numeric;
    return parseOpenClVersion(version());
}

bool Platform::hasExtension(std::string_view name) const {
    const std::string all = " " + info<CL_PLATFORM_EXTENSIONS>() + " ";
    return all.find(" " + std::string(name) + " ") != std::string::npos;
}

std::vector<Device> Platform::devices(cl_device_type type) const {
    cl_uint count = 0;
    const cl_int code = clApi().clGetDeviceIDs(m_id, type, 0, nullptr, &count);
    if (code == CL_DEVICE_NOT_FOUND)
        return {};
    // A failing ICD leaves count at 0: its error must not read as "no devices".
    const auto describe = [&] {
        try {
            return "listing the devices of " + name();
        } catch (const ClError&) {
            return std::string("listing the devices of a platform that does not answer");
        }
    };
    checkCl(code, "clGetDeviceIDs", describe);
    if (count == 0)
        return {};
    std::vector<cl_device_id> ids(count);
    checkCl(clApi().clGetDeviceIDs(m_id, type, count, ids.data(), nullptr), "clGetDeviceIDs",
            describe);
    std::vector<Device> devices;
    for (cl_device_id id : ids)
        devices.push_back(Device::retain(id));
    return devices;
}

void Platform::unloadCompiler() const {
    checkCl(clApi().clUnloadPlatformCompiler(m_id), "clUnloadPlatformCompiler",
            "unloading the platform compiler");
}

} // namespace clw::engine
