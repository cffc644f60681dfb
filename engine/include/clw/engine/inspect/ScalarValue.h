#pragma once
// Reading, classifying, printing and parsing one OpenCL scalar held in a buffer's bytes
// (little-endian, as every OpenCL host the engine targets). `bytes` points at scalarSize(type)
// bytes, which need not be aligned.
#include "clw/engine/launch/KernelSignature.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace clw::engine {

enum class ValueClass { Normal, Zero, Denormal, NaN, Infinity };

// The value as a double: exact for every type but long / ulong beyond 2^53 (rounded).
double readScalar(ScalarType type, const unsigned char* bytes);
// Integers are Zero or Normal; floats (half, float, double) any of the five.
ValueClass classifyScalar(ScalarType type, const unsigned char* bytes);
bool isFloatScalar(ScalarType type);
bool isSignedScalar(ScalarType type);

// The shortest text that reads back to the same bits ("0.1", "1e-08", "nan", "-inf"); integers in
// decimal, or with `hex` as 0x and two digits a byte ("0x00ff"). `hex` leaves floats and bools
// as they are: what it prints reads back with parseScalar.
std::string formatScalar(ScalarType type, const unsigned char* bytes, bool hex = false);
// Reads `text` into the scalar's bytes. Integers: decimal, 0x hex, or a leading '-' for signed
// types, range-checked; floats: decimal, exponent, nan, inf, -inf, range-checked (1e39 is not a
// float); bool: true, false, 0, 1. Returns an empty string on success, else what is wrong ("'300'
// is out of range for uchar (0 to 255)"), leaving `out` untouched.
std::string parseScalar(ScalarType type, std::string_view text, unsigned char* out);
// Stores `value` converted as C would (floats rounded to nearest, integers truncated toward zero
// and clamped to the type's range, NaN as 0 for integers). For fills.
void writeScalar(ScalarType type, double value, unsigned char* out);
// Stores an integer exactly where the type holds it (clamped otherwise): ramps and random
// integers beyond 2^53.
void writeScalarInteger(ScalarType type, std::int64_t value, unsigned char* out);

} // namespace clw::engine
