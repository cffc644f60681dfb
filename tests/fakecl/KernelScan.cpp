#include "KernelScan.h"

#include <cctype>

namespace clw::fakecl {

namespace {

bool isIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The source with its comments turned into spaces (line breaks kept).
std::string withoutComments(std::string_view source) {
    std::string text(source);
    for (size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != '/' || (text[i + 1] != '/' && text[i + 1] != '*'))
            continue;
        const bool line = text[i + 1] == '/';
        const size_t end = line ? text.find('\n', i) : text.find("*/", i + 2);
        const size_t stop = end == std::string::npos ? text.size() : (line ? end : end + 2);
        for (size_t j = i; j < stop; ++j)
            if (text[j] != '\n')
                text[j] = ' ';
        i = stop - 1;
    }
    return text;
}

class Cursor {
public:
    Cursor(const std::string& text, size_t at)
        : m_text(text)
        , m_at(at) {}

    void skipSpace() {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at])))
            ++m_at;
    }

    std::string_view identifier() {
        skipSpace();
        const size_t start = m_at;
        while (m_at < m_text.size() && isIdentifierChar(m_text[m_at]))
            ++m_at;
        return std::string_view(m_text).substr(start, m_at - start);
    }

    bool consume(char c) {
        skipSpace();
        if (m_at >= m_text.size() || m_text[m_at] != c)
            return false;
        ++m_at;
        return true;
    }

    // After the '(' of a parameter list: the number of parameters.
    cl_uint countParameters() {
        int depth = 1;
        cl_uint commas = 0;
        std::string content;
        for (; m_at < m_text.size() && depth > 0; ++m_at) {
            const char c = m_text[m_at];
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 1 && c == ',')
                ++commas;
            if (depth > 0 && !std::isspace(static_cast<unsigned char>(c)))
                content += c;
        }
        return content.empty() || content == "void" ? 0 : commas + 1;
    }

private:
    const std::string& m_text;
    size_t m_at;
};

} // namespace

std::vector<KernelDeclaration> scanKernels(std::string_view source) {
    const std::string text = withoutComments(source);
    std::vector<KernelDeclaration> kernels;
    for (size_t at = text.find("kernel"); at != std::string::npos;
         at = text.find("kernel", at + 1)) {
        size_t start = at;
        if (start >= 2 && text.compare(start - 2, 2, "__") == 0)
            start -= 2;
        if ((start > 0 && isIdentifierChar(text[start - 1])) ||
            (at + 6 < text.size() && isIdentifierChar(text[at + 6])))
            continue; // part of another word
        Cursor cursor(text, at + 6);
        if (cursor.identifier() != "void")
            continue;
        const std::string_view name = cursor.identifier();
        if (name.empty() || !cursor.consume('('))
            continue;
        kernels.push_back({std::string(name), cursor.countParameters()});
    }
    return kernels;
}

std::string errorDiagnostic(std::string_view source) {
    const size_t at = source.find("#error");
    if (at == std::string_view::npos)
        return {};
    const size_t lineStart =
        source.rfind('\n', at) == std::string_view::npos ? 0 : source.rfind('\n', at) + 1;
    size_t line = 1;
    for (size_t i = 0; i < lineStart; ++i)
        line += source[i] == '\n';
    const size_t lineEnd = source.find('\n', at);
    const std::string_view rest = source.substr(
        at, lineEnd == std::string_view::npos ? std::string_view::npos : lineEnd - at);
    return "<source>:" + std::to_string(line) + ":" + std::to_string(at - lineStart + 1) +
           ": error: " + std::string(rest);
}

} // namespace clw::fakecl
