#include "KernelArgReader.h"

namespace clw::engine::sig {

namespace {

std::string addressName(cl_kernel_arg_address_qualifier space) {
    switch (space) {
    case CL_KERNEL_ARG_ADDRESS_GLOBAL:
        return "__global";
    case CL_KERNEL_ARG_ADDRESS_LOCAL:
        return "__local";
    case CL_KERNEL_ARG_ADDRESS_CONSTANT:
        return "__constant";
    default:
        return "__private";
    }
}

// OpenCL C forbids these by value in a kernel's parameters: their size differs between host
// and device, or they have no host representation.
bool forbiddenByValue(ScalarType type) {
    switch (type) {
    case ScalarType::Bool:
    case ScalarType::SizeT:
    case ScalarType::PtrDiffT:
    case ScalarType::IntPtrT:
    case ScalarType::UIntPtrT:
    case ScalarType::Void:
        return true;
    default:
        return false;
    }
}

void readPointer(const DeclaredType& type, KernelArgSignature& arg, size_t where) {
    const DeclaredType& pointee = *type.pointee;
    if (pointee.pointee)
        throw ParseError("a pointer to a pointer cannot be a kernel argument", where);
    if (type.addressSpace != 0 && type.addressSpace != CL_KERNEL_ARG_ADDRESS_PRIVATE)
        throw ParseError(addressName(type.addressSpace) +
                             " after '*' would put the pointer itself there; write it first",
                         where);
    if (pointee.addressSpace == 0 || pointee.addressSpace == CL_KERNEL_ARG_ADDRESS_PRIVATE)
        throw ParseError("a pointer argument must point to __global, __constant or __local "
                         "memory",
                         where);
    if (pointee.isPipe || pointee.access != CL_KERNEL_ARG_ACCESS_NONE)
        throw ParseError("a pointer to an image or a pipe cannot be a kernel argument", where);
    arg.addressQualifier = pointee.addressSpace;
    arg.type = parseArgType(pointee.resolved + "*", arg.addressQualifier);
    arg.type.typeName = pointee.spelled + "*";
    if (pointee.aggregate == Aggregate::Struct)
        arg.type.element = ScalarType::Struct;
    else if (pointee.aggregate == Aggregate::Enum)
        arg.type.element = ScalarType::Int;
    // As clang reports them: const for a const pointee or a __constant one, volatile for a
    // volatile pointee, restrict for a restrict pointer; qualifiers of the pointer itself
    // (`float *const p`) are not reported.
    if (pointee.isConst || arg.addressQualifier == CL_KERNEL_ARG_ADDRESS_CONSTANT)
        arg.typeQualifier |= CL_KERNEL_ARG_TYPE_CONST;
    if (pointee.isVolatile)
        arg.typeQualifier |= CL_KERNEL_ARG_TYPE_VOLATILE;
    if (type.isRestrict)
        arg.typeQualifier |= CL_KERNEL_ARG_TYPE_RESTRICT;
}

void readValue(const TypeParser& types, const DeclaredType& type, KernelArgSignature& arg,
               size_t where) {
    if (type.isPipe) {
        // A pipe reports its packet type as its type name.
        arg.addressQualifier = CL_KERNEL_ARG_ADDRESS_GLOBAL;
        arg.typeQualifier = CL_KERNEL_ARG_TYPE_PIPE;
        arg.accessQualifier =
            type.access != CL_KERNEL_ARG_ACCESS_NONE ? type.access : CL_KERNEL_ARG_ACCESS_READ_ONLY;
        arg.type = parseArgType(type.resolved, arg.addressQualifier, arg.typeQualifier);
        arg.type.typeName = type.spelled;
        return;
    }
    arg.type = parseArgType(type.resolved, CL_KERNEL_ARG_ADDRESS_PRIVATE);
    arg.type.typeName = type.spelled;
    if (type.addressSpace != 0 && type.addressSpace != CL_KERNEL_ARG_ADDRESS_PRIVATE)
        throw ParseError("a by-value argument cannot be in " + addressName(type.addressSpace) +
                             " memory (a missing '*'?)",
                         where);
    if (arg.type.kind == ArgKind::Image) {
        // Images are memory objects: drivers report them as global, read_only unless written.
        arg.addressQualifier = CL_KERNEL_ARG_ADDRESS_GLOBAL;
        arg.accessQualifier =
            type.access != CL_KERNEL_ARG_ACCESS_NONE ? type.access : CL_KERNEL_ARG_ACCESS_READ_ONLY;
        return;
    }
    if (type.access != CL_KERNEL_ARG_ACCESS_NONE)
        throw ParseError("access qualifiers are for images and pipes, not '" + type.spelled + "'",
                         where);
    if (type.aggregate == Aggregate::Struct) {
        arg.type.kind = ArgKind::Struct;
        arg.type.element = ScalarType::Struct;
        arg.type.size = types.sizeOf(type);
        if (const auto fields = types.fieldsOf(type))
            arg.type.fields = *fields;
    } else if (type.aggregate == Aggregate::Enum) {
        arg.type.kind = ArgKind::Scalar;
        arg.type.element = ScalarType::Int;
        arg.type.size = 4;
        if (const auto constants = types.enumeratorsOf(type))
            arg.type.enumerators = *constants;
    } else if (arg.type.kind == ArgKind::Scalar && forbiddenByValue(arg.type.element)) {
        throw ParseError("'" + type.spelled + "' cannot be passed by value to a kernel", where);
    } else if (arg.type.kind == ArgKind::Event) {
        throw ParseError("an event cannot be a kernel argument", where);
    }
}

} // namespace

KernelArgSignature readKernelArg(TypeParser& types, size_t begin, size_t end, cl_uint index) {
    KernelArgSignature arg;
    arg.index = index;
    size_t pos = begin;
    const DeclaredType base = types.parseSpecifiers(pos, end);
    const DeclaredType type = types.parseDeclarator(pos, end, base, arg.name);
    if (pos < end)
        throw ParseError(
            "unexpected '" + types.at(pos).text + "' in argument " + std::to_string(index), pos);
    try {
        if (type.pointee)
            readPointer(type, arg, begin);
        else
            readValue(types, type, arg, begin);
    } catch (const ParseError& error) {
        // Say which argument: "argument 2 'p': a pointer to a pointer ...".
        throw ParseError("argument " + std::to_string(index) +
                             (arg.name.empty() ? std::string() : " '" + arg.name + "'") + ": " +
                             error.what(),
                         error.token);
    }
    arg.type.baseTypeName = type.pointee ? type.pointee->resolved + "*" : type.resolved;
    return arg;
}

} // namespace clw::engine::sig
