#include "clw/engine/inspect/UlpDistance.h"

#include <cstring>

namespace clw::engine {

namespace {

// Sign and magnitude of an IEEE value of `bytes` bytes: values of one sign are ordered as their
// magnitudes, so the distance is the magnitudes' difference on one side of zero and their sum
// across it (both zeros have magnitude 0). A uint64 holds either: magnitudes stay below 2^63.
template <class Bits>
std::optional<std::uint64_t> distance(const unsigned char* a, const unsigned char* b) {
    constexpr int kBits = int(sizeof(Bits) * 8);
    constexpr Bits kSign = Bits(Bits(1) << (kBits - 1));
    // The exponent's bits all set: infinities and NaNs. A NaN also has mantissa bits.
    constexpr int kMantissa = kBits == 16 ? 10 : kBits == 32 ? 23 : 52;
    constexpr Bits kMantissaBits = Bits((Bits(1) << kMantissa) - 1);
    constexpr Bits kExponent = Bits(((Bits(1) << (kBits - 1 - kMantissa)) - 1) << kMantissa);
    Bits x = 0, y = 0;
    std::memcpy(&x, a, sizeof x);
    std::memcpy(&y, b, sizeof y);
    const auto isNaN = [](Bits v) {
        return (v & kExponent) == kExponent && (v & kMantissaBits) != 0;
    };
    if (isNaN(x) || isNaN(y)) {
        if (isNaN(x) && isNaN(y))
            return 0;
        return std::nullopt;
    }
    const std::uint64_t mx = std::uint64_t(x & Bits(~kSign));
    const std::uint64_t my = std::uint64_t(y & Bits(~kSign));
    if ((x & kSign) == (y & kSign))
        return mx > my ? mx - my : my - mx;
    return mx + my;
}

} // namespace

std::optional<std::uint64_t> ulpDistance(ScalarType type, const unsigned char* a,
                                         const unsigned char* b) {
    switch (type) {
    case ScalarType::Half:
        return distance<std::uint16_t>(a, b);
    case ScalarType::Float:
        return distance<std::uint32_t>(a, b);
    case ScalarType::Double:
        return distance<std::uint64_t>(a, b);
    default:
        return std::nullopt;
    }
}

} // namespace clw::engine
