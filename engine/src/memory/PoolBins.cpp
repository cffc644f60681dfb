#include "clw/engine/memory/PoolBins.h"

#include <bit>

namespace clw::engine {

namespace {
// Shifts that accept negative counts, as PyOpenCL's signed_left_shift / signed_right_shift.
size_t shiftLeft(size_t value, int by) {
    return by >= 0 ? value << by : value >> -by;
}
size_t shiftRight(size_t value, int by) {
    return by >= 0 ? value >> by : value << -by;
}
} // namespace

PoolBins::PoolBins(unsigned leadingBits)
    : m_leadingBits(leadingBits)
    , m_mantissaMask((size_t(1) << leadingBits) - 1) {}

std::uint32_t PoolBins::binOf(size_t size) const noexcept {
    // exponent: index of the leading one; the mantissa: the `leadingBits` bits after it.
    const int exponent = std::bit_width(size) - 1;
    const size_t shifted = shiftRight(size, exponent - int(m_leadingBits));
    const size_t mantissa = shifted & m_mantissaMask;
    return std::uint32_t(exponent) << m_leadingBits | std::uint32_t(mantissa);
}

size_t PoolBins::allocationSize(std::uint32_t bin) const noexcept {
    const int exponent = int(bin >> m_leadingBits);
    const size_t mantissa = bin & m_mantissaMask;
    const int shift = exponent - int(m_leadingBits);
    // The leading one and the mantissa, then every lower bit set: the largest size of the bin.
    size_t ones = shiftLeft(1, shift);
    if (ones)
        --ones;
    const size_t head = shiftLeft((size_t(1) << m_leadingBits) | mantissa, shift);
    return head | ones;
}

} // namespace clw::engine
