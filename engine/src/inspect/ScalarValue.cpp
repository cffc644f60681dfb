#include "clw/engine/inspect/ScalarValue.h"

#include "clw/engine/inspect/HalfFloat.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace clw::engine {

namespace {

template <class T>
T load(const unsigned char* bytes) {
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
}

template <class T>
void store(T value, unsigned char* out) {
    std::memcpy(out, &value, sizeof(T));
}

ValueClass classifyDouble(double value, bool denormal) {
    if (std::isnan(value))
        return ValueClass::NaN;
    if (std::isinf(value))
        return ValueClass::Infinity;
    if (value == 0)
        return ValueClass::Zero;
    return denormal ? ValueClass::Denormal : ValueClass::Normal;
}

// Integer range of a type as (min, max) in 128-bit-free form: signed types by int64, unsigned by
// uint64.
struct IntRange {
    std::int64_t min;
    std::uint64_t max;
};
IntRange rangeOf(ScalarType type) {
    switch (type) {
    case ScalarType::Bool:
        return {0, 1};
    case ScalarType::Char:
        return {-128, 127};
    case ScalarType::UChar:
        return {0, 255};
    case ScalarType::Short:
        return {-32768, 32767};
    case ScalarType::UShort:
        return {0, 65535};
    case ScalarType::Int:
        return {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max()};
    case ScalarType::UInt:
        return {0, std::numeric_limits<std::uint32_t>::max()};
    case ScalarType::Long:
        return {std::numeric_limits<std::int64_t>::min(),
                std::uint64_t(std::numeric_limits<std::int64_t>::max())};
    default:
        return {0, std::numeric_limits<std::uint64_t>::max()};
    }
}

void storeUnsigned(ScalarType type, std::uint64_t value, unsigned char* out) {
    switch (scalarSize(type)) {
    case 1:
        store(std::uint8_t(value), out);
        break;
    case 2:
        store(std::uint16_t(value), out);
        break;
    case 4:
        store(std::uint32_t(value), out);
        break;
    default:
        store(value, out);
        break;
    }
}

template <class T>
std::string shortest(T value) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

template <class T>
std::string shortest(T value, std::chars_format format) {
    char buffer[400]; // fixed notation of a double below 1e16 with its digits
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, format);
    return std::string(buffer, result.ptr);
}

std::string formatFloat(double value, ScalarType type, std::uint16_t halfBits) {
    if (std::isnan(value))
        return std::signbit(value) ? "-nan" : "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    // Plain decimals for everyday magnitudes (3000000, not 3e+06), still the shortest digits
    // that read back to the same bits; exponents for the very large and very small.
    const double magnitude = std::fabs(value);
    const bool plain = magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e16);
    if (type == ScalarType::Double)
        return plain ? shortest(value, std::chars_format::fixed) : shortest(value);
    if (type == ScalarType::Float)
        return plain ? shortest(float(value), std::chars_format::fixed) : shortest(float(value));
    // Half: the fewest significant digits that read back to the same half.
    for (int digits = 1; digits <= 6; ++digits) {
        char buffer[64];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, value,
                                          std::chars_format::general, digits);
        double back = 0;
        std::from_chars(buffer, result.ptr, back);
        if (floatToHalf(float(back)) == halfBits)
            return std::string(buffer, result.ptr);
    }
    return shortest(float(value));
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

std::string quoted(std::string_view text) {
    return "'" + std::string(text) + "'";
}

} // namespace

bool isFloatScalar(ScalarType type) {
    return type == ScalarType::Half || type == ScalarType::Float || type == ScalarType::Double;
}

bool isSignedScalar(ScalarType type) {
    return type == ScalarType::Char || type == ScalarType::Short || type == ScalarType::Int ||
           type == ScalarType::Long || isFloatScalar(type);
}

double readScalar(ScalarType type, const unsigned char* bytes) {
    switch (type) {
    case ScalarType::Bool:
    case ScalarType::UChar:
        return load<std::uint8_t>(bytes);
    case ScalarType::Char:
        return load<std::int8_t>(bytes);
    case ScalarType::Short:
        return load<std::int16_t>(bytes);
    case ScalarType::UShort:
        return load<std::uint16_t>(bytes);
    case ScalarType::Int:
        return load<std::int32_t>(bytes);
    case ScalarType::UInt:
        return load<std::uint32_t>(bytes);
    case ScalarType::Long:
        return double(load<std::int64_t>(bytes));
    case ScalarType::ULong:
        return double(load<std::uint64_t>(bytes));
    case ScalarType::Half:
        return halfToFloat(load<std::uint16_t>(bytes));
    case ScalarType::Float:
        return load<float>(bytes);
    case ScalarType::Double:
        return load<double>(bytes);
    default:
        return 0;
    }
}

ValueClass classifyScalar(ScalarType type, const unsigned char* bytes) {
    switch (type) {
    case ScalarType::Half: {
        const std::uint16_t bits = load<std::uint16_t>(bytes);
        const bool denormal = (bits & 0x7c00u) == 0 && (bits & 0x3ffu) != 0;
        return classifyDouble(halfToFloat(bits), denormal);
    }
    case ScalarType::Float: {
        const float value = load<float>(bytes);
        return classifyDouble(value, std::fpclassify(value) == FP_SUBNORMAL);
    }
    case ScalarType::Double: {
        const double value = load<double>(bytes);
        return classifyDouble(value, std::fpclassify(value) == FP_SUBNORMAL);
    }
    default:
        return readScalar(type, bytes) == 0 ? ValueClass::Zero : ValueClass::Normal;
    }
}

