#pragma once
// An n-dimensional array as NumPy's .npy format holds it (NpyFile.h reads and writes it): the
// buffer inspector, sessions and reproducers keep typed data this way so that NumPy reads it as
// is. Vector data (a float4 buffer) has a trailing component axis: shape (n, 4).
#include "clw/engine/launch/KernelSignature.h"

#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

// The element types the engine reads and writes: every OpenCL scalar type has one.
enum class NpyType {
    Bool,
    Int8,
    UInt8,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Float16,
    Float32,
    Float64
};

// Bytes of one element.
size_t npyItemSize(NpyType type);
// The little-endian descr this engine writes: "<f4", "|u1", "|b1".
const char* npyDescr(NpyType type);
// NumPy's name: "float32", "uint8", "bool".
const char* npyTypeName(NpyType type);
// The type NumPy calls `name`, or nullopt.
std::optional<NpyType> npyTypeFromName(std::string_view name);
// The element type of an OpenCL scalar: Float -> Float32, Half -> Float16, UChar -> UInt8.
// nullopt where the size is not fixed (size_t and friends) or there is no scalar (struct, void).
std::optional<NpyType> npyTypeOf(ScalarType type);
bool npyIsFloat(NpyType type);
bool npyIsSigned(NpyType type);
// "1024", "48 x 64 x 4", "a scalar": a shape for messages.
std::string npyShapeText(const std::vector<size_t>& shape);

struct NpyArray {
    NpyType type = NpyType::UInt8;
    std::vector<size_t> shape; // empty: a 0-d array of one element
    // count() * itemSize() bytes, C order, little-endian (the host's order: the engine builds
    // only for little-endian hosts, as every OpenCL host it targets is).
    std::vector<unsigned char> data;

    size_t count() const;
    size_t itemSize() const { return npyItemSize(type); }

    // An array of `values` with `shape` (one axis of values.size() when empty). T must match
    // the type's item size.
    template <class T>
    static NpyArray of(NpyType type, const std::vector<T>& values, std::vector<size_t> shape = {}) {
        NpyArray array;
        array.type = type;
        array.shape = shape.empty() ? std::vector<size_t>{values.size()} : std::move(shape);
        array.data.resize(values.size() * sizeof(T));
        if (!values.empty())
            std::memcpy(array.data.data(), values.data(), array.data.size());
        return array;
    }
    // The elements as T (T's size must be the item size).
    template <class T>
    std::vector<T> values() const {
        std::vector<T> out(data.size() / sizeof(T));
        if (!out.empty())
            std::memcpy(out.data(), data.data(), out.size() * sizeof(T));
        return out;
    }

    friend bool operator==(const NpyArray&, const NpyArray&) = default;
};

} // namespace clw::engine
