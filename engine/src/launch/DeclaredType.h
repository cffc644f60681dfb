#pragma once
// A C type as the signature parser sees it: how clang would print it, what it is once typedefs
// are resolved, its qualifiers, and its layout where that can be known. Internal to the engine.
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/runtime/ClHeaders.h"

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace clw::engine::sig {

enum class Aggregate { None, Struct, Enum };

struct DeclaredType {
    // Unqualified, as clang prints it for CL_KERNEL_ARG_TYPE_NAME: typedef names kept ("vec_t"),
    // builtins in OpenCL spelling ("uint" for `unsigned int`), "struct Particle".
    std::string spelled;
    // Typedefs resolved: "float4", "struct Particle", "float*"; an anonymous struct or enum keeps
    // the name of the typedef that named it, with `aggregate` saying what it is.
    std::string resolved;
    Aggregate aggregate = Aggregate::None;
    bool isConst = false;
    bool isVolatile = false;
    bool isRestrict = false;
    bool isPipe = false;
    cl_kernel_arg_address_qualifier addressSpace = 0; // 0: none written
    cl_kernel_arg_access_qualifier access = CL_KERNEL_ARG_ACCESS_NONE;
    std::shared_ptr<const DeclaredType> pointee; // set for pointers
    // Layout for by-value use: 0 where unknown (pointers, size_t, structs not worked out).
    size_t size = 0;
    size_t align = 0;
    // A struct or union whose layout is known: its fields, offsets from its start.
    std::shared_ptr<const std::vector<StructField>> fields;
    // An enum whose constants' values are known.
    std::shared_ptr<const std::vector<EnumConstant>> enumerators;
};

// A malformed declaration; `token` indexes the token the parser stopped at. The signature
// parser turns it into a ClError that names the kernel and the line.
struct ParseError : std::runtime_error {
    ParseError(const std::string& message, size_t token)
        : std::runtime_error(message)
        , token(token) {}
    size_t token;
};

} // namespace clw::engine::sig
