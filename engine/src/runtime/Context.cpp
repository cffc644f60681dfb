#include "clw/engine/runtime/Context.h"

#include "clw/engine/runtime/Platform.h"

#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace clw::engine {

namespace {

// The error callback must outlive every reference to the context, including ones the driver and
// other objects hold. It is freed by the context's destructor callback (OpenCL 3.0); on older
// platforms it is kept for the life of the process (a few bytes per such context).
struct CallbackBox {
    Context::ErrorCallback callback;
};

void CL_CALLBACK onContextError(const char* message, const void*, size_t, void* user) {
    auto* box = static_cast<CallbackBox*>(user);
    if (box && box->callback)
        box->callback(message ? message : "");
}

void CL_CALLBACK onContextDestroyed(cl_context, void* user) {
    delete static_cast<CallbackBox*>(user);
}

void keepForever(CallbackBox* box) {
    static std::mutex mutex;
    static std::vector<std::unique_ptr<CallbackBox>> kept;
    std::lock_guard lock(mutex);
    kept.emplace_back(box);
}

void attachDestructor(cl_context context, CallbackBox* box) {
    if (!box)
        return;
    if (clApi().clSetContextDestructorCallback(context, onContextDestroyed, box) != CL_SUCCESS)
        keepForever(box);
}

std::vector<cl_context_properties> terminated(std::vector<cl_context_properties> properties) {
    if (!properties.empty())
        properties.push_back(0);
    return properties;
}

// "CL_DEVICE_TYPE_GPU", "CL_DEVICE_TYPE_CPU|CL_DEVICE_TYPE_GPU", or the number.
std::string deviceTypeText(cl_device_type type) {
    if (type == CL_DEVICE_TYPE_ALL)
        return "CL_DEVICE_TYPE_ALL";
    static constexpr std::pair<cl_device_type, const char*> kNames[] = {
        {CL_DEVICE_TYPE_DEFAULT, "CL_DEVICE_TYPE_DEFAULT"},
        {CL_DEVICE_TYPE_CPU, "CL_DEVICE_TYPE_CPU"},
        {CL_DEVICE_TYPE_GPU, "CL_DEVICE_TYPE_GPU"},
        {CL_DEVICE_TYPE_ACCELERATOR, "CL_DEVICE_TYPE_ACCELERATOR"},
        {CL_DEVICE_TYPE_CUSTOM, "CL_DEVICE_TYPE_CUSTOM"},
    };
    std::string text;
    cl_device_type rest = type;
    for (const auto& [bit, name] : kNames) {
        if (type & bit) {
            text += (text.empty() ? "" : "|") + std::string(name);
            rest &= ~bit;
        }
    }
    return text.empty() || rest ? std::to_string(type) : text;
}

} // namespace

Context::Context(const std::vector<Device>& devices,
                 const std::vector<cl_context_properties>& properties, ErrorCallback onError) {
    std::vector<cl_device_id> ids;
    for (const Device& device : devices)
        ids.push_back(device.get());
    const auto props = terminated(properties);
    auto* box = onError ? new CallbackBox{std::move(onError)} : nullptr;
    cl_int code = CL_SUCCESS;
    cl_context raw =
        clApi().clCreateContext(props.empty() ? nullptr : props.data(), cl_uint(ids.size()),
                                ids.data(), box ? onContextError : nullptr, box, &code);
    if (code != CL_SUCCESS) {
        delete box;
        throw ClError(code, "clCreateContext",
                      "creating a context for " + std::to_string(ids.size()) + " device(s)");
    }
    m_handle = Handle<cl_context>::adopt(raw);
    attachDestructor(raw, box);
}

Context Context::fromType(const Platform& platform, cl_device_type type, ErrorCallback onError) {
    // OpenCL 3.0, clCreateContextFromType: CL_DEVICE_NOT_FOUND "if no devices that match
    // device_type and property values specified in properties are currently available". The
    // engine asks clGetDeviceIDs first, so that the answer is the same on every driver (NVIDIA 580
    // and PoCL give it themselves). Any other answer of it (a type that is no type, a platform
    // that is none) is left to the call itself.
    cl_uint count = 0;
    const cl_int found = clApi().clGetDeviceIDs(platform.get(), type, 0, nullptr, &count);
    if (found == CL_DEVICE_NOT_FOUND || (found == CL_SUCCESS && count == 0)) {
        std::string name;
        try {
            name = " '" + platform.name() + "'";
        } catch (const ClError&) {
        }
        throw ClError(CL_DEVICE_NOT_FOUND, "clCreateContextFromType",
                      "creating a context by device type (the platform" + name +
                          " has no device of type " + deviceTypeText(type) +
                          ": list its devices with Platform::devices, or ask another platform)");
    }
    const std::vector<cl_context_properties> props{
        CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(platform.get()), 0};
    auto* box = onError ? new CallbackBox{std::move(onError)} : nullptr;
    cl_int code = CL_SUCCESS;
    cl_context raw = clApi().clCreateContextFromType(props.data(), type,
                                                     box ? onContextError : nullptr, box, &code);
    if (code != CL_SUCCESS) {
        delete box;
        throw ClError(code, "clCreateContextFromType", "creating a context by device type");
    }
    Context context(Handle<cl_context>::adopt(raw));
    attachDestructor(raw, box);
    return context;
}

std::vector<Device> Context::devices() const {
    std::vector<Device> devices;
    for (cl_device_id id : info<CL_CONTEXT_DEVICES>())
        devices.push_back(Device::retain(id));
    return devices;
}

std::vector<cl_image_format> Context::supportedImageFormats(cl_mem_flags flags,
                                                            cl_mem_object_type imageType) const {
    cl_uint count = 0;
    checkCl(clApi().clGetSupportedImageFormats(get(), flags, imageType, 0, nullptr, &count),
            "clGetSupportedImageFormats", "counting supported image formats");
    std::vector<cl_image_format> formats(count);
    if (count)
        checkCl(clApi().clGetSupportedImageFormats(get(), flags, imageType, count, formats.data(),
                                                   nullptr),
                "clGetSupportedImageFormats", "listing supported image formats");
    return formats;
}

} // namespace clw::engine
