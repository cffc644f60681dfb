#pragma once
// What reading or writing a .npy file throws (NpyFile.h). A std::runtime_error rather than a
// ClError: nothing here is an OpenCL call. what() names the file where there is one and says what
// is wrong: "'in.npy': not a .npy file (bad magic)".
#include <stdexcept>
#include <string>

namespace clw::engine {

class NpyError : public std::runtime_error {
public:
    explicit NpyError(const std::string& what)
        : std::runtime_error(what) {}
};

} // namespace clw::engine