std::string formatScalar(ScalarType type, const unsigned char* bytes, bool hex) {
    // Only integers: a float's bits or a bool's byte in hex would not read back as the value.
    if (hex && type != ScalarType::Bool && !isFloatScalar(type)) {
        static const char kDigits[] = "0123456789abcdef";
        const size_t size = scalarSize(type);
        std::string text = "0x";
        for (size_t i = size; i-- > 0;) {
            text += kDigits[bytes[i] >> 4];
            text += kDigits[bytes[i] & 15];
        }
        return text;
    }
    switch (type) {
    case ScalarType::Bool:
        return bytes[0] ? "true" : "false";
    case ScalarType::Long:
        return std::to_string(load<std::int64_t>(bytes));
    case ScalarType::ULong:
        return std::to_string(load<std::uint64_t>(bytes));
    case ScalarType::Half:
        return formatFloat(readScalar(type, bytes), type, load<std::uint16_t>(bytes));
    case ScalarType::Float:
    case ScalarType::Double:
        return formatFloat(readScalar(type, bytes), type, 0);
    default:
        return std::to_string(std::int64_t(readScalar(type, bytes)));
    }
}

std::string parseScalar(ScalarType type, std::string_view text, unsigned char* out) {
    const std::string_view original = text;
    text = trim(text);
    if (text.empty())
        return "no value given";
    const char* name = scalarTypeName(type);
    if (isFloatScalar(type)) {
        std::string_view body = text;
        if (body.front() == '+')
            body.remove_prefix(1);
        double value = 0;
        const auto [end, error] = std::from_chars(body.data(), body.data() + body.size(), value);
        if (end != body.data() + body.size() ||
            (error != std::errc() && error != std::errc::result_out_of_range))
            return quoted(original) + " is not a number";
        const double limit = type == ScalarType::Half    ? 65504.0
                             : type == ScalarType::Float ? double(std::numeric_limits<float>::max())
                                                         : std::numeric_limits<double>::max();
        // A finite text that rounds past the type's largest value is a typo, not an infinity.
        if (error == std::errc::result_out_of_range ||
            (std::isfinite(value) && std::fabs(value) > limit * (1 + 1e-3)))
            return quoted(original) + " is out of range for " + name;
        if (type == ScalarType::Half)
            store(floatToHalf(float(value)), out);
        else if (type == ScalarType::Float)
            store(float(value), out);
        else
            store(value, out);
        return {};
    }
    if (type == ScalarType::Bool) {
        if (text == "true" || text == "1")
            out[0] = 1;
        else if (text == "false" || text == "0")
            out[0] = 0;
        else
            return quoted(original) + " is not a bool (true, false, 0 or 1)";
        return {};
    }
    const bool negative = text.front() == '-';
    std::string_view digits = text;
    if (negative || digits.front() == '+')
        digits.remove_prefix(1);
    int base = 10;
    if (digits.starts_with("0x") || digits.starts_with("0X")) {
        digits.remove_prefix(2);
        base = 16;
    }
    std::uint64_t magnitude = 0;
    const auto [end, error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
    const IntRange range = rangeOf(type);
    const std::string rangeText =
        " (" + std::to_string(range.min) + " to " + std::to_string(range.max) + ")";
    if (digits.empty() || end != digits.data() + digits.size())
        return quoted(original) + " is not an integer";
    if (error == std::errc::result_out_of_range)
        return quoted(original) + " is out of range for " + name + rangeText;
    if (negative) {
        // |min| of a signed type is max + 1.
        const std::uint64_t limit = std::uint64_t(-(range.min + 1)) + 1;
        if (range.min == 0 && magnitude != 0)
            return quoted(original) + " is negative; " + name + " is unsigned" + rangeText;
        if (magnitude > limit)
            return quoted(original) + " is out of range for " + name + rangeText;
        storeUnsigned(type, std::uint64_t(0) - magnitude, out);
        return {};
    }
    // Hex beyond the signed maximum writes the bit pattern (0xffffffff is -1 as int).
    const std::uint64_t bitsMax = scalarSize(type) == 8
                                      ? std::numeric_limits<std::uint64_t>::max()
                                      : (std::uint64_t(1) << (8 * scalarSize(type))) - 1;
    if (magnitude > (base == 16 ? bitsMax : range.max))
        return quoted(original) + " is out of range for " + name + rangeText;
    storeUnsigned(type, magnitude, out);
    return {};
}

void writeScalar(ScalarType type, double value, unsigned char* out) {
    switch (type) {
    case ScalarType::Half:
        store(floatToHalf(float(value)), out);
        return;
    case ScalarType::Float:
        store(float(value), out);
        return;
    case ScalarType::Double:
        store(value, out);
        return;
    default:
        break;
    }
    if (std::isnan(value))
        value = 0;
    const IntRange range = rangeOf(type);
    if (value <= double(range.min)) {
        writeScalarInteger(type, range.min, out);
    } else if (value >= double(range.max)) {
        storeUnsigned(type, range.max, out);
    } else if (value < 0) {
        writeScalarInteger(type, std::int64_t(value), out);
    } else {
        storeUnsigned(type, std::uint64_t(value), out);
    }
}

void writeScalarInteger(ScalarType type, std::int64_t value, unsigned char* out) {
    if (isFloatScalar(type)) {
        writeScalar(type, double(value), out);
        return;
    }
    const IntRange range = rangeOf(type);
    if (value < range.min)
        value = range.min;
    if (value > 0 && std::uint64_t(value) > range.max)
        storeUnsigned(type, range.max, out);
    else
        storeUnsigned(type, std::uint64_t(value), out);
}

} // namespace clw::engine
