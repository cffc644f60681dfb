#pragma once
// What is wrong with a session: a file that does not read, a field that makes no sense, a data
// file that does not match its buffer, or a launch that failed when the session ran. The message
// names the file or the field and says what to do.
#include <stdexcept>
#include <string>

namespace clw::engine {

class SessionError : public std::runtime_error {
public:
    explicit SessionError(const std::string& message)
        : std::runtime_error(message) {}
};

} // namespace clw::engine
