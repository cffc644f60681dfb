#include "clw/engine/build/BuildLogParser.h"

#include "BuildLogLines.h"

#include <optional>
#include <utility>

namespace clw::engine {

using namespace detail;

namespace {

constexpr std::string_view kCommandLine = "<command line>";

// How far past an EDG header its wrapped message, source line and caret may reach.
constexpr size_t kMaxEdgLines = 12;

std::vector<std::string_view> splitLines(std::string_view log) {
    // Drivers count the terminating NUL in the log's size; it is no part of the text.
    while (!log.empty() && log.back() == '\0')
        log.remove_suffix(1);
    std::vector<std::string_view> lines;
    while (!log.empty()) {
        const size_t end = log.find('\n');
        std::string_view line = log.substr(0, end);
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        lines.push_back(line);
        if (end == std::string_view::npos)
            break;
        log.remove_prefix(end + 1);
    }
    return lines;
}

void appendLine(std::string& text, std::string_view line) {
    if (!text.empty())
        text += '\n';
    text += line;
}

// One pass over the lines; the state is which diagnostic notes attach to and the "In file
// included from" lines waiting for the diagnostic they introduce.
class LogParser {
public:
    LogParser(std::string_view log, const FileMapper& mapFile)
        : m_lines(splitLines(log))
        , m_mapFile(mapFile) {}

    std::vector<Diagnostic> run() {
        while (m_next < m_lines.size())
            step();
        flushIncludes();
        return std::move(m_out);
    }

private:
    void step() {
        const std::string_view line = m_lines[m_next];
        if (isBlank(line)) {
            m_primary.reset();
            ++m_next;
            return;
        }
        if (const auto included = parseIncludedFrom(line)) {
            m_includeNotes.push_back("In file included from " + mapped(included->file) + ':' +
                                     std::to_string(included->line));
            m_includeLines.push_back(line);
            ++m_next;
            return;
        }
        size_t consumed = 1;
        auto header = parseHeader(line);
        if (!header && line.starts_with('"') && line.find('"', 1) == std::string_view::npos &&
            m_next + 1 < m_lines.size()) {
            // EDG breaks a long quoted path over two lines.
            header = parseEdgHeader(std::string(line) + std::string(m_lines[m_next + 1]));
            consumed = 2;
        }
        if (!header) {
            flushIncludes();
            emitText(line);
            m_primary.reset();
            ++m_next;
            return;
        }
        const HeaderFormat format = header->format;
        std::optional<Diagnostic> spelled = spellingNote(*header);
        Diagnostic diagnostic = fromHeader(std::move(*header));
        for (const std::string_view included : m_includeLines)
            appendLine(diagnostic.text, included);
        diagnostic.notes = std::move(m_includeNotes);
        m_includeLines.clear();
        m_includeNotes.clear();
        for (size_t i = 0; i < consumed; ++i)
            appendLine(diagnostic.text, m_lines[m_next + i]);
        m_next += consumed;
        if (format == HeaderFormat::Edg)
            takeEdgExcerpt(diagnostic);
        else if (diagnostic.line > 0)
            takeClangExcerpt(diagnostic);
        emit(std::move(diagnostic));
        if (spelled)
            emit(std::move(*spelled));
    }

    // PoCL names the spelling of an error inside a macro expansion only in the header's
    // "<Spelling=...>"; clang's own log would print it as a note "expanded from macro".
    std::optional<Diagnostic> spellingNote(const LogHeader& header) const {
        if (header.spellingLine == 0)
            return std::nullopt;
        Diagnostic note;
        note.severity = Severity::Note;
        // "<command line>" is the buffer of -D options: the caller says which option it is.
        note.file =
            header.spellingFile == kCommandLine ? header.spellingFile : mapped(header.spellingFile);
        note.line = header.spellingLine;
        note.column = header.spellingColumn;
        note.message = "spelled here, in the definition of the macro expanded at " +
                       mapped(header.file) + ':' + std::to_string(header.line) + ':' +
                       std::to_string(header.column);
        return note;
    }

