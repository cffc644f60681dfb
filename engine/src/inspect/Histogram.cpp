#include "clw/engine/inspect/Histogram.h"

#include "clw/engine/inspect/ScalarValue.h"

#include <algorithm>
#include <cmath>

namespace clw::engine {

Histogram::Histogram(double low, double high, std::size_t bins)
    : m_low(low)
    , m_high(high)
    , m_counts(high > low ? std::max<std::size_t>(1, bins) : 1, 0) {
    m_scale = high > low ? double(m_counts.size()) / (high - low) : 0;
}

Histogram Histogram::forRange(ScalarType type, double low, double high, std::size_t maxBins) {
    if (!isFloatScalar(type) && high - low + 1 <= double(maxBins) && high >= low) {
        // One bin per integer: edges at half-integers so that each value sits in the middle.
        return Histogram(low - 0.5, high + 0.5, std::size_t(high - low + 1));
    }
    return Histogram(low, high, maxBins);
}

void Histogram::add(double value) {
    if (!(value >= m_low && value <= m_high)) {
        if (!std::isnan(value))
            ++m_outside;
        return;
    }
    std::size_t bin = std::size_t((value - m_low) * m_scale);
    if (bin >= m_counts.size())
        bin = m_counts.size() - 1; // the upper edge belongs to the last bin, as in NumPy
    ++m_counts[bin];
}

void Histogram::addRun(ScalarType type, const unsigned char* data, std::size_t count,
                       std::size_t stride) {
    for (std::size_t i = 0; i < count; ++i) {
        const double value = readScalar(type, data + i * stride);
        if (std::isfinite(value))
            add(value);
    }
}

void Histogram::merge(const Histogram& other) {
    for (std::size_t i = 0; i < m_counts.size() && i < other.m_counts.size(); ++i)
        m_counts[i] += other.m_counts[i];
    m_outside += other.m_outside;
}

double Histogram::edge(std::size_t i) const {
    if (m_counts.size() <= 1 && m_high <= m_low)
        return i == 0 ? m_low : m_high;
    return m_low + (m_high - m_low) * double(i) / double(m_counts.size());
}

} // namespace clw::engine
