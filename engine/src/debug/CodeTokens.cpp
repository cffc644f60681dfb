#include "CodeTokens.h"

#include <cctype>

namespace clw::engine::code {

namespace {

bool identifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool identifierPart(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Punctuators of two or three characters, longest first.
constexpr std::string_view kLongPuncts[] = {"<<=", ">>=", "...", "->", "++", "--", "<<", ">>",
                                            "<=",  ">=",  "==",  "!=", "&&", "||", "*=", "/=",
                                            "%=",  "+=",  "-=",  "&=", "^=", "|=", "##"};

class Scanner {
public:
    explicit Scanner(std::string_view source)
        : m_source(source) {}

    std::vector<Token> run() {
        bool lineStart = true; // only whitespace since the last newline
        while (m_at < m_source.size()) {
            const char c = m_source[m_at];
            if (c == '\n') {
                advance(1);
                lineStart = true;
            } else if (std::isspace(static_cast<unsigned char>(c)) || startsWith("\\\n")) {
                advance(c == '\\' ? 2 : 1);
            } else if (startsWith("//")) {
                skipUntilNewline(false);
            } else if (startsWith("/*")) {
                const std::size_t close = m_source.find("*/", m_at + 2);
                advance((close == std::string_view::npos ? m_source.size() : close + 2) - m_at);
            } else if (c == '#' && lineStart) {
                skipUntilNewline(true);
            } else {
                lineStart = false;
                token();
            }
        }
        return std::move(m_tokens);
    }

private:
    bool startsWith(std::string_view text) const { return m_source.substr(m_at).starts_with(text); }

    void advance(std::size_t count) {
        for (std::size_t i = 0; i < count && m_at < m_source.size(); ++i, ++m_at)
            if (m_source[m_at] == '\n')
                ++m_line;
    }

    // A directive runs on past backslash-newlines, and past newlines inside its comments.
    void skipUntilNewline(bool directive) {
        while (m_at < m_source.size() && m_source[m_at] != '\n') {
            if (startsWith("\\\n"))
                advance(2);
            else if (directive && startsWith("/*")) {
                const std::size_t close = m_source.find("*/", m_at + 2);
                advance((close == std::string_view::npos ? m_source.size() : close + 2) - m_at);
            } else if (directive && startsWith("//"))
                skipUntilNewline(false);
            else
                advance(1);
        }
    }

    void token() {
        const std::size_t start = m_at;
        const unsigned line = m_line;
        const char c = m_source[m_at];
        Token::Kind kind = Token::Kind::Punct;
        if (identifierStart(c)) {
            kind = Token::Kind::Identifier;
            while (m_at < m_source.size() && identifierPart(m_source[m_at]))
                ++m_at;
        } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                   (c == '.' && m_at + 1 < m_source.size() &&
                    std::isdigit(static_cast<unsigned char>(m_source[m_at + 1])))) {
            kind = Token::Kind::Number;
            // pp-number: digits, letters, '.', and a sign after an exponent letter.
            ++m_at;
            while (m_at < m_source.size()) {
                const char d = m_source[m_at];
                const char before = m_source[m_at - 1];
                if (identifierPart(d) || d == '.' ||
                    ((d == '+' || d == '-') &&
                     (before == 'e' || before == 'E' || before == 'p' || before == 'P')))
                    ++m_at;
                else
                    break;
            }
        } else if (c == '"' || c == '\'') {
            kind = c == '"' ? Token::Kind::String : Token::Kind::Char;
            ++m_at;
            while (m_at < m_source.size() && m_source[m_at] != c && m_source[m_at] != '\n')
                m_at += m_source[m_at] == '\\' ? 2 : 1;
            m_at = std::min(m_at + 1, m_source.size());
        } else {
            std::size_t length = 1;
            for (std::string_view punct : kLongPuncts)
                if (startsWith(punct)) {
                    length = punct.size();
                    break;
                }
            m_at += length;
        }
        m_tokens.push_back(
            {kind, std::string(m_source.substr(start, m_at - start)), start, m_at, line});
    }

    std::string_view m_source;
    std::size_t m_at = 0;
    unsigned m_line = 1;
    std::vector<Token> m_tokens;
};

} // namespace

std::vector<Token> tokenize(std::string_view source) {
    return Scanner(source).run();
}

} // namespace clw::engine::code
