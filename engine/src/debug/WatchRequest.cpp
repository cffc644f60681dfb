#include "clw/engine/debug/WatchRequest.h"

#include <cctype>
#include <cmath>
#include <stdexcept>

namespace clw::engine {

namespace {

using Kind = WatchStep::Kind;

const char kWhatWorks[] = " A watch is a variable (x), an element with a constant index "
                          "(tile[3]), a vector's component (v.y), or + - * / % of those and "
                          "numbers (lid * 2 + 1).";

bool isIdentifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool isIdentifierPart(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// .x .y .z .w, or .s0 to .sf (.S too): the component's index.
std::optional<unsigned> componentNamed(const std::string& name) {
    static const std::string xyzw = "xyzw";
    if (name.size() == 1 && xyzw.find(name[0]) != std::string::npos)
        return unsigned(xyzw.find(name[0]));
    if (name.size() == 2 && (name[0] == 's' || name[0] == 'S') &&
        std::isxdigit(static_cast<unsigned char>(name[1])))
        return unsigned(std::stoul(name.substr(1), nullptr, 16));
    return std::nullopt;
}

int precedence(Kind kind) {
    switch (kind) {
    case Kind::Negate:
        return 3;
    case Kind::Multiply:
    case Kind::Divide:
    case Kind::Remainder:
        return 2;
    default:
        return 1;
    }
}

const char* symbol(Kind kind) {
    switch (kind) {
    case Kind::Add:
        return "+";
    case Kind::Subtract:
        return "-";
    case Kind::Multiply:
        return "*";
    case Kind::Divide:
        return "/";
    case Kind::Remainder:
        return "%";
    default:
        return "-";
    }
}

// Reads "name", "name[3]", "name.y", "name[3].y" at `at` of `s` (spaces already gone).
std::optional<WatchTerm> readTerm(const std::string& s, size_t& at, const std::string& text,
                                  std::string& problem) {
    WatchTerm term;
    while (at < s.size() && isIdentifierPart(s[at]))
        term.variable += s[at++];
    if (at < s.size() && s[at] == '[') {
        const size_t close = s.find(']', at);
        const std::string digits =
            close == std::string::npos ? "" : s.substr(at + 1, close - at - 1);
        if (digits.empty() || digits.size() > 18 ||
            digits.find_first_not_of("0123456789") != std::string::npos) {
            problem = "'" + text + "': the index must be a constant number.";
            return std::nullopt;
        }
        term.index = std::stoull(digits);
        at = close + 1;
    }
    if (at < s.size() && s[at] == '.') {
        size_t end = at + 1;
        while (end < s.size() && isIdentifierPart(s[end]))
            ++end;
        const std::optional<unsigned> component = componentNamed(s.substr(at + 1, end - at - 1));
        if (!component) {
            problem = "'" + text + "': '" + s.substr(at, end - at) + "' names no vector component.";
            return std::nullopt;
        }
        term.component = component;
        at = end;
    }
    return term;
}

} // namespace

std::string WatchTerm::text() const {
    std::string out = variable;
    if (index)
        out += "[" + std::to_string(*index) + "]";
    if (component)
        out += ".s" + std::string(1, "0123456789abcdef"[*component]);
    return out;
}

double WatchExpression::evaluate(const std::vector<double>& termValues) const {
    std::vector<double> stack;
    for (const WatchStep& step : program) {
        if (step.kind == Kind::Term) {
            stack.push_back(termValues.at(step.term));
            continue;
        }
        if (step.kind == Kind::Number) {
            stack.push_back(step.number);
            continue;
        }
        if (step.kind == Kind::Negate) {
            stack.back() = -stack.back();
            continue;
        }
        const double right = stack.back();
        stack.pop_back();
        double& left = stack.back();
        switch (step.kind) {
        case Kind::Add:
            left += right;
            break;
        case Kind::Subtract:
            left -= right;
            break;
        case Kind::Multiply:
            left *= right;
            break;
        case Kind::Divide:
            left /= right;
            break;
        default:
            left = std::fmod(left, right);
            break;
        }
    }
    return stack.empty() ? std::nan("") : stack.back();
}

std::string WatchExpression::text() const {
    std::vector<std::string> stack;
    for (const WatchStep& step : program) {
        if (step.kind == Kind::Term)
            stack.push_back(terms.at(step.term).text());
        else if (step.kind == Kind::Number) {
            std::string number = std::to_string(step.number);
            number.erase(number.find_last_not_of('0') + 1);
            if (!number.empty() && number.back() == '.')
                number.pop_back();
            stack.push_back(number);
        } else if (step.kind == Kind::Negate)
            stack.back() = "-(" + stack.back() + ")";
        else {
            const std::string right = stack.back();
            stack.pop_back();
            stack.back() = "(" + stack.back() + " " + symbol(step.kind) + " " + right + ")";
        }
    }
    return stack.empty() ? std::string() : stack.back();
}

std::optional<WatchExpression> parseWatchExpression(const std::string& text, std::string& problem) {
    std::string s;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)))
            s += c;
    WatchExpression expression;
    std::vector<std::pair<Kind, bool>> operators; // pending; `true` marks an open parenthesis
    bool wantValue = true; // a value (or a unary minus, an open parenthesis) comes next
    const auto fail = [&](const std::string& why) {
        problem = why + kWhatWorks;
        return std::nullopt;
    };
    const auto popWhile = [&](int atLeast) {
        while (!operators.empty() && !operators.back().second &&
               precedence(operators.back().first) >= atLeast) {
            expression.program.push_back({operators.back().first});
            operators.pop_back();
        }
    };
    if (s.empty())
        return fail("'" + text + "' is no expression.");
    for (size_t at = 0; at < s.size();) {
        const char c = s[at];
        if (wantValue) {
            if (isIdentifierStart(c)) {
                std::optional<WatchTerm> term = readTerm(s, at, text, problem);
                if (!term)
                    return fail(problem);
                expression.terms.push_back(std::move(*term));
                expression.program.push_back({Kind::Term, expression.terms.size() - 1});
                wantValue = false;
            } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
                size_t used = 0;
                double number = 0;
                try {
                    number = std::stod(s.substr(at), &used);
                } catch (const std::exception&) {
                    return fail("'" + text + "': '" + s.substr(at) + "' is no number.");
                }
                at += used;
                while (at < s.size() && (s[at] == 'f' || s[at] == 'F' || s[at] == 'u' ||
                                         s[at] == 'U' || s[at] == 'l' || s[at] == 'L'))
                    ++at; // a C suffix
                expression.program.push_back({Kind::Number, 0, number});
                wantValue = false;
            } else if (c == '-') {
                operators.push_back({Kind::Negate, false});
                ++at;
            } else if (c == '+') {
                ++at; // unary plus changes nothing
            } else if (c == '(') {
                operators.push_back({Kind::Add, true});
                ++at;
            } else {
                return fail("'" + text + "' does not start with a variable's name or a number" +
                            (at ? " after '" + s.substr(0, at) + "'" : std::string()) + ".");
            }
            continue;
        }
        if (c == ')') {
            popWhile(0);
            if (operators.empty())
                return fail("'" + text + "' closes a parenthesis it never opened.");
            operators.pop_back();
            ++at;
            continue;
        }
        const std::string binary = "+-*/%";
        if (binary.find(c) == std::string::npos)
            return fail("'" + text + "': '" + s.substr(at) + "' cannot be watched.");
        const Kind kind = c == '+'   ? Kind::Add
                          : c == '-' ? Kind::Subtract
                          : c == '*' ? Kind::Multiply
                          : c == '/' ? Kind::Divide
                                     : Kind::Remainder;
        popWhile(precedence(kind));
        operators.push_back({kind, false});
        wantValue = true;
        ++at;
    }
    if (wantValue)
        return fail("'" + text + "' is not a whole expression: a value is missing at its end.");
    popWhile(0);
    if (!operators.empty())
        return fail("'" + text + "' leaves a parenthesis open.");
    return expression;
}

nlohmann::json watchRequestToJson(const WatchRequest& request) {
    return {{"file", request.file},
            {"line", request.line},
            {"expression", request.expression},
            {"pass", request.pass}};
}

WatchRequest watchRequestFromJson(const nlohmann::json& value) {
    try {
        WatchRequest request;
        request.file = value.at("file").get<std::string>();
        request.line = value.at("line").get<unsigned>();
        request.expression = value.at("expression").get<std::string>();
        request.pass = value.value("pass", 0u);
        return request;
    } catch (const nlohmann::json::exception& error) {
        throw std::runtime_error(std::string("watch request: ") + error.what());
    }
}

} // namespace clw::engine
