#pragma once
// Recognisers for single lines of a build log, one per format the parser knows. Private to
// BuildLogParser.cpp; kept apart so that each format's rules read on their own.
#include "clw/engine/build/Diagnostic.h"

#include <optional>
#include <string>
#include <string_view>

namespace clw::engine::detail {

enum class HeaderFormat { Clang, Edg, Ptxas };

// The first line of a diagnostic.
struct LogHeader {
    HeaderFormat format = HeaderFormat::Clang;
    std::string file;
    int line = 0; // 0: no location
    int column = 0;
    Severity severity = Severity::Error;
    std::string message;
    // PoCL's "FILE:L:C <Spelling=FILE2:L2:C2>:": where the offending text is spelled, inside
    // the definition of the macro expanded at FILE:L:C. spellingLine 0: none given.
    std::string spellingFile;
    int spellingLine = 0;
    int spellingColumn = 0;
};

// "FILE:LINE:COL: SEV: MSG", "FILE:LINE: SEV: MSG" (FILE may be empty, "<kernel>", "1", a
// Windows path), PoCL's "SEV: FILE:LINE:COL: MSG" (with " <Spelling=FILE:LINE:COL>" before the
// colon for an error inside a macro expansion) and the location-less "SEV: MSG".
std::optional<LogHeader> parseClangHeader(std::string_view line);
// AMD's legacy EDG front end: "\"FILE\", line N: SEV: MSG" (MSG may continue on later lines).
std::optional<LogHeader> parseEdgHeader(std::string_view line);
// "ptxas error   : MSG" and "ptxas FILE, line N; error   : MSG".
std::optional<LogHeader> parsePtxasLine(std::string_view line);
// Any of the three.
std::optional<LogHeader> parseHeader(std::string_view line);

struct IncludedFrom {
    std::string file;
    int line = 0;
};
// clang's "In file included from FILE:LINE:" (and gcc's indented "from FILE:LINE,").
std::optional<IncludedFrom> parseIncludedFrom(std::string_view line);

// Only blanks, '^' and '~', with at least one '^': the marker under a source excerpt.
bool isCaretLine(std::string_view line);
bool isBlank(std::string_view line);
bool startsWithBlank(std::string_view line);
std::string_view trim(std::string_view text);

} // namespace clw::engine::detail
