#include "CacheEntryFormat.h"

#include "clw/engine/build/BinaryCache.h"
#include "clw/engine/build/Checksum64.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace clw::engine::detail {

namespace {

constexpr char kMagic[8] = {'C', 'L', 'W', 'B', 'C', 'A', 'C', 'H'};

struct Header {
    char magic[8];
    std::uint32_t formatVersion;
    std::uint32_t reserved;
    char keyDigest[CacheEntryFormat::kDigestBytes];
    std::uint64_t checksum; // checksum64 of everything after the header
    std::uint64_t fieldsSize;
    std::uint64_t logSize;
    std::uint64_t binarySize;
};
static_assert(sizeof(Header) == CacheEntryFormat::kHeaderBytes);

void putU32(std::string& out, std::uint32_t value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Takes a length-prefixed string off the front of `bytes`; false when they end inside it.
bool takeString(std::string_view& bytes, std::string_view& text) {
    std::uint32_t size = 0;
    if (bytes.size() < sizeof size)
        return false;
    std::memcpy(&size, bytes.data(), sizeof size);
    bytes.remove_prefix(sizeof size);
    if (bytes.size() < size)
        return false;
    text = bytes.substr(0, size);
    bytes.remove_prefix(size);
    return true;
}

bool takeCount(std::string_view& bytes, std::uint32_t& count) {
    if (bytes.size() < sizeof count)
        return false;
    std::memcpy(&count, bytes.data(), sizeof count);
    bytes.remove_prefix(sizeof count);
    return true;
}

} // namespace

std::string CacheEntryFormat::encode(const std::string& digest, const Fields& fields,
                                     std::string_view log, std::span<const unsigned char> binary) {
    const std::string encodedFields = encodeFields(fields);
    Header header{};
    std::memcpy(header.magic, kMagic, sizeof kMagic);
    header.formatVersion = BinaryCache::kEntryFormatVersion;
    std::memcpy(header.keyDigest, digest.data(), std::min(kDigestBytes, digest.size()));
    header.fieldsSize = encodedFields.size();
    header.logSize = log.size();
    header.binarySize = binary.size();
    std::string bytes(sizeof(Header), '\0');
    bytes += encodedFields;
    bytes += log;
    bytes.append(reinterpret_cast<const char*>(binary.data()), binary.size());
    header.checksum = checksum64(bytes.data() + sizeof(Header), bytes.size() - sizeof(Header));
    std::memcpy(bytes.data(), &header, sizeof header);
    return bytes;
}

std::string CacheEntryFormat::check(std::span<const unsigned char> bytes, const std::string& digest,
                                    Parts& parts) {
    if (bytes.size() < sizeof(Header))
        return bytes.empty() ? "an empty (zero-byte) entry" : "a truncated entry (no full header)";
    Header header;
    std::memcpy(&header, bytes.data(), sizeof header);
    if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0)
        return "a file that is not a cache entry";
    if (header.formatVersion != BinaryCache::kEntryFormatVersion)
        return "an entry of format version " + std::to_string(header.formatVersion) +
               " (this build reads version " + std::to_string(BinaryCache::kEntryFormatVersion) +
               ")";
    if (!digest.empty() && std::string_view(header.keyDigest, kDigestBytes) != digest)
        return "a foreign entry (its key is not the one its name says)";
    const std::uint64_t payload = header.fieldsSize + header.logSize + header.binarySize;
    const std::uint64_t available = bytes.size() - sizeof(Header);
    // Each size on its own too: sizes that wrap around in the sum must not pass.
    if (payload != available || header.fieldsSize > available || header.logSize > available ||
        header.binarySize > available)
        return "a truncated entry (" + std::to_string(bytes.size()) + " bytes, the header says " +
               std::to_string(payload + sizeof(Header)) + ")";
    if (checksum64(bytes.data() + sizeof(Header), payload) != header.checksum)
        return "a damaged entry (checksum mismatch)";
    const char* text = reinterpret_cast<const char*>(bytes.data()) + sizeof(Header);
    parts.fields = std::string_view(text, header.fieldsSize);
    parts.log = std::string_view(text + header.fieldsSize, header.logSize);
    parts.binary =
        bytes.subspan(sizeof(Header) + header.fieldsSize + header.logSize, header.binarySize);
    return {};
}

std::optional<std::uint64_t> CacheEntryFormat::fieldsSize(std::span<const unsigned char> header) {
    if (header.size() < sizeof(Header) || std::memcmp(header.data(), kMagic, sizeof kMagic) != 0)
        return std::nullopt;
    std::uint64_t size = 0;
    std::memcpy(&size, header.data() + offsetof(Header, fieldsSize), sizeof size);
    return size;
}

std::string CacheEntryFormat::encodeFields(const Fields& fields) {
    std::string out;
    putU32(out, std::uint32_t(fields.size()));
    for (const auto& [name, value] : fields) {
        putU32(out, std::uint32_t(name.size()));
        out += name;
        putU32(out, std::uint32_t(value.size()));
        out += value;
    }
    return out;
}

bool CacheEntryFormat::decodeFields(std::string_view bytes, Fields& out) {
    std::uint32_t count = 0;
    if (!takeCount(bytes, count))
        return false;
    for (std::uint32_t i = 0; i < count; ++i) {
        std::string_view name, value;
        if (!takeString(bytes, name) || !takeString(bytes, value))
            return false;
        out.emplace_back(name, value);
    }
    return true;
}

std::optional<std::string_view> CacheEntryFormat::fieldValue(std::string_view bytes,
                                                             std::string_view wanted) {
    std::uint32_t count = 0;
    if (!takeCount(bytes, count))
        return std::nullopt;
    for (std::uint32_t i = 0; i < count; ++i) {
        std::string_view name, value;
        if (!takeString(bytes, name) || !takeString(bytes, value))
            return std::nullopt;
        if (name == wanted)
            return value;
    }
    return std::nullopt;
}

} // namespace clw::engine::detail
