#pragma once
// Distances in ULPs (UlpDistance.h) counted in buckets that grow by powers of two: 0, 1, 2, 3-4,
// 5-8, 9-16, 17-256, 257-65536, and more. A NaN against a number has no distance and is counted
// apart.
#include <array>
#include <cstdint>
#include <string>

namespace clw::engine {

class UlpHistogram {
public:
    static constexpr int kBuckets = 9;

    // The bucket a distance falls in, 0 to kBuckets - 1.
    static int bucketOf(std::uint64_t distance);
    // "0", "1", "2", "3-4", ..., "257-65536", ">65536".
    static std::string label(int bucket);
    // The bucket's smallest and largest distance (the last bucket's largest is UINT64_MAX).
    static std::uint64_t lowest(int bucket);
    static std::uint64_t highest(int bucket);

    void add(std::uint64_t distance) { ++m_counts[size_t(bucketOf(distance))]; }
    void addNaNAgainstNumber() { ++m_nanAgainstNumber; }

    std::uint64_t count(int bucket) const { return m_counts[size_t(bucket)]; }
    std::uint64_t nanAgainstNumber() const { return m_nanAgainstNumber; }
    // Every distance counted plus the NaNs against numbers.
    std::uint64_t total() const;
    bool isEmpty() const { return total() == 0; }

    friend bool operator==(const UlpHistogram&, const UlpHistogram&) = default;

private:
    std::array<std::uint64_t, kBuckets> m_counts{};
    std::uint64_t m_nanAgainstNumber = 0;
};

} // namespace clw::engine
