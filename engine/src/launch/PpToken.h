#pragma once
// Preprocessing tokens, shared by the preprocessor, its expression evaluator and the signature
// parser (which reads the preprocessed text with the same tokenizer). Internal to the engine.
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine::pp {

enum class TokenKind { Identifier, Number, String, Char, Punct, Other };

struct Token {
    TokenKind kind = TokenKind::Other;
    std::string text;
    bool spaceBefore = false; // whitespace came before it: keeps "a b" apart when spelled again
    int line = 0;             // 1-based line in the text that was tokenized
    // The macros whose expansion produced this token (Prosser's hide set): a name in its own
    // hide set is never expanded again, which stops `#define foo foo + 1` from recursing.
    std::vector<std::string> hideSet;

    bool is(std::string_view punct) const { return kind == TokenKind::Punct && text == punct; }
    bool isIdentifier(std::string_view name) const {
        return kind == TokenKind::Identifier && text == name;
    }
};

using Tokens = std::vector<Token>;

// Splits text into tokens. Newlines count as whitespace and advance Token::line from firstLine;
// comments must already be gone (see withoutComments).
Tokens tokenize(std::string_view text, int firstLine = 1);
// The tokens as text, with one space wherever whitespace separated them.
std::string spell(const Tokens& tokens);
// Joins backslash-newline continuations and replaces each comment with one space. The newlines
// removed are put back after the logical line they ended in, so that every later line keeps its
// number.
std::string withoutComments(std::string_view text);

} // namespace clw::engine::pp
