#pragma once
// Reading and writing sessions as versioned JSON (docs/session-format.md).
#include "clw/engine/session/NpyArray.h"
#include "clw/engine/session/Session.h"

#include <filesystem>
#include <map>
#include <string>

namespace clw::engine {

class SessionFile {
public:
    // What reading found besides the session: a migration from an older version, for example.
    struct ReadResult {
        Session session;
        std::vector<std::string> notes;
    };

    // Reads and checks a session. Throws SessionError naming the file, the field (as a path
    // such as "launches[0].arguments[2].buffer") and what is wrong: not JSON, truncated, a
    // missing or mistyped field, an unknown buffer, a duplicate name, a newer version. Never
    // returns part of a session. Data files are not read here (SessionData does).
    static ReadResult read(const std::filesystem::path& path);
    // The same from the file's text; `name` stands for the file in messages.
    static ReadResult parse(const std::string& text, const std::string& name = "session");

    // The JSON text of a session (2-space indent, fields in the documented order), so that
    // saving a session twice gives the same bytes. Only the fields of each kind are written (a
    // ramp's start and step, an argument's one field): parse() gives the session back equal when
    // the fields its kinds do not use hold their defaults.
    static std::string serialize(const Session& session);
    // Writes `dataFiles` (paths relative to the session's folder) and then the session, each to a
    // temporary file renamed into place. Throws SessionError when a file cannot be written, and
    // before writing anything when the session would not read back (an argument naming no
    // buffer, no source file): the previous file stays as it was.
    static void write(const std::filesystem::path& path, const Session& session,
                      const std::map<std::string, NpyArray>& dataFiles = {});
};

} // namespace clw::engine
