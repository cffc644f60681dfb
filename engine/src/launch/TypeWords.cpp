#include "TypeWords.h"

#include "clw/engine/launch/KernelSignature.h"

#include <set>

namespace clw::engine::sig {

namespace {

const std::set<std::string, std::less<>> kIgnoredSpecifiers = {
    "static", "extern",   "inline",  "__inline", "__inline__",
    "kernel", "__kernel", "typedef", "register", "__attribute_used__"};
const std::set<std::string, std::less<>> kArithmeticWords = {
    "void",  "bool",   "_Bool", "char",   "short",    "int",     "long",
    "float", "double", "half",  "signed", "__signed", "unsigned"};
// Builtin type names that are identifiers to the parser but not kernel argument types
// parseArgType knows; they still name a type.
const std::set<std::string, std::less<>> kOtherBuiltinTypes = {
    "reserve_id_t",     "ndrange_t",   "cl_mem_fence_flags", "memory_order",     "memory_scope",
    "atomic_int",       "atomic_uint", "atomic_long",        "atomic_ulong",     "atomic_float",
    "atomic_double",    "atomic_flag", "atomic_intptr_t",    "atomic_uintptr_t", "atomic_size_t",
    "atomic_ptrdiff_t", "atomic_half"};

} // namespace

bool isIgnoredSpecifier(std::string_view word) {
    return kIgnoredSpecifiers.count(word) > 0;
}
bool isArithmeticWord(std::string_view word) {
    return kArithmeticWords.count(word) > 0;
}
bool isOtherBuiltinType(std::string_view word) {
    return kOtherBuiltinTypes.count(word) > 0;
}

cl_kernel_arg_address_qualifier addressSpaceOf(std::string_view word) {
    if (word == "__global" || word == "global")
        return CL_KERNEL_ARG_ADDRESS_GLOBAL;
    if (word == "__local" || word == "local")
        return CL_KERNEL_ARG_ADDRESS_LOCAL;
    if (word == "__constant" || word == "constant")
        return CL_KERNEL_ARG_ADDRESS_CONSTANT;
    if (word == "__private" || word == "private" || word == "__generic" || word == "generic")
        return CL_KERNEL_ARG_ADDRESS_PRIVATE; // generic has no code of its own; neither is valid
    return 0;
}

cl_kernel_arg_access_qualifier accessOf(std::string_view word) {
    if (word == "__read_only" || word == "read_only")
        return CL_KERNEL_ARG_ACCESS_READ_ONLY;
    if (word == "__write_only" || word == "write_only")
        return CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
    if (word == "__read_write" || word == "read_write")
        return CL_KERNEL_ARG_ACCESS_READ_WRITE;
    return CL_KERNEL_ARG_ACCESS_NONE;
}

bool applyQualifier(std::string_view word, DeclaredType& type) {
    if (word == "const" || word == "__const")
        type.isConst = true;
    else if (word == "volatile" || word == "__volatile")
        type.isVolatile = true;
    else if (word == "restrict" || word == "__restrict" || word == "__restrict__")
        type.isRestrict = true;
    else
        return false;
    return true;
}

bool isKeyword(std::string_view word) {
    DeclaredType scratch;
    return applyQualifier(word, scratch) || addressSpaceOf(word) != 0 ||
           accessOf(word) != CL_KERNEL_ARG_ACCESS_NONE || word == "pipe" ||
           kIgnoredSpecifiers.count(word) || kArithmeticWords.count(word) || word == "struct" ||
           word == "union" || word == "enum";
}

DeclaredType builtinType(const std::string& name) {
    DeclaredType type;
    type.spelled = type.resolved = name;
    type.size = type.align = parseArgType(name, CL_KERNEL_ARG_ADDRESS_PRIVATE).size;
    return type;
}

std::string arithmeticName(const std::map<std::string, int>& words, size_t where) {
    const auto count = [&](const char* word) {
        const auto it = words.find(word);
        return it == words.end() ? 0 : it->second;
    };
    const bool isUnsigned = count("unsigned") > 0;
    const bool isSigned = count("signed") + count("__signed") > 0;
    const std::string u = isUnsigned ? "u" : "";
    if (isUnsigned && isSigned)
        throw ParseError("both 'signed' and 'unsigned'", where);
    if (count("long") > 1)
        throw ParseError("'long long' is reserved in OpenCL C; use long", where);
    for (const char* plain : {"void", "bool", "_Bool", "half", "float", "double"}) {
        if (count(plain) == 0)
            continue;
        if (isUnsigned || isSigned || count("long") || count("short") || count("int") ||
            count("char"))
            throw ParseError(std::string("invalid combination with '") + plain + "'", where);
        return std::string(plain) == "_Bool" ? "bool" : plain;
    }
    if (count("char"))
        return u + "char";
    if (count("short"))
        return u + "short";
    if (count("long"))
        return u + "long";
    return u + "int";
}

DeclaredType pointerTo(const DeclaredType& pointee) {
    DeclaredType pointer;
    pointer.spelled = pointee.spelled + "*";
    pointer.resolved = pointee.resolved + "*";
    pointer.pointee = std::make_shared<const DeclaredType>(pointee);
    return pointer;
}

} // namespace clw::engine::sig
