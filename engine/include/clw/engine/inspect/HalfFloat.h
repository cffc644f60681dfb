#pragma once
// IEEE 754 binary16 (OpenCL's half) to and from float, on every host: the compiler's _Float16
// where it converts in one instruction (AArch64; x86-64 built with F16C), the engine's own
// conversion elsewhere (MSVC has no _Float16; GCC's without F16C is a slower library call).
#include <cstdint>

namespace clw::engine {

// Exact: every half is a float (denormals, infinities and NaNs included; a NaN keeps its payload's
// top bits, and where the hardware converts, a signaling NaN comes back quiet).
float halfToFloat(std::uint16_t bits);
// Rounds to nearest, ties to even, as OpenCL's vstore_half_rte: values past the largest half
// become infinity, tiny ones become denormals or zero with the sign kept, a NaN stays a NaN.
std::uint16_t floatToHalf(float value);

} // namespace clw::engine
