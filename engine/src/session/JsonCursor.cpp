#include "JsonCursor.h"

#include "clw/engine/session/SessionError.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace clw::engine {

namespace {

// The value as the file had it, short enough for a message: "7.5", "\"abc\"", "an array".
std::string describe(const nlohmann::json& value) {
    if (value.is_object())
        return "an object";
    if (value.is_array())
        return "an array";
    std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (text.size() > 40)
        text = text.substr(0, 37) + "...";
    return std::string(value.type_name()) + " " + text;
}

} // namespace

JsonCursor::JsonCursor(const nlohmann::json& value, std::string path, const std::string& fileName)
    : m_value(&value)
    , m_path(std::move(path))
    , m_fileName(&fileName) {}

JsonCursor JsonCursor::child(const nlohmann::json& value, std::string path) const {
    return JsonCursor(value, std::move(path), *m_fileName);
}

std::string JsonCursor::childPath(std::string_view key) const {
    return m_path.empty() ? std::string(key) : m_path + "." + std::string(key);
}

void JsonCursor::fail(const std::string& what) const {
    throw SessionError(*m_fileName + ": " + (m_path.empty() ? "" : m_path + ": ") + what);
}

void JsonCursor::failAt(std::string_view key, const std::string& what) const {
    throw SessionError(*m_fileName + ": " + childPath(key) + ": " + what);
}

void JsonCursor::failType(const char* wanted) const {
    fail(std::string("must be ") + wanted + " (it is " + describe(*m_value) + ")");
}

void JsonCursor::expectObject() const {
    if (!m_value->is_object())
        failType("an object { ... }");
}

bool JsonCursor::has(std::string_view key) const {
    expectObject();
    return m_value->contains(key);
}

JsonCursor JsonCursor::field(std::string_view key, const std::string& hint) const {
    expectObject();
    const auto it = m_value->find(key);
    if (it == m_value->end())
        failAt(key, "this required field is missing" + (hint.empty() ? "" : ": " + hint));
    return child(*it, childPath(key));
}

std::optional<JsonCursor> JsonCursor::optionalField(std::string_view key) const {
    expectObject();
    const auto it = m_value->find(key);
    if (it == m_value->end())
        return std::nullopt;
    return child(*it, childPath(key));
}

std::string JsonCursor::stringOr(std::string_view key, const std::string& fallback) const {
    const std::optional<JsonCursor> value = optionalField(key);
    return value ? value->string() : fallback;
}

bool JsonCursor::booleanOr(std::string_view key, bool fallback) const {
    const std::optional<JsonCursor> value = optionalField(key);
    return value ? value->boolean() : fallback;
}

std::vector<JsonCursor> JsonCursor::elements() const {
    if (!m_value->is_array())
        failType("an array [ ... ]");
    std::vector<JsonCursor> out;
    out.reserve(m_value->size());
    for (size_t i = 0; i < m_value->size(); ++i)
        out.push_back(child((*m_value)[i], m_path + "[" + std::to_string(i) + "]"));
    return out;
}

std::vector<std::string> JsonCursor::strings() const {
    std::vector<std::string> out;
    for (const JsonCursor& element : elements())
        out.push_back(element.string());
    return out;
}

std::string JsonCursor::string() const {
    if (!m_value->is_string())
        failType("a string \"...\"");
    return m_value->get<std::string>();
}

std::string JsonCursor::text() const {
    if (m_value->is_string())
        return m_value->get<std::string>();
    if (m_value->is_number())
        return m_value->dump(); // shortest text that reads back as the same number
    failType("a string \"...\" or a number");
}

bool JsonCursor::boolean() const {
    if (!m_value->is_boolean())
        failType("true or false");
    return m_value->get<bool>();
}

std::int64_t JsonCursor::integer(std::int64_t min, std::int64_t max) const {
    const std::string range =
        "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    if (m_value->is_number_unsigned()) {
        const std::uint64_t value = m_value->get<std::uint64_t>();
        if (value > static_cast<std::uint64_t>(max))
            fail("must be " + range + " (it is " + std::to_string(value) + ")");
        if (static_cast<std::int64_t>(value) < min)
            fail("must be " + range + " (it is " + std::to_string(value) + ")");
        return static_cast<std::int64_t>(value);
    }
    if (m_value->is_number_integer()) {
        const std::int64_t value = m_value->get<std::int64_t>();
        if (value < min || value > max)
            fail("must be " + range + " (it is " + std::to_string(value) + ")");
        return value;
    }
    if (m_value->is_number_float()) {
        const double value = m_value->get<double>();
        // Doubles are exact below 2^53, far beyond any count a session holds.
        if (value == std::trunc(value) && value >= double(min) && value <= double(max) &&
            std::fabs(value) < 9007199254740992.0)
            return static_cast<std::int64_t>(value);
        fail("must be " + range + " (it is " + m_value->dump() + ")");
    }
    failType(range.c_str());
}

std::uint64_t JsonCursor::unsignedInteger() const {
    if (m_value->is_number_unsigned())
        return m_value->get<std::uint64_t>();
    if (m_value->is_number_integer()) // nlohmann keeps non-negative integers unsigned
        fail("must not be negative (it is " + m_value->dump() + ")");
    if (m_value->is_number_float()) {
        const double value = m_value->get<double>();
        if (value == std::trunc(value) && value >= 0 && value < 9007199254740992.0)
            return static_cast<std::uint64_t>(value);
        fail("must be a whole number, 0 or more (it is " + m_value->dump() + ")");
    }
    failType("a whole number, 0 or more");
}

double JsonCursor::number() const {
    if (m_value->is_number())
        return m_value->get<double>();
    if (m_value->is_string()) {
        const std::string& text = m_value->get_ref<const std::string&>();
        if (text == "inf")
            return std::numeric_limits<double>::infinity();
        if (text == "-inf")
            return -std::numeric_limits<double>::infinity();
        if (text == "nan")
            return std::numeric_limits<double>::quiet_NaN();
    }
    failType("a number");
}

double JsonCursor::positiveNumber(double max, const std::string& hint) const {
    if (!m_value->is_number())
        fail("must be a number above 0 (it is " + describe(*m_value) + "); " + hint);
    const double value = m_value->get<double>();
    if (!(value > 0))
        fail("must be above 0 (it is " + m_value->dump() + "); " + hint);
    if (value > max)
        fail("must be at most " + (std::ostringstream() << max).str() + " (it is " +
             m_value->dump() + "); " + hint);
    return value;
}

} // namespace clw::engine
