#include "BuildLogLines.h"

#include <array>
#include <charconv>
#include <utility>

namespace clw::engine::detail {

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// Reads a decimal number at text[pos], advancing pos; nullopt when there is none. No sign: a line
// or column is never negative, so "file:-3:5:" is no location.
std::optional<int> readNumber(std::string_view text, size_t& pos) {
    if (pos >= text.size() || !isDigit(text[pos]))
        return std::nullopt;
    int value = 0;
    const auto [end, error] = std::from_chars(text.data() + pos, text.data() + text.size(), value);
    if (error != std::errc() || end == text.data() + pos)
        return std::nullopt;
    pos = size_t(end - text.data());
    return value;
}

// "fatal error:" (with an optional EDG error number, "error #20:") at the start of text. On a
// match, returns the severity and sets `rest` to what follows the colon, leading blank skipped.
std::optional<Severity> readSeverity(std::string_view text, std::string_view& rest) {
    static constexpr std::array<std::pair<std::string_view, Severity>, 6> kWords = {{
        {"fatal error", Severity::Error},
        {"catastrophic error", Severity::Error},
        {"error", Severity::Error},
        {"warning", Severity::Warning},
        {"note", Severity::Note},
        {"remark", Severity::Remark},
    }};
    for (const auto& [word, severity] : kWords) {
        if (!text.starts_with(word))
            continue;
        size_t pos = word.size();
        if (text.substr(pos).starts_with(" #")) {
            pos += 2;
            if (!readNumber(text, pos))
                continue;
        }
        if (pos >= text.size() || text[pos] != ':')
            continue;
        ++pos;
        // "error:" must end the line or be followed by a blank, so "error::x" is no header.
        if (pos < text.size() && !isSpace(text[pos]))
            continue;
        rest = trim(text.substr(pos));
        return severity;
    }
    return std::nullopt;
}

// "FILE:LINE:COL" exactly: FILE is everything before the colon that is followed by a number.
bool readSpelling(std::string_view text, LogHeader& header) {
    const size_t column = text.rfind(':');
    if (column == std::string_view::npos || column == 0)
        return false;
    const size_t line = text.rfind(':', column - 1);
    if (line == std::string_view::npos)
        return false;
    size_t pos = line + 1;
    const auto lineNumber = readNumber(text, pos);
    if (!lineNumber || pos != column)
        return false;
    ++pos;
    const auto columnNumber = readNumber(text, pos);
    if (!columnNumber || pos != text.size())
        return false;
    header.spellingFile = std::string(text.substr(0, line));
    header.spellingLine = *lineNumber;
    header.spellingColumn = *columnNumber;
    return true;
}

// PoCL's " <Spelling=FILE:LINE:COL>" at text[pos], advancing pos past it.
void skipSpelling(std::string_view text, size_t& pos, LogHeader& header) {
    constexpr std::string_view kOpen = " <Spelling=";
    if (!text.substr(pos).starts_with(kOpen))
        return;
    // FILE may itself be "<command line>": the location ends at a '>' followed by ':' and a
    // blank (or the end), never at the '>' of "<command line>:6".
    const size_t start = pos + kOpen.size();
    size_t close = text.find(">:", start);
    while (close != std::string_view::npos && close + 2 < text.size() && !isSpace(text[close + 2]))
        close = text.find(">:", close + 1);
    if (close == std::string_view::npos)
        return;
    if (readSpelling(text.substr(start, close - start), header))
        pos = close + 1;
}

// Finds "FILE:LINE[:COL]: " at the start of text, FILE being everything before the first
// colon that is followed by a number; the rest after the location goes to `rest`.
bool readLocation(std::string_view text, LogHeader& header, std::string_view& rest) {
    for (size_t colon = text.find(':'); colon != std::string_view::npos;
         colon = text.find(':', colon + 1)) {
        size_t pos = colon + 1;
        const auto line = readNumber(text, pos);
        if (!line || pos >= text.size() || text[pos] != ':')
            continue;
        ++pos;
        std::optional<int> column;
        if (pos < text.size() && isDigit(text[pos])) {
            column = readNumber(text, pos);
            if (!column || pos >= text.size())
                continue;
            header.spellingLine = 0; // what an earlier candidate colon may have read
            skipSpelling(text, pos, header);
            if (text[pos] != ':')
                continue;
            ++pos;
        }
        if (pos < text.size() && !isSpace(text[pos]))
            continue;
        header.file = std::string(text.substr(0, colon));
        header.line = *line;
        header.column = column.value_or(0);
        rest = text.substr(pos < text.size() ? pos + 1 : pos);
        return true;
    }
    return false;
}

} // namespace

