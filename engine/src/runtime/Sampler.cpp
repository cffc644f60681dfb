#include "clw/engine/runtime/Sampler.h"

#include "clw/engine/runtime/Platform.h"

#include <cstdio>
#include <string>

namespace clw::engine {

namespace {

bool platformHasSamplerProperties(const Context& context) {
    // clCreateSamplerWithProperties is OpenCL 2.0; every device of a context shares a platform.
    const auto devices = context.devices();
    return !devices.empty() &&
           devices.front().platform().numericVersion() >= CL_MAKE_VERSION(2, 0, 0);
}

// Only asked while explaining an error: a failing query must not replace that error.
bool anyDeviceHasImages(const Context& context) {
    try {
        for (const Device& device : context.devices())
            if (device.info<CL_DEVICE_IMAGE_SUPPORT>())
                return true;
    } catch (const ClError&) {
        return true;
    }
    return false;
}

std::string hex(cl_sampler_properties value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

// "{CL_SAMPLER_FILTER_MODE: 0x1141, 0x7777: 0x1}": keys by name where the header names them.
std::string describeProperties(const std::vector<cl_sampler_properties>& properties) {
    std::string text = "creating a sampler from properties {";
    for (size_t i = 0; i < properties.size(); i += 2) {
        const cl_sampler_properties key = properties[i];
        text += i ? ", " : "";
        text += key == CL_SAMPLER_NORMALIZED_COORDS ? "CL_SAMPLER_NORMALIZED_COORDS"
                : key == CL_SAMPLER_ADDRESSING_MODE ? "CL_SAMPLER_ADDRESSING_MODE"
                : key == CL_SAMPLER_FILTER_MODE     ? "CL_SAMPLER_FILTER_MODE"
                                                    : hex(key);
        if (i + 1 < properties.size())
            text += ": " + hex(properties[i + 1]);
    }
    return text + "}";
}

// OpenCL 3.0, sampler addressing modes: CL_ADDRESS_REPEAT and CL_ADDRESS_MIRRORED_REPEAT "can
// only be used with normalized coordinates", and clCreateSampler(WithProperties) answers
// CL_INVALID_VALUE for values, or a combination of them, that are not valid. Some drivers (NVIDIA
// 580) make such a sampler: the engine checks. Why the combination is not valid, or nothing.
std::string repeatWithoutNormalizedCoords(bool normalizedCoords, cl_addressing_mode addressing) {
    if (normalizedCoords ||
        (addressing != CL_ADDRESS_REPEAT && addressing != CL_ADDRESS_MIRRORED_REPEAT))
        return {};
    return std::string(addressing == CL_ADDRESS_REPEAT ? "CL_ADDRESS_REPEAT"
                                                       : "CL_ADDRESS_MIRRORED_REPEAT") +
           " needs normalized coordinates: make the sampler with normalized coordinates, or "
           "address with CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP or CL_ADDRESS_NONE";
}

} // namespace

Sampler::Sampler(const Context& context, bool normalizedCoords, cl_addressing_mode addressing,
                 cl_filter_mode filter) {
    const auto doing = [&] {
        return std::string("creating a sampler (") +
               (normalizedCoords ? "normalized" : "unnormalized") + " coordinates, addressing " +
               std::to_string(addressing) + ", filter " + std::to_string(filter) + ")";
    };
    const bool withProperties = platformHasSamplerProperties(context);
    if (const std::string why = repeatWithoutNormalizedCoords(normalizedCoords, addressing);
        !why.empty())
        throw ClError(CL_INVALID_VALUE,
                      withProperties ? "clCreateSamplerWithProperties" : "clCreateSampler",
                      doing() + " (" + why + ")");
    cl_int code = CL_SUCCESS;
    cl_sampler raw = nullptr;
    if (withProperties) {
        const cl_sampler_properties properties[] = {
            CL_SAMPLER_NORMALIZED_COORDS,
            cl_sampler_properties(normalizedCoords ? CL_TRUE : CL_FALSE),
            CL_SAMPLER_ADDRESSING_MODE,
            cl_sampler_properties(addressing),
            CL_SAMPLER_FILTER_MODE,
            cl_sampler_properties(filter),
            0};
        raw = clApi().clCreateSamplerWithProperties(context.get(), properties, &code);
        checkCl(code, "clCreateSamplerWithProperties", doing);
    } else {
        raw = clApi().clCreateSampler(context.get(), normalizedCoords ? CL_TRUE : CL_FALSE,
                                      addressing, filter, &code);
        checkCl(code, "clCreateSampler", doing);
    }
    m_handle = Handle<cl_sampler>::adopt(raw);
}

Sampler::Sampler(const Context& context, const std::vector<cl_sampler_properties>& properties) {
    // An older platform may lack the entry point behind the loader: never call it there.
    if (!platformHasSamplerProperties(context))
        throw ClError(CL_INVALID_OPERATION, "clCreateSamplerWithProperties",
                      describeProperties(properties) +
                          " (sampler properties need OpenCL 2.0 and the platform is older: use "
                          "the constructor taking coordinates, addressing and filter)");
    // The driver reads key and value pairs up to a 0 key: a key without its value would make it
    // read past the list.
    if (properties.size() % 2 != 0)
        throw ClError(CL_INVALID_VALUE, "clCreateSamplerWithProperties",
                      describeProperties(properties) + " (the last key has no value)");
    // Normalized coordinates are the default (CL_TRUE) where the list does not name them.
    bool normalizedCoords = true;
    cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
    for (size_t i = 0; i < properties.size(); i += 2) {
        if (properties[i] == CL_SAMPLER_NORMALIZED_COORDS)
            normalizedCoords = properties[i + 1] != CL_FALSE;
        else if (properties[i] == CL_SAMPLER_ADDRESSING_MODE)
            addressing = cl_addressing_mode(properties[i + 1]);
    }
    if (const std::string why = repeatWithoutNormalizedCoords(normalizedCoords, addressing);
        !why.empty())
        throw ClError(CL_INVALID_VALUE, "clCreateSamplerWithProperties",
                      describeProperties(properties) + " (" + why + ")");
    std::vector<cl_sampler_properties> list = properties;
    list.push_back(0);
    cl_int code = CL_SUCCESS;
    cl_sampler raw = clApi().clCreateSamplerWithProperties(context.get(), list.data(), &code);
    checkCl(code, "clCreateSamplerWithProperties", [&] {
        std::string text = describeProperties(properties);
        if (code == CL_INVALID_VALUE)
            text += " (a key is unknown or repeated, or a value is not valid for its key)";
        else if (code == CL_INVALID_OPERATION && !anyDeviceHasImages(context))
            text += " (no device of the context supports images: CL_DEVICE_IMAGE_SUPPORT)";
        return text;
    });
    m_handle = Handle<cl_sampler>::adopt(raw);
}

} // namespace clw::engine
