#pragma once
// OpenCL C source as tokens with their byte offsets, for rewriting the source in place (a watch's
// instrumentation, printf's work-item tags): comments and whitespace skipped, a preprocessor
// directive (with its continuation lines) skipped whole, string and character literals kept as one
// token each. Internal to the engine.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine::code {

struct Token {
    enum class Kind { Identifier, Number, String, Char, Punct };
    Kind kind = Kind::Punct;
    std::string text;
    std::size_t offset = 0; // of its first byte in the source
    std::size_t end = 0;    // one past its last byte
    unsigned line = 0;      // 1-based

    bool is(std::string_view punct) const { return kind == Kind::Punct && text == punct; }
    bool isIdentifier() const { return kind == Kind::Identifier; }
};

std::vector<Token> tokenize(std::string_view source);

} // namespace clw::engine::code
