#pragma once
// The exception a failed OpenCL call throws inside the engine (DESIGN.md §4): the code, its name,
// the C function and what the engine was doing. It never crosses a worker thread boundary.
#include "clw/engine/runtime/ClHeaders.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace clw::engine {

// "CL_INVALID_VALUE" for -30; "CL_UNKNOWN_ERROR(-9999)" for a code no header names.
std::string errorName(cl_int code);

// True for a function of the OpenCL C API ("clSetKernelArg": "cl" and an upper-case letter),
// false for a name inside the engine ("BuildService"), which a person's message never shows.
bool isClFunctionName(std::string_view name);

// The words a person reads for a failed OpenCL operation: what was being done, "failed", why
// where `doing` says it, then the code, and the C function where it is one of the C API:
//   "setting argument 2 of kernel 'blur' failed (CL_INVALID_ARG_SIZE, -51, from clSetKernelArg)"
//   "building failed: k.cl: line 2, column 1 holds a NUL byte; ... (CL_INVALID_VALUE, -30)"
// `doing` is a phrase such as "setting argument 2 of kernel 'blur'", optionally followed by ": "
// and why it failed (the first ": " outside brackets and backticks splits them). The code
// ends the first line, so that a multi-line reason (a build log) keeps it where it is seen.
std::string failureText(cl_int code, std::string_view function, std::string_view doing);

class ClError : public std::runtime_error {
public:
    // what() is failureText(code, function, doing), with the note that the OpenCL library has no
    // such function when a stub answered (ClApi.h).
    ClError(cl_int code, std::string function, std::string doing);

    cl_int code() const noexcept { return m_code; }
    std::string name() const { return errorName(m_code); }
    const std::string& function() const noexcept { return m_function; }
    const std::string& doing() const noexcept { return m_doing; }

private:
    cl_int m_code;
    std::string m_function;
    std::string m_doing;
};

// Throws ClError when code is not CL_SUCCESS. `doing` says what the engine was doing: a string,
// or a callable returning one, called only on failure so that the success path builds nothing.
template <class Doing>
inline void checkCl(cl_int code, const char* function, Doing&& doing) {
    if (code == CL_SUCCESS) [[likely]]
        return;
    if constexpr (std::is_invocable_v<Doing>)
        throw ClError(code, function, std::string(doing()));
    else
        throw ClError(code, function, std::string(doing));
}

} // namespace clw::engine
