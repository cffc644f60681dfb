#include "LayoutLexer.h"

#include "clw/engine/inspect/LayoutError.h"

#include <algorithm>
#include <cctype>
#include <span>

namespace clw::engine {

namespace {

struct ScalarWord {
    std::string_view name;
    ScalarType type;
};
constexpr ScalarWord kScalarWords[] = {
    {"bool", ScalarType::Bool},   {"char", ScalarType::Char},     {"uchar", ScalarType::UChar},
    {"short", ScalarType::Short}, {"ushort", ScalarType::UShort}, {"int", ScalarType::Int},
    {"uint", ScalarType::UInt},   {"long", ScalarType::Long},     {"ulong", ScalarType::ULong},
    {"half", ScalarType::Half},   {"float", ScalarType::Float},   {"double", ScalarType::Double},
};

// Words that say nothing of a member's layout.
constexpr std::string_view kIgnored[] = {
    "const",     "volatile", "restrict",   "__restrict", "__global",  "global",
    "__local",   "local",    "__constant", "constant",   "__private", "private",
    "__generic", "generic",  "static",     "extern",
};

constexpr std::string_view kArithmetic[] = {"unsigned", "signed", "char",   "short", "int",
                                            "long",     "float",  "double", "half",  "bool"};

bool isIn(std::string_view word, std::span<const std::string_view> list) {
    return std::find(list.begin(), list.end(), word) != list.end();
}

} // namespace

std::vector<LayoutToken> tokenizeLayout(std::string_view text) {
    std::vector<LayoutToken> tokens;
    size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (std::isspace(c)) {
            ++i;
        } else if (text.substr(i, 2) == "//") {
            while (i < text.size() && text[i] != '\n')
                ++i;
        } else if (text.substr(i, 2) == "/*") {
            const size_t close = text.find("*/", i + 2);
            if (close == std::string_view::npos)
                throw LayoutError("unterminated comment", i + 1);
            i = close + 2;
        } else if (std::isalpha(c) || c == '_') {
            const size_t start = i;
            while (i < text.size() &&
                   (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
                ++i;
            tokens.push_back(
                {LayoutToken::Word, std::string(text.substr(start, i - start)), start + 1});
        } else if (std::isdigit(c)) {
            const size_t start = i;
            while (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i])))
                ++i;
            tokens.push_back(
                {LayoutToken::Number, std::string(text.substr(start, i - start)), start + 1});
        } else if (std::string_view("{}[]();,*:").find(char(c)) != std::string_view::npos) {
            tokens.push_back({LayoutToken::Punct, std::string(1, char(c)), i + 1});
            ++i;
        } else {
            throw LayoutError(std::string("unexpected character '") + char(c) + "'", i + 1);
        }
    }
    tokens.push_back({LayoutToken::End, {}, text.size() + 1});
    return tokens;
}

bool isIgnoredLayoutWord(std::string_view word) {
    return isIn(word, kIgnored);
}

bool isArithmeticLayoutWord(std::string_view word) {
    return isIn(word, kArithmetic);
}

bool splitBuiltinType(std::string_view word, ScalarType& type, int& width) {
    if (word.starts_with("cl_"))
        word.remove_prefix(3);
    for (const ScalarWord& scalar : kScalarWords) {
        if (!word.starts_with(scalar.name))
            continue;
        const std::string_view digits = word.substr(scalar.name.size());
        if (digits.empty()) {
            type = scalar.type;
            width = 1;
            return true;
        }
        for (int w : {2, 3, 4, 8, 16}) {
            if (digits == std::to_string(w) && scalar.type != ScalarType::Bool) {
                type = scalar.type;
                width = w;
                return true;
            }
        }
    }
    return false;
}

} // namespace clw::engine
