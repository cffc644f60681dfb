#include "clw/engine/session/NpyArray.h"

#include <array>

namespace clw::engine {

namespace {

struct TypeInfo {
    NpyType type;
    size_t size;
    const char* descr;
    const char* name;
};

constexpr std::array<TypeInfo, 12> kTypes{{
    {NpyType::Bool, 1, "|b1", "bool"},
    {NpyType::Int8, 1, "|i1", "int8"},
    {NpyType::UInt8, 1, "|u1", "uint8"},
    {NpyType::Int16, 2, "<i2", "int16"},
    {NpyType::UInt16, 2, "<u2", "uint16"},
    {NpyType::Int32, 4, "<i4", "int32"},
    {NpyType::UInt32, 4, "<u4", "uint32"},
    {NpyType::Int64, 8, "<i8", "int64"},
    {NpyType::UInt64, 8, "<u8", "uint64"},
    {NpyType::Float16, 2, "<f2", "float16"},
    {NpyType::Float32, 4, "<f4", "float32"},
    {NpyType::Float64, 8, "<f8", "float64"},
}};

const TypeInfo& infoOf(NpyType type) {
    return kTypes[size_t(type)]; // the table is in the enum's order
}

} // namespace

size_t npyItemSize(NpyType type) {
    return infoOf(type).size;
}

const char* npyDescr(NpyType type) {
    return infoOf(type).descr;
}

const char* npyTypeName(NpyType type) {
    return infoOf(type).name;
}

std::optional<NpyType> npyTypeFromName(std::string_view name) {
    for (const TypeInfo& info : kTypes)
        if (name == info.name)
            return info.type;
    return std::nullopt;
}

std::optional<NpyType> npyTypeOf(ScalarType type) {
    switch (type) {
    case ScalarType::Bool:
        return NpyType::Bool;
    case ScalarType::Char:
        return NpyType::Int8;
    case ScalarType::UChar:
        return NpyType::UInt8;
    case ScalarType::Short:
        return NpyType::Int16;
    case ScalarType::UShort:
        return NpyType::UInt16;
    case ScalarType::Int:
        return NpyType::Int32;
    case ScalarType::UInt:
        return NpyType::UInt32;
    case ScalarType::Long:
        return NpyType::Int64;
    case ScalarType::ULong:
        return NpyType::UInt64;
    case ScalarType::Half:
        return NpyType::Float16;
    case ScalarType::Float:
        return NpyType::Float32;
    case ScalarType::Double:
        return NpyType::Float64;
    default:
        return std::nullopt;
    }
}

bool npyIsFloat(NpyType type) {
    return type == NpyType::Float16 || type == NpyType::Float32 || type == NpyType::Float64;
}

std::string npyShapeText(const std::vector<size_t>& shape) {
    std::string text;
    for (size_t axis : shape)
        text += (text.empty() ? "" : " x ") + std::to_string(axis);
    return text.empty() ? "a scalar" : text;
}

bool npyIsSigned(NpyType type) {
    return type == NpyType::Int8 || type == NpyType::Int16 || type == NpyType::Int32 ||
           type == NpyType::Int64 || npyIsFloat(type);
}

size_t NpyArray::count() const {
    size_t n = 1;
    for (size_t extent : shape)
        n *= extent;
    return n;
}

} // namespace clw::engine
