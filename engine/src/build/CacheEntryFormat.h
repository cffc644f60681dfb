#pragma once
// The bytes of one binary cache entry (BinaryCache.h), apart from the files that hold them, so
// that what reads a damaged entry can be fuzzed on its own (tests/fuzz). An entry is a fixed
// header (magic, format version, key digest, checksum of the rest, sizes; integers little-endian),
// then the key's fields, the build log and the binary. Private to the build room.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clw::engine::detail {

class CacheEntryFormat {
public:
    using Fields = std::vector<std::pair<std::string, std::string>>;
    static constexpr size_t kHeaderBytes = 112;
    static constexpr size_t kDigestBytes = 64;

    // The parts of a sound entry, inside its bytes.
    struct Parts {
        std::string_view fields; // encoded: see decodeFields
        std::string_view log;
        std::span<const unsigned char> binary;
    };

    // An entry of the current format version for the key `digest` (64 hex digits).
    static std::string encode(const std::string& digest, const Fields& fields, std::string_view log,
                              std::span<const unsigned char> binary);
    // Why `bytes` is no usable entry for `digest` (empty: any digest), in words for a problem
    // report ("a truncated entry (...)"); or an empty string, with `parts` set.
    static std::string check(std::span<const unsigned char> bytes, const std::string& digest,
                             Parts& parts);
    // The size of the fields that follow `header` (an entry's first kHeaderBytes or more), or
    // nullopt when it is not an entry's header: a listing reads no further.
    static std::optional<std::uint64_t> fieldsSize(std::span<const unsigned char> header);

    // Fields as a count and length-prefixed names and values.
    static std::string encodeFields(const Fields& fields);
    // False when the bytes end inside a field; `out` then holds the fields before it.
    static bool decodeFields(std::string_view bytes, Fields& out);
    // The value of the field `wanted`, or nullopt; nothing is copied on the way.
    static std::optional<std::string_view> fieldValue(std::string_view bytes,
                                                      std::string_view wanted);
};

} // namespace clw::engine::detail
