#pragma once
// What a kernel takes, as plain values that every path fills the same way: clGetKernelArgInfo
// where the driver has it, the source parser (SourceSignatures.h) where it does not.
#include "clw/engine/runtime/ClHeaders.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

enum class ScalarType {
    Bool,
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Half,
    Float,
    Double,
    SizeT,
    PtrDiffT,
    IntPtrT,
    UIntPtrT,
    Void,
    Struct, // a user struct or union
    Unknown
};

// "float" for ScalarType::Float, "struct" for ScalarType::Struct; "unknown" for Unknown.
const char* scalarTypeName(ScalarType type);
// Bytes of one scalar on the device; 0 for Void, Struct, Unknown and the pointer-sized types.
size_t scalarSize(ScalarType type);

// One field of a struct or union passed by value, as the host fills it: nested structs and arrays
// of structs are flattened into paths ("pos.x", "cells[2].id"); an array of scalars or vectors
// stays one field with a count.
struct StructField {
    std::string path;  // "x", "pos.x", "cells[2].id"
    size_t offset = 0; // bytes from the start of the outermost struct
    ScalarType element = ScalarType::Unknown;
    int vectorWidth = 1; // a 3-vector takes the room of 4
    size_t count = 1;    // elements of an array field

    // Bytes of one element.
    size_t elementSize() const {
        return scalarSize(element) * size_t(vectorWidth == 3 ? 4 : vectorWidth);
    }
    // Components a value of the whole field gives: count * vectorWidth.
    size_t components() const { return count * size_t(vectorWidth); }
    friend bool operator==(const StructField&, const StructField&) = default;
};

// One constant of an enum type, as the source declares it: `SCALE_FIVE = 5`.
struct EnumConstant {
    std::string name;
    long long value = 0;
    friend bool operator==(const EnumConstant&, const EnumConstant&) = default;
};

enum class ArgKind { Scalar, Vector, Pointer, Image, Sampler, Pipe, Queue, Event, Struct, Unknown };

struct ArgType {
    ArgKind kind = ArgKind::Unknown;
    // As clGetKernelArgInfo spells it: "float*", "float4", "image2d_t", "uint", "struct Particle*".
    // Typedef names stay as written ("vec_t*"), as clang-based drivers report them.
    std::string typeName;
    // Typedefs resolved ("float4*" for "vec_t*", "struct Particle" for "Particle"); an anonymous
    // struct keeps its typedef name. Equals typeName where nothing is known beyond the name.
    std::string baseTypeName;
    ScalarType element = ScalarType::Unknown; // the scalar, the vector's element, or the pointee
    int vectorWidth = 1;                      // 2, 3, 4, 8, 16 for vectors and vector pointees
    // Bytes clSetKernelArg takes for a by-value argument (3-vectors as 4). 0 where the host
    // cannot know it here: pointers, images, samplers, queues, pipes, size_t and friends, and
    // structs whose layout was not worked out.
    size_t size = 0;
    std::string imageType; // "image2d_t" etc., for images
    // How a name the driver gave was typed, or why it could not be: "DATA_TYPE is float (a
    // typedef, read from the source)". Empty where the driver's name was enough.
    std::string resolution;
    // A struct or union by value: its fields in declaration order, with their offsets. Empty
    // where the layout could not be worked out (the session then cannot give a value).
    std::vector<StructField> fields;
    // An enum by value: its constants, so that a value can be given by name. Empty where the
    // source's values could not be worked out (a number is then the only way).
    std::vector<EnumConstant> enumerators;
};

struct KernelArgSignature {
    cl_uint index = 0;
    std::string name; // empty for an unnamed parameter
    ArgType type;
    cl_kernel_arg_address_qualifier addressQualifier = CL_KERNEL_ARG_ADDRESS_PRIVATE;
    cl_kernel_arg_access_qualifier accessQualifier = CL_KERNEL_ARG_ACCESS_NONE;
    cl_kernel_arg_type_qualifier typeQualifier = CL_KERNEL_ARG_TYPE_NONE;

    // "__global const float *in", "float4 scale", "__read_only image2d_t src".
    std::string declaration() const;
};

struct KernelSignature {
    std::string name;
    std::vector<KernelArgSignature> args;
    std::array<size_t, 3> reqdWorkGroupSize{0, 0, 0}; // all 0 when absent
    std::array<size_t, 3> workGroupSizeHint{0, 0, 0}; // all 0 when absent
    std::string vecTypeHint;                          // "float4", or empty
    // The attributes as written, whitespace collapsed, one after another:
    // "reqd_work_group_size(16,16,1) vec_type_hint(float4)".
    std::string attributes;
};

// Reads a type name as clGetKernelArgInfo returns it ("float4", "uint*", "image2d_t",
// "struct Particle*") into an ArgType. A pipe's type name is its packet type, so
// CL_KERNEL_ARG_TYPE_PIPE in typeQualifier makes it a pipe. A name it does not know (a user
// typedef) gives ArgKind::Unknown, or ArgKind::Pointer with an unknown element.
ArgType parseArgType(std::string_view typeName, cl_kernel_arg_address_qualifier address,
                     cl_kernel_arg_type_qualifier typeQualifier = CL_KERNEL_ARG_TYPE_NONE);

} // namespace clw::engine
