#include "clw/engine/session/SessionFile.h"

#include "SessionJsonReader.h"
#include "SessionJsonWriter.h"

#include "clw/engine/build/CacheFolder.h"
#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionError.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace clw::engine {

namespace fs = std::filesystem;

namespace {

// nlohmann's messages start with "[json.exception.parse_error.101] ", which says nothing to a
// person.
std::string withoutExceptionId(const std::string& message) {
    const size_t end = message.find("] ");
    return message.starts_with("[json.exception.") && end != std::string::npos
               ? message.substr(end + 2)
               : message;
}

// writeFileAtomically creates the parent folder, which a bare file name does not have.
fs::path absolutePath(const fs::path& path) {
    std::error_code error;
    fs::path out = fs::absolute(path, error);
    return error ? path : out;
}

void writeOrThrow(const fs::path& sessionPath, const fs::path& path, std::string_view bytes,
                  const std::string& what) {
    const std::string why = writeFileAtomically(absolutePath(path), bytes);
    if (!why.empty())
        throw SessionError("saving " + sessionPath.string() + ": " + what + ": " + why +
                           ". The previous session file is unchanged; save to a folder you can "
                           "write to");
}

} // namespace

SessionFile::ReadResult SessionFile::read(const fs::path& path) {
    std::error_code error;
    if (fs::is_directory(path, error))
        throw SessionError("cannot open " + path.string() +
                           ": it is a folder; open the .clwb file inside it");
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw SessionError("cannot open " + path.string() + ": " + std::strerror(errno));
    std::ostringstream text;
    text << file.rdbuf();
    if (file.bad())
        throw SessionError("cannot read " + path.string() + ": " + std::strerror(errno));
    return parse(std::move(text).str(), path.filename().string());
}

SessionFile::ReadResult SessionFile::parse(const std::string& text, const std::string& name) {
    // The reader walks arrays and objects recursively (a struct value's nested fields): a value
    // nested hundreds of thousands deep would overflow its stack (an input in
    // tests/fuzz/regressions).
    constexpr int kMaxDepth = 256;
    const auto boundDepth = [&](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
        if (depth > kMaxDepth)
            throw SessionError(name + ": values nested more than " + std::to_string(kMaxDepth) +
                               " deep; no session field nests so deep: the file is damaged or "
                               "was not written by CL Workbench");
        return true;
    };
    nlohmann::json root;
    try {
        root = nlohmann::json::parse(text, boundDepth);
    } catch (const nlohmann::json::parse_error& error) {
        throw SessionError(name + ": not valid JSON at byte " + std::to_string(error.byte) + " (" +
                           withoutExceptionId(error.what()) +
                           "): the file is damaged or was cut short; restore it from a copy or "
                           "its .autosave, or fix it in a text editor");
    } catch (const nlohmann::json::out_of_range& error) {
        // A number JSON allows but a double cannot hold (1e999): nlohmann refuses it this way.
        throw SessionError(name + ": a number too large to read (" +
                           withoutExceptionId(error.what()) +
                           "): write it smaller, or as the string \"inf\" where infinity is meant");
    }
    return SessionJsonReader(name).read(root);
}

std::string SessionFile::serialize(const Session& session) {
    return SessionJsonWriter::write(session);
}

void SessionFile::write(const fs::path& path, const Session& session,
                        const std::map<std::string, NpyArray>& dataFiles) {
    // A session that would not open again is not saved: it would replace a readable file.
    const std::string text = serialize(session);
    try {
        parse(text, path.filename().string());
    } catch (const SessionError& error) {
        throw SessionError("saving " + path.string() + ": the session would not open again (" +
                           error.what() +
                           "); correct that and save again. The previous session file is "
                           "unchanged");
    }
    const fs::path folder = path.parent_path();
    // Data first: a session file never names a data file that is not there yet.
    for (const auto& [relative, array] : dataFiles) {
        std::vector<unsigned char> bytes;
        try {
            bytes = NpyFile::serialize(array);
        } catch (const NpyError& error) {
            throw SessionError("saving " + path.string() + ": data file " + relative + ": " +
                               error.what());
        }
        writeOrThrow(path, folder / relative,
                     std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                     "data file " + relative);
    }
    writeOrThrow(path, path, text, "the session file");
}

} // namespace clw::engine
