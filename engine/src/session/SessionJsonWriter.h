#pragma once
// The JSON text of a session (docs/session-format.md): fields in the documented order, 2-space
// indent, short lists and small objects on one line as the format's example has them, and a
// trailing newline. The same session always gives the same bytes. Private to the engine.
#include "clw/engine/session/Session.h"

#include <string>

namespace clw::engine {

class SessionJsonWriter {
public:
    static std::string write(const Session& session);
};

} // namespace clw::engine
