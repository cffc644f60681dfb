#pragma once
// How far apart two floating-point values of one type are in units in the last place: the number
// of representable values of that type from one to the other. -0.0 and 0.0 are 0 apart, the
// largest finite value and infinity 1 apart; two NaNs are 0 apart whatever their payloads, and a
// NaN against a number has no distance (nullopt).
#include "clw/engine/launch/KernelSignature.h"

#include <cstdint>
#include <optional>

namespace clw::engine {

// `a` and `b` point at scalarSize(type) bytes each (little-endian, unaligned). `type` is Half,
// Float or Double (isFloatScalar); another type gives nullopt.
std::optional<std::uint64_t> ulpDistance(ScalarType type, const unsigned char* a,
                                         const unsigned char* b);

} // namespace clw::engine
