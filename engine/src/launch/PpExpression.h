#pragma once
// Integer constant expressions: #if / #elif conditions, and the numbers inside kernel attributes
// such as reqd_work_group_size(WG * 2, 1, 1).
#include "PpToken.h"

#include <string>

namespace clw::engine::pp {

// Evaluates `tokens` (macros already expanded; `defined` already replaced) as the preprocessor
// does: integer arithmetic, comparisons, logic, bit operations, ?:, parentheses; identifiers
// left over count as 0. Returns false with `error` set when the expression is malformed or
// divides by zero.
bool evaluateExpression(const Tokens& tokens, long long& value, std::string& error);

} // namespace clw::engine::pp
