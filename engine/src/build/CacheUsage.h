#pragma once
// The binary cache folder's size as the processes using it recorded it, in its file "usage":
// "<bytes> <stores since the last scan>\n". Kept so that a store costs the same at 100 entries
// and at 100,000; the folder is scanned when the record is missing or does not read (another
// process, a full disk or a person may leave anything there). Private to the build room.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clw::engine::detail {

struct CacheUsage {
    std::uint64_t bytes = 0;
    std::uint64_t stores = 0;

    // Two decimal numbers, one space apart, and an optional line end; nullopt for anything else
    // (a sign, an overflow, a third field), so that the folder is scanned again.
    static std::optional<CacheUsage> parse(std::string_view text);
    std::string text() const;
    friend bool operator==(const CacheUsage&, const CacheUsage&) = default;
};

} // namespace clw::engine::detail
