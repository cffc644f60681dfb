#pragma once
// What a line plot of a long column draws: the elements split into at most `buckets` equal runs,
// each with the min and max of its finite values, so that a spike in a billion values still shows
// in two thousand points. Short columns get one bucket per element (min == max == the value).
#include "clw/engine/launch/KernelSignature.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace clw::engine {

class PlotEnvelope {
public:
    PlotEnvelope() = default;
    // Elements [first, first + count) in at most `buckets` buckets.
    PlotEnvelope(std::uint64_t first, std::uint64_t count, std::size_t buckets = 2048);

    // Adds a run of elements starting at element `index` (absolute).
    void addRun(ScalarType type, const unsigned char* data, std::size_t count, std::size_t stride,
                std::uint64_t index);
    void merge(const PlotEnvelope& other); // same first, count and buckets

    std::size_t bucketCount() const { return m_min.size(); }
    std::uint64_t elementsPerBucket() const { return m_perBucket; }
    // The first element of bucket i.
    std::uint64_t bucketStart(std::size_t i) const { return m_first + i * m_perBucket; }
    // NaN for a bucket without a finite value.
    double min(std::size_t i) const { return m_min[i]; }
    double max(std::size_t i) const { return m_max[i]; }

private:
    std::uint64_t m_first = 0;
    std::uint64_t m_perBucket = 1;
    std::vector<double> m_min;
    std::vector<double> m_max;
};

} // namespace clw::engine
