#pragma once
#include "clw/engine/Context.h"
#include "clw/engine/Handle.h"
#include "clw/engine/ObjectInfo.h"

namespace clw::engine {

class Sampler {
public:
    Sampler() = default;
    Sampler(const Context& context, bool normalizedCoords, cl_addressing_mode addressing,
            cl_filter_mode filter);
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

private:
    explicit Sampler(Handle<cl_sampler> handle)
        : m_handle(std::move(handle)) {}
    Handle<cl_sampler> m_handle;
};

} // namespace clw::engine
