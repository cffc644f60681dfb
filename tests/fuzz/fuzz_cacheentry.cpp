// The binary cache's entry reader and its folder's usage record (engine/src/build). The first
// byte picks what the rest is: odd, an entry whose checksum is made right before it is read (a
// fuzzer does not find a 64-bit checksum by itself, and what lies behind it is what a damaged
// but checksummed entry would reach); even, an entry as it is, and the usage record. A sound
// entry whose fields decode writes back to the same bytes.
#include "FuzzCheck.h"

#include "CacheEntryFormat.h"
#include "CacheUsage.h"

#include "clw/engine/build/Checksum64.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using clw::engine::detail::CacheEntryFormat;
using clw::engine::detail::CacheUsage;

namespace {

constexpr size_t kChecksumOffset = 80; // magic 8, version 4, reserved 4, digest 64

void checkEntry(const std::vector<unsigned char>& bytes) {
    CacheEntryFormat::Parts parts;
    const std::string why = CacheEntryFormat::check(bytes, {}, parts);
    if (!why.empty())
        return;
    const std::string digest(reinterpret_cast<const char*>(bytes.data()) + 16,
                             CacheEntryFormat::kDigestBytes);
    CacheEntryFormat::Parts again;
    clw::fuzz::require(CacheEntryFormat::check(bytes, digest, again).empty(),
                       "a sound entry is foreign to its own digest");
    CacheEntryFormat::Fields fields;
    if (!CacheEntryFormat::decodeFields(parts.fields, fields) ||
        CacheEntryFormat::encodeFields(fields) != parts.fields)
        return; // fields with bytes after them: an entry this build never writes
    if (!fields.empty())
        clw::fuzz::require(CacheEntryFormat::fieldValue(parts.fields, fields.front().first) ==
                               std::string_view(fields.front().second),
                           "fieldValue misses the first field");
    const std::string written = CacheEntryFormat::encode(digest, fields, parts.log, parts.binary);
    clw::fuzz::require(
        written.size() == bytes.size() &&
            std::memcmp(written.data() + 16, bytes.data() + 16, written.size() - 16) == 0,
        "a sound entry does not write back to its bytes");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    std::vector<unsigned char> bytes(data + 1, data + size);
    if (data[0] & 1) {
        if (bytes.size() >= CacheEntryFormat::kHeaderBytes) {
            const std::uint64_t checksum =
                clw::engine::checksum64(bytes.data() + CacheEntryFormat::kHeaderBytes,
                                        bytes.size() - CacheEntryFormat::kHeaderBytes);
            std::memcpy(bytes.data() + kChecksumOffset, &checksum, sizeof checksum);
        }
        checkEntry(bytes);
        return 0;
    }
    checkEntry(bytes);
    CacheEntryFormat::fieldsSize(bytes);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (const auto usage = CacheUsage::parse(text))
        clw::fuzz::require(CacheUsage::parse(usage->text()) == usage,
                           "a usage record does not read back: " + std::string(text));
    return 0;
}
