#pragma once
// A message from the other side that cannot be read: not a frame of this protocol, truncated,
// too large, not CBOR, a field missing or of the wrong type, or a newer protocol version. The
// reader refuses it with this error and never trusts any part of it.
#include <stdexcept>
#include <string>

namespace clw::engine {

class HostProtocolError : public std::runtime_error {
public:
    explicit HostProtocolError(const std::string& what)
        : std::runtime_error(what) {}
};

} // namespace clw::engine
