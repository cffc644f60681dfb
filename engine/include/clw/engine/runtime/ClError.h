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

class ClError : public std::runtime_error {
public:
    // what() reads "clSetKernelArg failed with CL_INVALID_ARG_SIZE (-51) while setting ...", and
    // adds that the OpenCL library has no such function when a stub answered (ClApi.h).
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
