#pragma once
// Small text helpers of the inspect room's parsers (tolerances and their rules). Internal.
#include <cctype>
#include <string>
#include <string_view>

namespace clw::engine::text {

// `text` without leading and trailing whitespace.
inline std::string_view trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

// `text` in lower case (ASCII).
inline std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace clw::engine::text
