#pragma once
// One value of a session file being read, with its field path ("launches[0].arguments[2].buffer")
// and the file's name, so that every complaint about it names the file and the field. Private to
// the engine: nlohmann/json never appears in a public header.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

class JsonCursor {
public:
    // `value` and `fileName` must outlive the cursor and every cursor made from it.
    JsonCursor(const nlohmann::json& value, std::string path, const std::string& fileName);

    const nlohmann::json& json() const { return *m_value; }
    // "" for the top level.
    const std::string& path() const { return m_path; }

    // Throws SessionError: "<file>: <path>: <what>".
    [[noreturn]] void fail(const std::string& what) const;
    // The same for a field of this object that may be absent ("launches[0].kernel").
    [[noreturn]] void failAt(std::string_view key, const std::string& what) const;

    // Fields of an object. Each first checks that this is an object.
    bool has(std::string_view key) const;
    // Fails when the field is absent; `hint` says what belongs there.
    JsonCursor field(std::string_view key, const std::string& hint = {}) const;
    std::optional<JsonCursor> optionalField(std::string_view key) const;
    // Optional fields with their defaults.
    std::string stringOr(std::string_view key, const std::string& fallback) const;
    bool booleanOr(std::string_view key, bool fallback) const;

    // Typed reads: each fails naming the type it wanted and the one it found.
    void expectObject() const;
    std::vector<JsonCursor> elements() const; // an array
    std::vector<std::string> strings() const; // an array of strings
    std::string string() const;
    // A string, or a number written as text ("1.5"): fields that hold values as the person
    // typed them accept both.
    std::string text() const;
    bool boolean() const;
    // A whole number (an integral 3.0 too) in [min, max].
    std::int64_t integer(std::int64_t min, std::int64_t max) const;
    std::uint64_t unsignedInteger() const;
    // A number, or "inf", "-inf", "nan": JSON has no literal for them, so the writer spells
    // them as strings.
    double number() const;
    // A JSON number above 0 and at most `max` (no "inf" here); `hint` says what to write.
    double positiveNumber(double max, const std::string& hint) const;

private:
    JsonCursor child(const nlohmann::json& value, std::string path) const;
    std::string childPath(std::string_view key) const;
    [[noreturn]] void failType(const char* wanted) const;

    const nlohmann::json* m_value;
    std::string m_path;
    const std::string* m_fileName;
};

} // namespace clw::engine
