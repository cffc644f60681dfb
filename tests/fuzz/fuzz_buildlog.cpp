// The build-log parser, on logs shaped like PoCL's, NVIDIA's, Clang's, AMD's and Intel's (the seed
// corpus holds real ones). Its promises (BuildLogParser.h): every non-blank line of the log is in
// the text of exactly one diagnostic, in log order (NUL bytes at its end are no part of it);
// "\r\n" line ends parse as "\n" do; locations are not negative (a log may say line 0).
#include "FuzzCheck.h"

#include "clw/engine/build/BuildLogParser.h"
#include "clw/engine/build/Diagnostic.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using clw::engine::Diagnostic;

namespace {

// As tests/engine/tst_buildlogparser.cpp counts them: blank when only whitespace is left; a log's
// lines lose one '\r' at their end, as the parser's do (a diagnostic's text has them cut).
std::vector<std::string> nonBlankLines(std::string_view text, bool cutCr) {
    std::vector<std::string> lines;
    for (size_t start = 0; start <= text.size();) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (cutCr && !line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.find_first_not_of(" \t\n\v\f\r") != std::string_view::npos)
            lines.emplace_back(line);
        start = end + 1;
    }
    return lines;
}

std::string withCrlf(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '\n')
            out += '\r';
        out += c;
    }
    return out;
}

bool sameDiagnostics(const std::vector<Diagnostic>& a, const std::vector<Diagnostic>& b) {
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].file != b[i].file || a[i].line != b[i].line || a[i].column != b[i].column ||
            a[i].severity != b[i].severity || a[i].message != b[i].message ||
            a[i].notes != b[i].notes || a[i].text != b[i].text)
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view log(reinterpret_cast<const char*>(data), size);
    const std::vector<Diagnostic> diagnostics = clw::engine::parseBuildLog(log);
    while (!log.empty() && log.back() == '\0')
        log.remove_suffix(1); // the C string's end, which drivers count in the log's size

    std::string all;
    for (const Diagnostic& diagnostic : diagnostics) {
        all += diagnostic.text + '\n';
        clw::fuzz::require(diagnostic.line >= 0 && diagnostic.column >= 0,
                           "a negative location in: " + diagnostic.text);
        clw::engine::formatDiagnostic(diagnostic);
    }
    clw::fuzz::require(nonBlankLines(all, false) == nonBlankLines(log, true),
                       "the diagnostics' lines are not the log's lines");

    // Only where no line already ends in '\r': "a\r\r\n" is not the CRLF form of "a\r\n".
    if (log.find('\r') == std::string_view::npos)
        clw::fuzz::require(sameDiagnostics(clw::engine::parseBuildLog(withCrlf(log)), diagnostics),
                           "the log with \\r\\n line ends parses otherwise");
    return 0;
}
