#include "clw/engine/build/Diagnostic.h"

namespace clw::engine {

std::string_view severityName(Severity severity) {
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    case Severity::Remark:
        return "remark";
    case Severity::Text:
        break;
    }
    return "text";
}

std::string formatDiagnostic(const Diagnostic& diagnostic) {
    if (diagnostic.severity == Severity::Text)
        return diagnostic.text;
    std::string out;
    if (diagnostic.line > 0) {
        out = diagnostic.file + ':' + std::to_string(diagnostic.line);
        if (diagnostic.column > 0)
            out += ':' + std::to_string(diagnostic.column);
        out += ": ";
    } else if (!diagnostic.file.empty()) {
        out = diagnostic.file + ": ";
    }
    out += severityName(diagnostic.severity);
    out += ": ";
    out += diagnostic.message;
    return out;
}

} // namespace clw::engine
