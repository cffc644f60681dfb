#pragma once
// IEEE 754 binary16 (OpenCL's half) to and from float, in software: the host compiler may have no
// _Float16, and the inspector must read half buffers on every host.
#include <cstdint>

namespace clw::engine {

// Exact: every half is a float (denormals, infinities and NaNs included; a NaN keeps its payload's
// top bits).
float halfToFloat(std::uint16_t bits);
// Rounds to nearest, ties to even, as OpenCL's vstore_half_rte: values past the largest half
// become infinity, tiny ones become denormals or zero with the sign kept, a NaN stays a NaN.
std::uint16_t floatToHalf(float value);

} // namespace clw::engine
