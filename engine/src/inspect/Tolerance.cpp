#include "clw/engine/inspect/Tolerance.h"

#include "TextWords.h"

#include "clw/engine/inspect/ToleranceError.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace clw::engine {

namespace {

using text::lower;
using text::trimmed;

const char kForms[] = "write exact, 4ulp, rel=1e-6 or abs=1e-3";

[[noreturn]] void refuse(std::string_view text, const std::string& why) {
    throw ToleranceError("'" + std::string(text) + "' is no tolerance" +
                         (why.empty() ? std::string() : " (" + why + ")") + ": " + kForms +
                         ", or NAME=SPEC for one buffer (c=4ulp)");
}

// A finite number that is not negative, the whole of `text`.
bool readBound(const std::string& text, double& out) {
    if (text.empty())
        return false;
    const char* begin = text.c_str();
    char* end = nullptr;
    const double value = std::strtod(begin, &end);
    if (end != begin + text.size() || !std::isfinite(value) || value < 0)
        return false;
    out = value;
    return true;
}

} // namespace

Tolerance Tolerance::parse(std::string_view original) {
    const std::string text = lower(trimmed(original));
    if (text == "exact")
        return exact();
    if (const size_t equals = text.find('='); equals != std::string::npos) {
        const std::string key(trimmed(std::string_view(text).substr(0, equals)));
        const std::string bound(trimmed(std::string_view(text).substr(equals + 1)));
        if (key != "rel" && key != "abs")
            refuse(original, "'" + key + "' is neither rel nor abs");
        double value = 0;
        if (!readBound(bound, value))
            refuse(original, "the bound must be a number of 0 or more, such as 1e-6");
        return key == "rel" ? relative(value) : absolute(value);
    }
    std::string_view rest = text;
    if (rest.ends_with("ulps"))
        rest.remove_suffix(4);
    else if (rest.ends_with("ulp"))
        rest.remove_suffix(3);
    else
        refuse(original, "");
    rest = trimmed(rest);
    std::uint64_t ulps = 0;
    const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), ulps);
    if (rest.empty() || error != std::errc() || end != rest.data() + rest.size())
        refuse(original, "ULPs are a whole number of 0 or more, such as 4ulp");
    return ofUlps(ulps);
}

bool Tolerance::isTolerance(std::string_view text) {
    try {
        parse(text);
        return true;
    } catch (const ToleranceError&) {
        return false; // the caller reads the text another way
    }
}

std::string Tolerance::text() const {
    switch (kind) {
    case Kind::Exact:
        return "exact";
    case Kind::Ulps:
        return std::to_string(ulps) + "ulp";
    case Kind::Relative:
    case Kind::Absolute: {
        std::ostringstream out;
        out << (kind == Kind::Relative ? "rel=" : "abs=") << value;
        return out.str();
    }
    }
    return "exact";
}

DiffOptions Tolerance::diffOptions() const {
    DiffOptions options;
    switch (kind) {
    case Kind::Exact:
        break;
    case Kind::Ulps:
        options.ulps = ulps;
        break;
    case Kind::Relative:
        options.relTolerance = value;
        break;
    case Kind::Absolute:
        options.absTolerance = value;
        break;
    }
    return options;
}

} // namespace clw::engine