std::string_view trim(std::string_view text) {
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

bool isBlank(std::string_view line) {
    return trim(line).empty();
}
bool startsWithBlank(std::string_view line) {
    return !line.empty() && isSpace(line.front());
}

bool isCaretLine(std::string_view line) {
    bool caret = false;
    for (char c : line) {
        if (c == '^')
            caret = true;
        else if (c != '~' && !isSpace(c))
            return false;
    }
    return caret;
}

std::optional<LogHeader> parseClangHeader(std::string_view line) {
    LogHeader header;
    std::string_view rest;
    if (readLocation(line, header, rest)) {
        if (auto severity = readSeverity(rest, rest)) {
            header.severity = *severity;
            header.message = std::string(rest);
            return header;
        }
        header = LogHeader();
    }
    // PoCL puts the severity first: "error: FILE:LINE:COL: MSG"; AMD and the clang driver print
    // "error: MSG" with no location at all.
    const auto severity = readSeverity(line, rest);
    if (!severity)
        return std::nullopt;
    header.severity = *severity;
    std::string_view message = rest;
    if (rest.starts_with("<invalid loc>:"))
        message = trim(rest.substr(14));
    else if (LogHeader located; readLocation(rest, located, message)) {
        located.severity = *severity;
        header = std::move(located);
    }
    header.message = std::string(trim(message));
    return header;
}

std::optional<LogHeader> parseEdgHeader(std::string_view line) {
    if (!line.starts_with('"'))
        return std::nullopt;
    const size_t quote = line.find("\", line ", 1);
    if (quote == std::string_view::npos)
        return std::nullopt;
    size_t pos = quote + 8;
    const auto number = readNumber(line, pos);
    if (!number || !line.substr(pos).starts_with(": "))
        return std::nullopt;
    std::string_view rest;
    const auto severity = readSeverity(line.substr(pos + 2), rest);
    if (!severity)
        return std::nullopt;
    LogHeader header;
    header.format = HeaderFormat::Edg;
    header.file = std::string(line.substr(1, quote - 1));
    header.line = *number;
    header.severity = *severity;
    header.message = std::string(rest);
    return header;
}

std::optional<LogHeader> parsePtxasLine(std::string_view line) {
    if (!line.starts_with("ptxas "))
        return std::nullopt;
    LogHeader header;
    header.format = HeaderFormat::Ptxas;
    std::string_view rest = line.substr(6);
    // "ptxas /tmp/x.ptx, line 12; error   : MSG"
    if (const size_t at = rest.find(", line "); at != std::string_view::npos) {
        size_t pos = at + 7;
        const auto number = readNumber(rest, pos);
        if (number && rest.substr(pos).starts_with("; ")) {
            header.file = std::string(rest.substr(0, at));
            header.line = *number;
            rest = rest.substr(pos + 2);
        }
    }
    static constexpr std::array<std::pair<std::string_view, Severity>, 4> kWords = {{
        {"error", Severity::Error},
        {"fatal", Severity::Error},
        {"warning", Severity::Warning},
        {"info", Severity::Remark},
    }};
    for (const auto& [word, severity] : kWords) {
        if (!rest.starts_with(word))
            continue;
        const std::string_view after = trim(rest.substr(word.size()));
        if (!after.starts_with(':'))
            continue;
        header.severity = severity;
        header.message = std::string(trim(after.substr(1)));
        return header;
    }
    return std::nullopt;
}

std::optional<LogHeader> parseHeader(std::string_view line) {
    if (auto header = parseEdgHeader(line))
        return header;
    if (auto header = parsePtxasLine(line))
        return header;
    return parseClangHeader(line);
}

std::optional<IncludedFrom> parseIncludedFrom(std::string_view line) {
    std::string_view rest;
    if (line.starts_with("In file included from "))
        rest = line.substr(22);
    else if (startsWithBlank(line) && trim(line).starts_with("from "))
        rest = trim(line).substr(5);
    else
        return std::nullopt;
    rest = trim(rest);
    if (rest.ends_with(':') || rest.ends_with(','))
        rest.remove_suffix(1);
    const size_t colon = rest.rfind(':');
    if (colon == std::string_view::npos)
        return std::nullopt;
    size_t pos = colon + 1;
    const auto number = readNumber(rest, pos);
    if (!number || pos != rest.size())
        return std::nullopt;
    return IncludedFrom{std::string(rest.substr(0, colon)), *number};
}

} // namespace clw::engine::detail
