#include "clw/engine/inspect/ColumnStatistics.h"

#include "clw/engine/inspect/ScalarValue.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace clw::engine {

double ColumnStatistics::stddev() const {
    return finite ? std::sqrt(m2 / double(finite)) : 0.0;
}

void ColumnStatistics::addRun(ScalarType type, const unsigned char* data, std::size_t n,
                              std::size_t stride) {
    // Two passes over the run (it is in cache): its own mean, then squares about that mean; the
    // run is then merged, which keeps the variance exact even for values far from zero.
    ColumnStatistics run;
    run.count = n;
    double sum = 0;
    double lo = INFINITY;
    double hi = -INFINITY;
    const bool isFloat = isFloatScalar(type);
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char* p = data + i * stride;
        const double v = readScalar(type, p);
        if (isFloat) {
            const ValueClass kind = classifyScalar(type, p);
            if (kind == ValueClass::NaN) {
                ++run.nanCount;
                continue;
            }
            if (kind == ValueClass::Infinity) {
                ++run.infCount;
                continue;
            }
            if (kind == ValueClass::Denormal)
                ++run.denormalCount;
        }
        if (v == 0)
            ++run.zeroCount;
        ++run.finite;
        sum += v;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (run.finite > 0) {
        run.mean = sum / double(run.finite);
        run.min = lo;
        run.max = hi;
        double m2 = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double v = readScalar(type, data + i * stride);
            if (std::isfinite(v)) {
                const double d = v - run.mean;
                m2 += d * d;
            }
        }
        run.m2 = m2;
    }
    merge(run);
}

void ColumnStatistics::merge(const ColumnStatistics& other) {
    if (other.finite > 0) {
        if (finite == 0) {
            min = other.min;
            max = other.max;
            mean = other.mean;
            m2 = other.m2;
        } else {
            const double total = double(finite + other.finite);
            const double delta = other.mean - mean;
            mean += delta * double(other.finite) / total;
            m2 += other.m2 + delta * delta * double(finite) * double(other.finite) / total;
            min = std::min(min, other.min);
            max = std::max(max, other.max);
        }
    }
    count += other.count;
    finite += other.finite;
    nanCount += other.nanCount;
    infCount += other.infCount;
    denormalCount += other.denormalCount;
    zeroCount += other.zeroCount;
}

} // namespace clw::engine
