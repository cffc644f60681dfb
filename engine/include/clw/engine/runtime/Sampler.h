#pragma once
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/ObjectInfo.h"

#include <vector>

namespace clw::engine {

class Sampler {
public:
    Sampler() = default;
    // Both constructors throw ClError with CL_INVALID_VALUE for CL_ADDRESS_REPEAT or
    // CL_ADDRESS_MIRRORED_REPEAT without normalized coordinates, on every driver.
    Sampler(const Context& context, bool normalizedCoords, cl_addressing_mode addressing,
            cl_filter_mode filter);
    // The seeds' Sampler(context, properties): keys and values for clCreateSamplerWithProperties
    // (OpenCL 2.0) without the terminator, e.g. {CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
    // CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR}; a property left out takes its default. Throws
    // ClError with the driver's code: CL_INVALID_VALUE for an unknown, repeated or invalid
    // property, CL_INVALID_OPERATION where no device of the context supports images. The engine
    // itself refuses a key without its value (CL_INVALID_VALUE) and, without calling the driver,
    // a platform older than OpenCL 2.0 (CL_INVALID_OPERATION).
    Sampler(const Context& context, const std::vector<cl_sampler_properties>& properties);
    static Sampler retain(cl_sampler raw) { return Sampler(Handle<cl_sampler>::retain(raw)); }

    cl_sampler get() const noexcept { return m_handle.get(); }
    explicit operator bool() const noexcept { return bool(m_handle); }

    template <cl_sampler_info P>
    typename SamplerInfo<P>::type info() const {
        return detail::queryInfo<typename SamplerInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetSamplerInfo(get(), P, s, v, r);
            },
            "clGetSamplerInfo", SamplerInfo<P>::kName);
    }
    bool normalizedCoords() const { return info<CL_SAMPLER_NORMALIZED_COORDS>(); }
    cl_addressing_mode addressingMode() const { return info<CL_SAMPLER_ADDRESSING_MODE>(); }
    cl_filter_mode filterMode() const { return info<CL_SAMPLER_FILTER_MODE>(); }

    friend bool operator==(const Sampler& a, const Sampler& b) { return a.get() == b.get(); }

private:
    explicit Sampler(Handle<cl_sampler> handle)
        : m_handle(std::move(handle)) {}
    Handle<cl_sampler> m_handle;
};

} // namespace clw::engine
