#pragma once
// The words of OpenCL C declarations the signature parser knows, and the types it builds from
// them. Internal to the engine.
#include "DeclaredType.h"

#include <map>
#include <string>
#include <string_view>

namespace clw::engine::sig {

// Storage classes and function specifiers (`static`, `kernel`): they say nothing of a type.
bool isIgnoredSpecifier(std::string_view word);
// The C keywords that make arithmetic types: void, bool, char, short, int, long, float, double,
// half, signed, unsigned.
bool isArithmeticWord(std::string_view word);
// Builtin type names parseArgType does not know (reserve_id_t, atomic_int): still types.
bool isOtherBuiltinType(std::string_view word);
// A word no declarator may be named.
bool isKeyword(std::string_view word);

// __global / global and friends; 0 for any other word. __private and __generic both give
// CL_KERNEL_ARG_ADDRESS_PRIVATE: neither is valid behind a kernel's pointer.
cl_kernel_arg_address_qualifier addressSpaceOf(std::string_view word);
// __read_only / read_only and friends; CL_KERNEL_ARG_ACCESS_NONE for any other word.
cl_kernel_arg_access_qualifier accessOf(std::string_view word);
// const / volatile / restrict (and their __ forms): sets it on `type` and returns true.
bool applyQualifier(std::string_view word, DeclaredType& type);

// A builtin type by name ("uint", "float4", "image2d_t"), with its by-value layout.
DeclaredType builtinType(const std::string& name);
// The OpenCL name of a combination of arithmetic keywords with their counts, as clang prints
// it: `unsigned long int` -> "ulong", `signed char` -> "char". Throws ParseError (at token
// `where`) for an invalid combination.
std::string arithmeticName(const std::map<std::string, int>& words, size_t where);
// A pointer to `pointee`, spelled "pointee*".
DeclaredType pointerTo(const DeclaredType& pointee);

} // namespace clw::engine::sig
