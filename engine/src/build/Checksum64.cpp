#include "clw/engine/build/Checksum64.h"

#include <cstring>

namespace clw::engine {

namespace {

constexpr std::uint64_t kPrime1 = 11400714785074694791ull;
constexpr std::uint64_t kPrime2 = 14029467366897019727ull;
constexpr std::uint64_t kPrime3 = 1609587929392839161ull;
constexpr std::uint64_t kPrime4 = 9650029242287828579ull;
constexpr std::uint64_t kPrime5 = 2870177450012600261ull;

std::uint64_t rotl(std::uint64_t x, int r) {
    return (x << r) | (x >> (64 - r));
}
std::uint64_t read64(const unsigned char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
std::uint32_t read32(const unsigned char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
std::uint64_t round(std::uint64_t acc, std::uint64_t input) {
    acc += input * kPrime2;
    acc = rotl(acc, 31);
    return acc * kPrime1;
}
std::uint64_t merge(std::uint64_t acc, std::uint64_t value) {
    acc ^= round(0, value);
    return acc * kPrime1 + kPrime4;
}

} // namespace

std::uint64_t checksum64(const void* data, size_t size, std::uint64_t seed) {
    const auto* p = static_cast<const unsigned char*>(data);
    const unsigned char* end = p + size;
    std::uint64_t h;
    if (size >= 32) {
        std::uint64_t v1 = seed + kPrime1 + kPrime2, v2 = seed + kPrime2, v3 = seed,
                      v4 = seed - kPrime1;
        const unsigned char* limit = end - 32;
        do {
            v1 = round(v1, read64(p));
            v2 = round(v2, read64(p + 8));
            v3 = round(v3, read64(p + 16));
            v4 = round(v4, read64(p + 24));
            p += 32;
        } while (p <= limit);
        h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
        h = merge(merge(merge(merge(h, v1), v2), v3), v4);
    } else {
        h = seed + kPrime5;
    }
    h += std::uint64_t(size);
    for (; p + 8 <= end; p += 8)
        h = rotl(h ^ round(0, read64(p)), 27) * kPrime1 + kPrime4;
    if (p + 4 <= end) {
        h = rotl(h ^ (std::uint64_t(read32(p)) * kPrime1), 23) * kPrime2 + kPrime3;
        p += 4;
    }
    for (; p < end; ++p)
        h = rotl(h ^ (*p * kPrime5), 11) * kPrime1;
    h ^= h >> 33;
    h *= kPrime2;
    h ^= h >> 29;
    h *= kPrime3;
    h ^= h >> 32;
    return h;
}

} // namespace clw::engine
