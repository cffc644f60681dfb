#include "clw/engine/inspect/PlotEnvelope.h"

#include "clw/engine/inspect/ScalarValue.h"

#include <algorithm>
#include <cmath>

namespace clw::engine {

PlotEnvelope::PlotEnvelope(std::uint64_t first, std::uint64_t count, std::size_t buckets)
    : m_first(first) {
    buckets = std::max<std::size_t>(1, buckets);
    m_perBucket = std::max<std::uint64_t>(1, (count + buckets - 1) / buckets);
    const std::size_t used = std::size_t((count + m_perBucket - 1) / m_perBucket);
    m_min.assign(used, NAN);
    m_max.assign(used, NAN);
}

void PlotEnvelope::addRun(ScalarType type, const unsigned char* data, std::size_t count,
                          std::size_t stride, std::uint64_t index) {
    for (std::size_t i = 0; i < count; ++i) {
        const double value = readScalar(type, data + i * stride);
        if (!std::isfinite(value))
            continue;
        const std::size_t bucket = std::size_t((index + i - m_first) / m_perBucket);
        if (bucket >= m_min.size())
            continue;
        // fmin / fmax ignore the NaN a bucket starts with.
        m_min[bucket] = std::fmin(m_min[bucket], value);
        m_max[bucket] = std::fmax(m_max[bucket], value);
    }
}

void PlotEnvelope::merge(const PlotEnvelope& other) {
    for (std::size_t i = 0; i < m_min.size() && i < other.m_min.size(); ++i) {
        m_min[i] = std::fmin(m_min[i], other.m_min[i]);
        m_max[i] = std::fmax(m_max[i], other.m_max[i]);
    }
}

} // namespace clw::engine
