#pragma once
// A histogram of one column's finite values over [low, high] in equal bins; values outside the
// range are counted apart. Integer columns whose range is small get one bin per integer.
#include "clw/engine/launch/KernelSignature.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace clw::engine {

class Histogram {
public:
    Histogram() = default;
    // `bins` equal bins over [low, high]; a range of one value gets one bin.
    Histogram(double low, double high, std::size_t bins);
    // The bins a column of `type` wants over [low, high]: one per integer when an integer range
    // has at most `maxBins` values, else `maxBins`.
    static Histogram forRange(ScalarType type, double low, double high, std::size_t maxBins = 128);

    void add(double value);
    void addRun(ScalarType type, const unsigned char* data, std::size_t count, std::size_t stride);
    void merge(const Histogram& other); // same range and bins

    double low() const { return m_low; }
    double high() const { return m_high; }
    std::size_t binCount() const { return m_counts.size(); }
    const std::vector<std::uint64_t>& counts() const { return m_counts; }
    // The lower edge of bin i (i == binCount() gives the upper edge of the last).
    double edge(std::size_t i) const;
    std::uint64_t outside() const { return m_outside; }

private:
    double m_low = 0;
    double m_high = 0;
    double m_scale = 0; // bins per unit
    std::vector<std::uint64_t> m_counts;
    std::uint64_t m_outside = 0;
};

} // namespace clw::engine
