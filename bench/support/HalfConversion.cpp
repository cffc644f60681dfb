#include "HalfConversion.h"

#include "clw/engine/inspect/HalfFloat.h"

#include <bit>

namespace clw::bench {

namespace {

#ifdef __FLT16_MAX__

float float16ToFloat(std::uint16_t bits) {
    return float(std::bit_cast<_Float16>(bits));
}

std::uint16_t floatToFloat16(float value) {
    return std::bit_cast<std::uint16_t>(_Float16(value));
}

#if defined(__x86_64__) && !defined(__F16C__)
// Compiled for F16C whatever the build's flags, and called only where the CPU has it.
__attribute__((target("f16c"))) float float16ToFloatF16c(std::uint16_t bits) {
    return float(std::bit_cast<_Float16>(bits));
}

__attribute__((target("f16c"))) std::uint16_t floatToFloat16F16c(float value) {
    return std::bit_cast<std::uint16_t>(_Float16(value));
}
#endif

#endif

} // namespace

HalfConversion engineHalfConversion() {
    return {"engine", &engine::halfToFloat, &engine::floatToHalf};
}

std::vector<HalfConversion> float16Conversions() {
    std::vector<HalfConversion> conversions;
#ifdef __FLT16_MAX__
    conversions.push_back({"float16_as_built", &float16ToFloat, &floatToFloat16});
#if defined(__x86_64__) && !defined(__F16C__)
    if (__builtin_cpu_supports("f16c"))
        conversions.push_back({"float16_f16c", &float16ToFloatF16c, &floatToFloat16F16c});
#endif
#endif
    return conversions;
}

} // namespace clw::bench
