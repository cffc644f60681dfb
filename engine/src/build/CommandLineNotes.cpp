#include "CommandLineNotes.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

namespace clw::engine::detail {

namespace {

// Where clang puts the -D options: "<command line>" (PoCL), "<built-in>" (NVIDIA).
bool isOptionsBuffer(const std::string& file) {
    return file == "<command line>" || file == "<built-in>";
}

bool isIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The identifier at 1-based line and column of text, or empty.
std::string identifierAt(const std::string& text, int line, int column) {
    size_t start = 0;
    for (int i = 1; i < line; ++i) {
        start = text.find('\n', start);
        if (start == std::string::npos)
            return {};
        ++start;
    }
    const size_t end = text.find('\n', start);
    const std::string row = text.substr(start, end == std::string::npos ? end : end - start);
    size_t at = size_t(column - 1);
    if (column < 1 || at >= row.size() || !isIdentifierChar(row[at]))
        return {};
    size_t stop = at;
    while (stop < row.size() && isIdentifierChar(row[stop]))
        ++stop;
    return row.substr(at, stop - at);
}

// "-DNAME", "-DNAME=VALUE" or "-D NAME[=VALUE]" defining `name`, as written in the options.
std::optional<std::string> optionDefining(const std::string& options, const std::string& name) {
    std::istringstream words(options);
    std::string word, previous;
    while (words >> word) {
        std::string defined;
        std::string written = word;
        if (word.rfind("-D", 0) == 0 && word.size() > 2)
            defined = word.substr(2);
        else if (previous == "-D") {
            defined = word;
            written = "-D " + word;
        }
        previous = word;
        if (defined.empty())
            continue;
        const std::string definedName = defined.substr(0, defined.find('='));
        if (definedName == name || definedName.rfind(name + "(", 0) == 0)
            return written;
    }
    return std::nullopt;
}

} // namespace

void nameCommandLineOptions(std::vector<Diagnostic>& diagnostics, const std::string& mainName,
                            const std::string& mainText, const std::string& options) {
    std::optional<size_t> primary;
    for (size_t i = 0; i < diagnostics.size(); ++i) {
        Diagnostic& note = diagnostics[i];
        if (note.severity != Severity::Note) {
            primary = i;
            continue;
        }
        if (!isOptionsBuffer(note.file) || !primary)
            continue;
        Diagnostic& owner = diagnostics[*primary];
        const std::string before = formatDiagnostic(note);
        std::string name;
        if (owner.file == mainName)
            name = identifierAt(mainText, owner.line, owner.column);
        const std::optional<std::string> option =
            name.empty() ? std::nullopt : optionDefining(options, name);
        note.message = option ? "spelled in the build option '" + *option + "'"
                              : "spelled in a -D option of the build options";
        note.file.clear();
        note.line = 0;
        note.column = 0;
        std::replace(owner.notes.begin(), owner.notes.end(), before, formatDiagnostic(note));
    }
}

} // namespace clw::engine::detail
