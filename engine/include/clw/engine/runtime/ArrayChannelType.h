#pragma once
// The image channel type of a host array's element type, as PyOpenCL's image_from_array chooses
// it (DTYPE_TO_CHANNEL_TYPE and, for normalized integers, DTYPE_TO_CHANNEL_TYPE_NORM).
#include "clw/engine/runtime/ClError.h"

#include <cstdint>
#include <type_traits>

namespace clw::engine {

// float: CL_FLOAT; 8-, 16- and 32-bit integers: CL_SIGNED_INT* / CL_UNSIGNED_INT*, or with
// normalizedInts CL_SNORM_INT* / CL_UNORM_INT* (8 and 16 bits only: read as floats in [-1, 1] or
// [0, 1]). Half floats have no C++ type: pass CL_HALF_FLOAT to Image::fromArrayBytes. Throws
// ClError with CL_INVALID_VALUE for normalizedInts with float or 32-bit data.
template <class T>
cl_channel_type arrayChannelType(bool normalizedInts) {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, std::int8_t> ||
                      std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int16_t> ||
                      std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::int32_t> ||
                      std::is_same_v<T, std::uint32_t>,
                  "an image channel is float or an 8-, 16- or 32-bit integer");
    constexpr bool isSigned = std::is_signed_v<T>;
    if constexpr (std::is_same_v<T, float>) {
        if (!normalizedInts)
            return CL_FLOAT;
    } else if constexpr (sizeof(T) == 1) {
        if (normalizedInts)
            return isSigned ? CL_SNORM_INT8 : CL_UNORM_INT8;
        return isSigned ? CL_SIGNED_INT8 : CL_UNSIGNED_INT8;
    } else if constexpr (sizeof(T) == 2) {
        if (normalizedInts)
            return isSigned ? CL_SNORM_INT16 : CL_UNORM_INT16;
        return isSigned ? CL_SIGNED_INT16 : CL_UNSIGNED_INT16;
    } else {
        if (!normalizedInts)
            return isSigned ? CL_SIGNED_INT32 : CL_UNSIGNED_INT32;
    }
    throw ClError(CL_INVALID_VALUE, "Image::fromArray",
                  std::string("choosing a normalized channel type for ") +
                      (std::is_same_v<T, float> ? "float" : "32-bit integer") +
                      " data (only 8- and 16-bit integers have one: CL_UNORM_INT8/16, "
                      "CL_SNORM_INT8/16)");
}

} // namespace clw::engine
