#pragma once
// One message of a build log, structured so that an editor can jump to it (DESIGN.md §2,
// "structured diagnostics"). Parsed by parseBuildLog (BuildLogParser.h).
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

enum class Severity {
    Error, // also "fatal error" and EDG's "catastrophic error"
    Warning,
    Note,
    Remark, // also ptxas "info"
    Text,   // a line that fits no format: kept verbatim, never dropped
};

struct Diagnostic {
    std::string file; // as the log names it, after the caller's file mapping; may be empty
    int line = 0;     // 1-based; 0 when the message has no location
    int column = 0;   // 1-based; 0 when unknown
    Severity severity = Severity::Text;
    std::string message;
    // Context printed with it: "In file included from ..." lines before it and the notes that
    // follow it, each as one formatted line.
    std::vector<std::string> notes;
    std::string text; // the raw line(s) it came from, joined by '\n', without '\r'
};

// "error", "warning", "note", "remark" or "text".
std::string_view severityName(Severity severity);

// The usual compiler form "file:line:col: severity: message"; parts that are unknown are left
// out ("file:line: ...", "severity: message"). A Text diagnostic formats as its raw text.
std::string formatDiagnostic(const Diagnostic& diagnostic);

} // namespace clw::engine
