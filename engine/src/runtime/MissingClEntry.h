#pragma once
// The stand-in for an OpenCL entry point (newer than 1.2) that the loaded OpenCL library lacks:
// a function of the same signature that fails the way the API fails, so that the engine's usual
// checks turn a call into a ClError (ClError.cpp adds that the library lacks the function).
#include "ClSymbolLookup.h"

#include "clw/engine/runtime/ClHeaders.h"

#include <cstddef>
#include <tuple>
#include <type_traits>

namespace clw::engine {

template <class Function>
struct MissingClEntry;

template <class Result, class... Args>
struct MissingClEntry<Result(CL_API_CALL*)(Args...)> {
    // cl_int functions return CL_INVALID_OPERATION; handle-returning ones set *errcode_ret (their
    // last parameter) and return null; clSVMAlloc, which has no code, returns null; clSVMFree
    // does nothing.
    static Result CL_API_CALL call(Args... args) {
        if constexpr (std::is_void_v<Result>) {
            ((void)args, ...);
        } else if constexpr (std::is_same_v<Result, cl_int>) {
            ((void)args, ...);
            return CL_INVALID_OPERATION;
        } else {
            static_assert(std::is_pointer_v<Result>, "a stub for this return type is missing");
            constexpr std::size_t count = sizeof...(Args);
            if constexpr (count > 0) {
                using Last = std::tuple_element_t<count - 1, std::tuple<Args...>>;
                if constexpr (std::is_same_v<Last, cl_int*>) {
                    if (cl_int* code = std::get<count - 1>(std::forward_as_tuple(args...)))
                        *code = CL_INVALID_OPERATION;
                } else {
                    ((void)args, ...);
                }
            }
            return nullptr;
        }
    }
};

// The stub for entry points of type Function (one per signature: entries that share a signature
// share it, which is harmless, as it does not depend on the name).
template <class Function>
Function missingClEntry() {
    return &MissingClEntry<Function>::call;
}

// The OpenCL library's function `name`, or the stub when the library has none.
template <class Function>
Function resolveClEntry(const char* name) {
    if (void* symbol = lookUpClSymbol(name))
        return reinterpret_cast<Function>(symbol);
    return missingClEntry<Function>();
}

} // namespace clw::engine
