#include "clw/engine/debug/WatchRequest.h"

#include <cctype>
#include <stdexcept>

namespace clw::engine {

namespace {

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

} // namespace

std::string WatchExpression::text() const {
    std::string out = variable;
    if (index)
        out += "[" + std::to_string(*index) + "]";
    if (component)
        out += ".s" + std::string(1, "0123456789abcdef"[*component]);
    return out;
}

std::optional<WatchExpression> parseWatchExpression(const std::string& text, std::string& problem) {
    std::string s;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)))
            s += c;
    const std::string works = " A watch is a variable (x), an element with a constant index "
                              "(tile[3]) or a vector's component (v.y, v.s2).";
    if (s.empty() || !isIdentifierStart(s[0])) {
        problem = "'" + text + "' does not start with a variable's name." + works;
        return std::nullopt;
    }
    WatchExpression expression;
    size_t at = 0;
    while (at < s.size() && isIdentifierPart(s[at]))
        expression.variable += s[at++];
    if (at < s.size() && s[at] == '[') {
        const size_t close = s.find(']', at);
        const std::string digits =
            close == std::string::npos ? "" : s.substr(at + 1, close - at - 1);
        if (digits.empty() || digits.size() > 18 ||
            digits.find_first_not_of("0123456789") != std::string::npos) {
            problem = "'" + text + "': the index must be a constant number." + works;
            return std::nullopt;
        }
        expression.index = std::stoull(digits);
        at = close + 1;
    }
    if (at < s.size() && s[at] == '.') {
        const std::optional<unsigned> component = componentNamed(s.substr(at + 1));
        if (!component) {
            problem = "'" + text + "': '" + s.substr(at) + "' names no vector component." + works;
            return std::nullopt;
        }
        expression.component = component;
        at = s.size();
    }
    if (at != s.size()) {
        problem = "'" + text + "' is more than one variable: '" + s.substr(at) +
                  "' cannot be watched." + works;
        return std::nullopt;
    }
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
