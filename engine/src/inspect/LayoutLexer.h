#pragma once
// The words and tokens of OpenCL C type declarations as the layout parser reads them
// (StructLayoutParser.h). Internal to the engine.
#include "clw/engine/launch/KernelSignature.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

struct LayoutToken {
    enum Kind { Word, Number, Punct, End } kind = End;
    std::string text;
    size_t column = 0; // 1-based
};

// Words, numbers and the punctuation of declarations; comments skipped; an End token last.
// Throws LayoutError at an unexpected character or an unterminated comment.
std::vector<LayoutToken> tokenizeLayout(std::string_view text);

// Qualifiers and storage classes that say nothing of a member's layout (const, __global, ...).
bool isIgnoredLayoutWord(std::string_view word);
// The C keywords that make arithmetic types: unsigned, signed, char, short, int, long, float,
// double, half, bool.
bool isArithmeticLayoutWord(std::string_view word);
// "float4" -> (Float, 4), "cl_uint" -> (UInt, 1); false for other words.
bool splitBuiltinType(std::string_view word, ScalarType& type, int& width);

} // namespace clw::engine
