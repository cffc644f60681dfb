#pragma once
// Half to float and float to half, as a pair of functions under one name: the engine's, and the
// compiler's _Float16 peers that clw_bench_half times against it.
#include <cstdint>
#include <string>
#include <vector>

namespace clw::bench {

struct HalfConversion {
    std::string name;
    float (*toFloat)(std::uint16_t bits);
    std::uint16_t (*fromFloat)(float value);
};

// The engine's conversion (clw/engine/inspect/HalfFloat.h, whichever way this build compiled it).
HalfConversion engineHalfConversion();
// _Float16 as this build compiles it ("float16_as_built": a libgcc call on x86-64 without F16C)
// and, on an x86-64 CPU with F16C when the build does not enable it, the same conversion
// compiled for F16C ("float16_f16c"). Empty where the compiler has no _Float16 (MSVC).
std::vector<HalfConversion> float16Conversions();

} // namespace clw::bench
