#include "clw/engine/inspect/UlpHistogram.h"

#include <limits>

namespace clw::engine {

namespace {

// The largest distance of each bucket but the last.
constexpr std::uint64_t kHighest[UlpHistogram::kBuckets - 1] = {0, 1, 2, 4, 8, 16, 256, 65536};

} // namespace

int UlpHistogram::bucketOf(std::uint64_t distance) {
    for (int bucket = 0; bucket < kBuckets - 1; ++bucket)
        if (distance <= kHighest[bucket])
            return bucket;
    return kBuckets - 1;
}

std::uint64_t UlpHistogram::lowest(int bucket) {
    return bucket == 0 ? 0 : kHighest[bucket - 1] + 1;
}

std::uint64_t UlpHistogram::highest(int bucket) {
    return bucket < kBuckets - 1 ? kHighest[bucket] : std::numeric_limits<std::uint64_t>::max();
}

std::string UlpHistogram::label(int bucket) {
    if (bucket == kBuckets - 1)
        return ">" + std::to_string(kHighest[kBuckets - 2]);
    const std::uint64_t low = lowest(bucket), high = highest(bucket);
    return low == high ? std::to_string(low) : std::to_string(low) + "-" + std::to_string(high);
}

std::uint64_t UlpHistogram::total() const {
    std::uint64_t sum = m_nanAgainstNumber;
    for (std::uint64_t count : m_counts)
        sum += count;
    return sum;
}

} // namespace clw::engine