    Diagnostic fromHeader(LogHeader&& header) {
        Diagnostic diagnostic;
        diagnostic.file = header.line > 0 ? mapped(header.file) : std::move(header.file);
        diagnostic.line = header.line;
        diagnostic.column = header.column;
        diagnostic.severity = header.severity;
        diagnostic.message = std::move(header.message);
        return diagnostic;
    }

    // clang: the source line, the caret line under it and, sometimes, a fix-it line.
    void takeClangExcerpt(Diagnostic& diagnostic) {
        if (m_next + 1 >= m_lines.size() || !isCaretLine(m_lines[m_next + 1]) ||
            parseHeader(m_lines[m_next]))
            return;
        const std::string_view caret = m_lines[m_next + 1];
        appendLine(diagnostic.text, m_lines[m_next]);
        appendLine(diagnostic.text, caret);
        if (diagnostic.column == 0)
            diagnostic.column = int(caret.find('^')) + 1;
        m_next += 2;
        if (m_next < m_lines.size() && isFixIt(m_lines[m_next]))
            appendLine(diagnostic.text, m_lines[m_next++]);
    }

    bool isFixIt(std::string_view line) const {
        return startsWithBlank(line) && !isBlank(line) && !parseHeader(line) &&
               !parseIncludedFrom(line);
    }

    // EDG: the message may wrap onto indented lines; then the source line and a caret whose
    // position is the only record of the column.
    void takeEdgExcerpt(Diagnostic& diagnostic) {
        size_t caretAt = 0;
        for (size_t k = m_next + 1; k < m_lines.size() && k <= m_next + kMaxEdgLines; ++k) {
            const std::string_view previous = m_lines[k - 1];
            if (isBlank(previous) || parseHeader(previous))
                break;
            if (isCaretLine(m_lines[k])) {
                caretAt = k;
                break;
            }
            if (!startsWithBlank(previous))
                break; // only indented lines continue a message
        }
        size_t end = caretAt > 0 ? caretAt - 1 : m_next;
        if (caretAt == 0) {
            while (end < m_lines.size() && startsWithBlank(m_lines[end]) &&
                   !isBlank(m_lines[end]) && !parseHeader(m_lines[end]))
                ++end;
        }
        for (; m_next < end; ++m_next) {
            const std::string_view continued = trim(m_lines[m_next]);
            if (!diagnostic.message.empty())
                diagnostic.message += ' ';
            diagnostic.message += continued;
            appendLine(diagnostic.text, m_lines[m_next]);
        }
        if (caretAt > 0) {
            appendLine(diagnostic.text, m_lines[caretAt - 1]);
            appendLine(diagnostic.text, m_lines[caretAt]);
            diagnostic.column = int(m_lines[caretAt].find('^')) + 1;
            m_next = caretAt + 1;
        }
    }

    void emit(Diagnostic&& diagnostic) {
        const bool note = diagnostic.severity == Severity::Note;
        if (note && m_primary)
            m_out[*m_primary].notes.push_back(formatDiagnostic(diagnostic));
        m_out.push_back(std::move(diagnostic));
        if (!note)
            m_primary = m_out.size() - 1;
    }

    void emitText(std::string_view line) {
        Diagnostic text;
        text.severity = Severity::Text;
        text.message = std::string(line);
        text.text = std::string(line);
        m_out.push_back(std::move(text));
    }

    // "In file included from" lines that introduced no diagnostic stay as text.
    void flushIncludes() {
        for (const std::string_view line : m_includeLines)
            emitText(line);
        m_includeLines.clear();
        m_includeNotes.clear();
    }

    std::string mapped(const std::string& file) const { return m_mapFile ? m_mapFile(file) : file; }

    std::vector<std::string_view> m_lines;
    const FileMapper& m_mapFile;
    size_t m_next = 0;
    std::vector<Diagnostic> m_out;
    std::optional<size_t> m_primary; // the diagnostic that following notes belong to
    std::vector<std::string> m_includeNotes;
    std::vector<std::string_view> m_includeLines;
};

} // namespace

std::vector<Diagnostic> parseBuildLog(std::string_view log) {
    return parseBuildLog(log, {});
}

std::vector<Diagnostic> parseBuildLog(std::string_view log, const FileMapper& mapFile) {
    return LogParser(log, mapFile).run();
}

} // namespace clw::engine
