#pragma once
// A watch of a debug run on Oclgrind (issue 18, Watch): an expression at a source line, whose
// value the Oclgrind plugin records for every work-item as it passes the line (the last pass, or
// the k-th). The expression is a variable in scope there, an element of an array or a pointer
// with a constant index ("tile[3]", "in[0]"), or a vector's component ("v.y", "v.s2").
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace clw::engine {

struct WatchExpression {
    std::string variable;
    std::optional<std::uint64_t> index; // [i]
    std::optional<unsigned> component;  // .x .y .z .w, .s0 ... .sf
    std::string text() const;
};

struct WatchRequest {
    std::string file; // as the build names it; the main source is "input.cl" on Oclgrind
    unsigned line = 0;
    std::string expression;
    unsigned pass = 0; // 0: the last pass of each work-item; k: its k-th
};

// The expression's parts, or nullopt with `problem` saying what is wrong and what would work.
std::optional<WatchExpression> parseWatchExpression(const std::string& text, std::string& problem);

nlohmann::json watchRequestToJson(const WatchRequest& request);
// Throws std::runtime_error naming what is missing or wrong.
WatchRequest watchRequestFromJson(const nlohmann::json& value);

} // namespace clw::engine
