#include "clw/engine/Sampler.h"

#include "clw/engine/Platform.h"

#include <string>

namespace clw::engine {

namespace {

bool platformHasSamplerProperties(const Context& context) {
    // clCreateSamplerWithProperties is OpenCL 2.0; every device of a context shares a platform.
    const auto devices = context.devices();
    return !devices.empty() &&
           devices.front().platform().numericVersion() >= CL_MAKE_VERSION(2, 0, 0);
}

} // namespace

Sampler::Sampler(const Context& context, bool normalizedCoords, cl_addressing_mode addressing,
                 cl_filter_mode filter) {
    const auto doing = [&] {
        return std::string("creating a sampler (") +
               (normalizedCoords ? "normalized" : "unnormalized") + " coordinates, addressing " +
               std::to_string(addressing) + ", filter " + std::to_string(filter) + ")";
    };
    cl_int code = CL_SUCCESS;
    cl_sampler raw = nullptr;
    if (platformHasSamplerProperties(context)) {
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

} // namespace clw::engine
