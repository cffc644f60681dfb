#pragma once
// The function for a dispatch-table entry the fake driver does not implement: it has the entry's
// own signature (taken from its typedef), honours CLW_FAKE_CL_FAULT like every call, and answers
// CL_INVALID_OPERATION. One that returns an object returns NULL and sets *errcode_ret, which is
// the last parameter of every such OpenCL call that has one.
#include "FaultInjection.h"

#include <CL/cl.h>

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <type_traits>

namespace clw::fakecl {

// A function name as a template argument.
template <std::size_t N>
struct CallName {
    char text[N];
    constexpr CallName(const char (&name)[N]) { std::copy_n(name, N, text); }
};

template <class Function, CallName Name>
struct UnsupportedCall;

template <class R, class... Args, CallName Name>
struct UnsupportedCall<R(CL_API_CALL*)(Args...), Name> {
    static R CL_API_CALL call(Args... args) {
        faultPoint(Name.text);
        ((void)args, ...);
        if constexpr (std::is_same_v<R, cl_int>) {
            return CL_INVALID_OPERATION;
        } else if constexpr (std::is_void_v<R>) {
            return;
        } else {
            static_assert(std::is_pointer_v<R>, "an OpenCL call returns a code or a pointer");
            if constexpr (sizeof...(Args) > 0) {
                using Last = std::tuple_element_t<sizeof...(Args) - 1, std::tuple<Args...>>;
                if constexpr (std::is_same_v<Last, cl_int*>) {
                    if (cl_int* errcodeRet = std::get<sizeof...(Args) - 1>(std::tie(args...)))
                        *errcodeRet = CL_INVALID_OPERATION;
                }
            }
            return nullptr;
        }
    }
};

} // namespace clw::fakecl
