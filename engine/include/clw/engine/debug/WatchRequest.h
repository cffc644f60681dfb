#pragma once
// A watch of a debug run on Oclgrind (issue 18, Watch): an expression at a source line, whose
// value the Oclgrind plugin records for every work-item as it passes the line (the last pass, or
// the k-th). The expression is a variable in scope there, an element of an array or a pointer
// with a constant index ("tile[3]", "in[0]"), a vector's component ("v.y", "v.s2"), or + - * / %
// of those and numbers, with parentheses ("lid * 2 + 1", "(a.x - b.x) / 2").
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clw::engine {

// One value an expression reads: a variable, an element of it, or a component.
struct WatchTerm {
    std::string variable;
    std::optional<std::uint64_t> index; // [i]
    std::optional<unsigned> component;  // .x .y .z .w, .s0 ... .sf
    std::string text() const;
};

// An expression as a program for a stack (reverse Polish): terms and numbers pushed, operators
// applied to what is on top.
struct WatchStep {
    enum class Kind { Term, Number, Add, Subtract, Multiply, Divide, Remainder, Negate };
    Kind kind = Kind::Term;
    std::size_t term = 0; // of Term: into WatchExpression::terms
    double number = 0;    // of Number
};

struct WatchExpression {
    std::vector<WatchTerm> terms;
    std::vector<WatchStep> program;

    // A lone term (which may be a vector): its value as it is, of its own type.
    bool isTerm() const { return program.size() == 1 && program[0].kind == WatchStep::Kind::Term; }
    const WatchTerm& term() const { return terms.at(program.at(0).term); }
    // The value with each term's (scalar) value given, in double precision.
    double evaluate(const std::vector<double>& termValues) const;
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
