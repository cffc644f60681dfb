#pragma once
// Statistics of one column of a buffer (one scalar of the element type): counts of NaN, Inf,
// denormals and zeros, and min, max, mean and standard deviation of the finite values. Built run by
// run (a worker reads the buffer in chunks) and merged (Chan et al.'s parallel variance), in double
// precision whatever the column's type, so a float buffer's mean is not float-rounded.
#include "clw/engine/launch/KernelSignature.h"

#include <cstddef>
#include <cstdint>

namespace clw::engine {

struct ColumnStatistics {
    std::uint64_t count = 0;  // values seen, NaN and Inf included
    std::uint64_t finite = 0; // values in min / max / mean / std
    std::uint64_t nanCount = 0;
    std::uint64_t infCount = 0;
    std::uint64_t denormalCount = 0; // subnormal half / float / double values (never integers)
    std::uint64_t zeroCount = 0;     // +0 and -0
    double min = 0;                  // of the finite values; 0 when there is none
    double max = 0;
    double mean = 0;
    double m2 = 0; // sum of squared differences from the mean

    // Population standard deviation (NumPy's default, ddof = 0) of the finite values.
    double stddev() const;
    // Adds `count` values of `type`, the first at `data`, each `stride` bytes after the last.
    void addRun(ScalarType type, const unsigned char* data, std::size_t count, std::size_t stride);
    // Adds what `other` saw, as if its values had been added here.
    void merge(const ColumnStatistics& other);
};

} // namespace clw::engine
