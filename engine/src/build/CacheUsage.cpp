#include "CacheUsage.h"

#include <charconv>

namespace clw::engine::detail {

namespace {

// A decimal number at the front of `text`, taken off it.
bool takeNumber(std::string_view& text, std::uint64_t& value) {
    const char* end = text.data() + text.size();
    const auto [next, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || next == text.data())
        return false;
    text.remove_prefix(size_t(next - text.data()));
    return true;
}

} // namespace

std::optional<CacheUsage> CacheUsage::parse(std::string_view text) {
    CacheUsage usage;
    if (!takeNumber(text, usage.bytes) || text.empty() || text.front() != ' ')
        return std::nullopt;
    text.remove_prefix(1);
    if (!takeNumber(text, usage.stores))
        return std::nullopt;
    if (!text.empty() && text != "\n" && text != "\r\n")
        return std::nullopt;
    return usage;
}

std::string CacheUsage::text() const {
    return std::to_string(bytes) + " " + std::to_string(stores) + "\n";
}

} // namespace clw::engine::detail
