#include "clw/engine/inspect/HalfFloat.h"

#include <bit>

// _Float16 only where converting is one instruction. Elsewhere GCC's _Float16 calls libgcc's
// software conversion, which bench/clw_bench_half times at about 3x the code below half to float
// and 1.8x float to half (x86-64 without F16C; with F16C: 0.5x and 0.2x). MSVC has no _Float16.
#if defined(__FLT16_MAX__) && (defined(__aarch64__) || defined(__F16C__))
#define CLW_HALF_IN_HARDWARE 1
#endif

namespace clw::engine {

#ifdef CLW_HALF_IN_HARDWARE

float halfToFloat(std::uint16_t bits) {
    return float(std::bit_cast<_Float16>(bits));
}

// Rounds by the thread's rounding mode, which is to nearest, ties to even, unless a program
// changes it (no part of the workbench does).
std::uint16_t floatToHalf(float value) {
    return std::bit_cast<std::uint16_t>(_Float16(value));
}

#else

float halfToFloat(std::uint16_t bits) {
    const std::uint32_t sign = std::uint32_t(bits & 0x8000u) << 16;
    const std::uint32_t exponent = (bits >> 10) & 0x1fu;
    std::uint32_t mantissa = bits & 0x3ffu;
    std::uint32_t out = 0;
    if (exponent == 0x1f) {
        out = sign | 0x7f800000u | (mantissa << 13); // infinity or NaN
    } else if (exponent != 0) {
        out = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        out = sign; // signed zero
    } else {
        // A denormal half is a normal float: shift the leading one into the implicit bit.
        std::uint32_t e = 113;
        while ((mantissa & 0x400u) == 0) {
            mantissa <<= 1;
            --e;
        }
        out = sign | (e << 23) | ((mantissa & 0x3ffu) << 13);
    }
    return std::bit_cast<float>(out);
}

std::uint16_t floatToHalf(float value) {
    const std::uint32_t f = std::bit_cast<std::uint32_t>(value);
    const std::uint16_t sign = std::uint16_t((f >> 16) & 0x8000u);
    const std::uint32_t exponent = (f >> 23) & 0xffu;
    const std::uint32_t mantissa = f & 0x7fffffu;
    if (exponent == 0xff) {
        // Keep NaNs NaN even when the payload's top bits are zero.
        const std::uint16_t payload = std::uint16_t(mantissa >> 13);
        return std::uint16_t(sign | 0x7c00u | (mantissa ? (payload ? payload : 0x200u) : 0));
    }
    const int e = int(exponent) - 127 + 15;
    if (e >= 0x1f)
        return std::uint16_t(sign | 0x7c00u); // overflow to infinity
    if (e <= 0) {
        if (e < -10)
            return sign; // below half the smallest denormal: zero
        // Denormal: the implicit one joins the mantissa, which is shifted into place and rounded.
        const std::uint32_t full = mantissa | 0x800000u;
        const int shift = 14 - e;
        const std::uint32_t halfMantissa = full >> shift;
        const std::uint32_t rest = full & ((1u << shift) - 1);
        const std::uint32_t halfway = 1u << (shift - 1);
        std::uint32_t rounded = halfMantissa;
        if (rest > halfway || (rest == halfway && (halfMantissa & 1u)))
            ++rounded;
        return std::uint16_t(sign | rounded);
    }
    std::uint32_t out = (std::uint32_t(e) << 10) | (mantissa >> 13);
    const std::uint32_t rest = mantissa & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (out & 1u)))
        ++out; // a carry into the exponent is right: it rounds up to the next binade or infinity
    return std::uint16_t(sign | out);
}

#endif

} // namespace clw::engine
