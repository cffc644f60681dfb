#pragma once
// Turns a parsed session file into a Session, checking every field (docs/session-format.md):
// the first thing wrong throws SessionError naming the file and the field. Private to the engine.
#include "JsonCursor.h"

#include "clw/engine/session/SessionFile.h"

#include <string>
#include <vector>

namespace clw::engine {

class SessionJsonReader {
public:
    explicit SessionJsonReader(std::string fileName);

    SessionFile::ReadResult read(const nlohmann::json& root) const;

private:
    // Format and version; a newer version is refused before anything else is looked at, as its
    // fields may mean something else.
    int readVersion(const JsonCursor& root) const;
    SourceSet readSources(const JsonCursor& sources) const;
    SessionWatchdog readWatchdog(const JsonCursor& watchdog) const;
    SessionBuffer readBuffer(const JsonCursor& buffer) const;
    SessionInit readInit(const JsonCursor& init) const;
    FillSpec readFill(const JsonCursor& init) const;
    SessionBuffer::Image readImage(const JsonCursor& image, size_t dimensions) const;
    SessionLaunch readLaunch(const JsonCursor& launch, const Session& session) const;
    SessionArgument readArgument(const JsonCursor& argument, const Session& session) const;
    // 1 to 3 sizes, each at least `least`.
    std::vector<std::uint64_t> readSizes(const JsonCursor& sizes, std::uint64_t least) const;

    std::string m_fileName;
};

} // namespace clw::engine
