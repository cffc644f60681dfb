#include "PpToken.h"

#include <algorithm>
#include <cctype>

namespace clw::engine::pp {

namespace {

bool isIdentStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isDigit(char c) {
    return std::isdigit(static_cast<unsigned char>(c));
}

// Longest first, so that "<<=" wins over "<<" and "<".
constexpr std::string_view kPunctuators[] = {
    "...", "<<=", ">>=", "##", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
    "!=",  "&&",  "||",  "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=",
};

// The end of a quoted literal starting at `begin` (the quote itself), escapes honoured; an
// unterminated literal ends at the line's end.
size_t literalEnd(std::string_view text, size_t begin) {
    const char quote = text[begin];
    size_t i = begin + 1;
    while (i < text.size() && text[i] != quote && text[i] != '\n')
        i += text[i] == '\\' ? 2 : 1;
    return std::min(i + 1, text.size());
}

} // namespace

Tokens tokenize(std::string_view text, int firstLine) {
    Tokens tokens;
    int line = firstLine;
    bool space = false;
    size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            space = true;
            ++i;
            continue;
        }
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = true;
            ++i;
            continue;
        }
        Token token;
        token.spaceBefore = space;
        token.line = line;
        space = false;
        size_t end = i + 1;
        if (isIdentStart(c)) {
            while (end < text.size() && isIdentChar(text[end]))
                ++end;
            token.kind = TokenKind::Identifier;
        } else if (isDigit(c) || (c == '.' && i + 1 < text.size() && isDigit(text[i + 1]))) {
            // A pp-number: digits, letters, dots, and a sign right after an exponent letter.
            while (end < text.size()) {
                const char d = text[end];
                const char prev = text[end - 1];
                if (isIdentChar(d) || d == '.')
                    ++end;
                else if ((d == '+' || d == '-') &&
                         (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P'))
                    ++end;
                else
                    break;
            }
            token.kind = TokenKind::Number;
        } else if (c == '"' || c == '\'') {
            end = literalEnd(text, i);
            token.kind = c == '"' ? TokenKind::String : TokenKind::Char;
        } else {
            token.kind = TokenKind::Punct;
            for (std::string_view punct : kPunctuators) {
                if (text.substr(i, punct.size()) == punct) {
                    end = i + punct.size();
                    break;
                }
            }
        }
        token.text = std::string(text.substr(i, end - i));
        tokens.push_back(std::move(token));
        i = end;
    }
    return tokens;
}

std::string spell(const Tokens& tokens) {
    std::string out;
    for (const Token& token : tokens) {
        if (token.spaceBefore && !out.empty())
            out += ' ';
        out += token.text;
    }
    return out;
}

std::string withoutComments(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    int owedNewlines = 0; // newlines swallowed by continuations and comments on this line
    size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() &&
            (text[i + 1] == '\n' ||
             (text[i + 1] == '\r' && i + 2 < text.size() && text[i + 2] == '\n'))) {
            i += text[i + 1] == '\n' ? 2 : 3;
            ++owedNewlines;
        } else if (c == '\n') {
            out.append(size_t(owedNewlines) + 1, '\n');
            owedNewlines = 0;
            ++i;
        } else if (c == '\r') {
            ++i; // CRLF files read as LF
        } else if (c == '"' || c == '\'') {
            const size_t end = literalEnd(text, i);
            out.append(text.substr(i, end - i));
            i = end;
        } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            // A line comment runs to the newline; a backslash before it continues the comment.
            while (i < text.size() && text[i] != '\n') {
                if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
                    ++owedNewlines;
                    ++i;
                }
                ++i;
            }
            out += ' ';
        } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            i += 2;
            while (i < text.size() &&
                   !(text[i] == '*' && i + 1 < text.size() && text[i + 1] == '/')) {
                owedNewlines += text[i] == '\n';
                ++i;
            }
            i = std::min(i + 2, text.size());
            out += ' ';
        } else {
            out += c;
            ++i;
        }
    }
    out.append(size_t(owedNewlines), '\n');
    return out;
}

} // namespace clw::engine::pp
