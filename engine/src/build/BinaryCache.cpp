#include "clw/engine/build/BinaryCache.h"

#include "clw/engine/build/CacheFolder.h"
#include "clw/engine/build/Checksum64.h"
#include "clw/engine/build/DriverCacheUse.h"

#include "EntryFile.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>

namespace clw::engine {

namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'C', 'L', 'W', 'B', 'C', 'A', 'C', 'H'};
constexpr const char* kKernelsField = "kernels"; // after the key's fields: names, one space apart
constexpr const char* kRejectedCounter = "rejected-binaries.count";
constexpr const char* kIncompleteCounter = "incomplete-binaries.count";
// The folder's size as the processes using it recorded it: "<bytes> <stores since the last
// scan>". Kept so that a store costs the same at 100 entries and at 100,000; the folder is
// scanned only when the record is missing, over the limit, or due (drift from a process that
// died between its write and its record, or from files removed by hand).
constexpr const char* kUsageFile = "usage";
constexpr std::uint64_t kStoresBetweenScans = 4096;

struct Usage {
    std::uint64_t bytes = 0;
    std::uint64_t stores = 0;
};

std::optional<Usage> readUsage(const fs::path& path) {
    std::ifstream file(path);
    Usage usage;
    if (!(file >> usage.bytes >> usage.stores))
        return std::nullopt;
    return usage;
}

// Fixed-size entry header; every integer little-endian.
struct Header {
    char magic[8];
    std::uint32_t formatVersion;
    std::uint32_t reserved;
    char keyDigest[64];
    std::uint64_t checksum; // checksum64 of everything after the header
    std::uint64_t fieldsSize;
    std::uint64_t logSize;
    std::uint64_t binarySize;
};
static_assert(sizeof(Header) == 112);

void putU32(std::string& out, std::uint32_t value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

std::string encodeFields(const std::vector<std::pair<std::string, std::string>>& fields) {
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

bool decodeFields(std::string_view bytes, std::vector<std::pair<std::string, std::string>>& out) {
    auto take = [&](std::string& text) {
        std::uint32_t size = 0;
        if (bytes.size() < sizeof size)
            return false;
        std::memcpy(&size, bytes.data(), sizeof size);
        bytes.remove_prefix(sizeof size);
        if (bytes.size() < size)
            return false;
        text.assign(bytes.data(), size);
        bytes.remove_prefix(size);
        return true;
    };
    std::uint32_t count = 0;
    if (bytes.size() < sizeof count)
        return false;
    std::memcpy(&count, bytes.data(), sizeof count);
    bytes.remove_prefix(sizeof count);
    for (std::uint32_t i = 0; i < count; ++i) {
        std::string name, value;
        if (!take(name) || !take(value))
            return false;
        out.emplace_back(std::move(name), std::move(value));
    }
    return true;
}

// The value of the field `wanted` in encoded fields, or nullopt; nothing is copied on the way.
std::optional<std::string_view> fieldValue(std::string_view bytes, std::string_view wanted) {
    auto take = [&](std::string_view& text) {
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
    };
    std::uint32_t count = 0;
    if (bytes.size() < sizeof count)
        return std::nullopt;
    std::memcpy(&count, bytes.data(), sizeof count);
    bytes.remove_prefix(sizeof count);
    for (std::uint32_t i = 0; i < count; ++i) {
        std::string_view name, value;
        if (!take(name) || !take(value))
            return std::nullopt;
        if (name == wanted)
            return value;
    }
    return std::nullopt;
}

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names)
        text += (text.empty() ? "" : " ") + name;
    return text;
}

std::vector<std::string> split(std::string_view text) {
    std::vector<std::string> names;
    for (size_t start = 0; start < text.size();) {
        const size_t end = std::min(text.find(' ', start), text.size());
        if (end > start)
            names.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return names;
}

// Checks an entry's bytes; returns why it is unusable, or empty when it is sound.
std::string validate(std::string_view bytes, const std::string& digest, Header& header) {
    if (bytes.size() < sizeof(Header))
        return bytes.empty() ? "an empty (zero-byte) entry" : "a truncated entry (no full header)";
    std::memcpy(&header, bytes.data(), sizeof header);
    if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0)
        return "a file that is not a cache entry";
    if (header.formatVersion != BinaryCache::kEntryFormatVersion)
        return "an entry of format version " + std::to_string(header.formatVersion) +
               " (this build reads version " + std::to_string(BinaryCache::kEntryFormatVersion) +
               ")";
    if (!digest.empty() && std::string_view(header.keyDigest, 64) != digest)
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
    return {};
}

// Seconds since the Unix epoch (the file clock's own epoch differs by platform).
std::int64_t secondsOf(fs::file_time_type time) {
    const auto system = std::chrono::system_clock::now() +
                        std::chrono::duration_cast<std::chrono::system_clock::duration>(
                            time - fs::file_time_type::clock::now());
    return std::chrono::duration_cast<std::chrono::seconds>(system.time_since_epoch()).count();
}

} // namespace

BinaryCache::BinaryCache(fs::path folder, std::uint64_t limitBytes)
    : m_folder(std::move(folder))
    , m_limitBytes(limitBytes) {}

fs::path BinaryCache::defaultFolder() {
    return defaultCacheFolder();
}

fs::path BinaryCache::entryPath(const std::string& digest) const {
    return m_folder / digest.substr(0, 2) / (digest + ".clwb");
}

// entryPath's name as the system's string, put together without std::filesystem (EntryFile.h).
detail::EntryFile::Name BinaryCache::entryName(const std::string& digest) const {
    detail::EntryFile::Name name = m_folder.native();
    if (!name.empty() && name.back() != fs::path::preferred_separator)
        name += fs::path::preferred_separator;
    name.append(digest.begin(), digest.begin() + std::min<size_t>(2, digest.size()));
    name += fs::path::preferred_separator;
    name.append(digest.begin(), digest.end());
    for (const char c : std::string_view(".clwb"))
        name += c;
    return name;
}

void BinaryCache::reportProblem(const std::string& problem) {
    std::lock_guard lock(m_problemsMutex);
    if (m_reported.insert(problem).second)
        m_problems.push_back(problem);
}

std::vector<std::string> BinaryCache::takeProblems() {
    std::lock_guard lock(m_problemsMutex);
    return std::exchange(m_problems, {});
}

void BinaryCache::discard(const fs::path& path, const std::string& why) {
    ++m_discarded;
    removeEntry(path);
    reportProblem("binary cache: discarded " + why + " at " + path.string() +
                  "; rebuilding from source");
}

std::optional<BinaryCache::Entry> BinaryCache::load(const CacheKey& key, bool recordUse) {
    std::shared_ptr<const detail::EntryFile> file = detail::EntryFile::map(entryName(key.digest));
    if (!file) {
        ++m_misses;
        return std::nullopt;
    }
    const std::string_view bytes(reinterpret_cast<const char*>(file->bytes().data()),
                                 file->bytes().size());
    Header header{};
    if (const std::string why = validate(bytes, key.digest, header); !why.empty()) {
        file.reset(); // Windows removes no file that is mapped
        discard(entryPath(key.digest), why);
        ++m_misses;
        return std::nullopt;
    }
    Entry entry;
    if (const auto kernels =
            fieldValue(bytes.substr(sizeof(Header), header.fieldsSize), kKernelsField))
        entry.kernelNames = split(*kernels);
    const size_t log = sizeof(Header) + header.fieldsSize;
    entry.log.assign(bytes.substr(log, header.logSize));
    entry.binary = file->bytes().subspan(log + header.logSize, header.binarySize);
    entry.file = file;
    ++m_hits;
    if (recordUse)
        this->recordUse(key.digest);
    return entry;
}

void BinaryCache::recordUse(const std::string& digest) {
    detail::EntryFile::recordUse(entryName(digest));
}

bool BinaryCache::contains(const CacheKey& key) const {
    return detail::EntryFile::exists(entryName(key.digest));
}

bool BinaryCache::store(const CacheKey& key, const Binary& binary, const std::string& log,
                        const std::vector<std::string>& kernelNames) {
    std::error_code sizeError;
    const std::uintmax_t existing = fs::file_size(entryPath(key.digest), sizeError);
    const std::uintmax_t replaced = sizeError ? 0 : existing;
    auto entryFields = key.fields;
    entryFields.emplace_back(kKernelsField, joined(kernelNames));
    const std::string fields = encodeFields(entryFields);
    Header header{};
    std::memcpy(header.magic, kMagic, sizeof kMagic);
    header.formatVersion = kEntryFormatVersion;
    std::memcpy(header.keyDigest, key.digest.data(), std::min<size_t>(64, key.digest.size()));
    header.fieldsSize = fields.size();
    header.logSize = log.size();
    header.binarySize = binary.size();
    std::string bytes(sizeof(Header), '\0');
    bytes += fields;
    bytes += log;
    bytes.append(reinterpret_cast<const char*>(binary.data()), binary.size());
    header.checksum = checksum64(bytes.data() + sizeof(Header), bytes.size() - sizeof(Header));
    std::memcpy(bytes.data(), &header, sizeof header);
    if (const std::string why = writeFileAtomically(entryPath(key.digest), bytes); !why.empty()) {
        // Said once per cache: every later write fails for the same reason.
        if (m_writeFailures++ == 0)
            reportProblem("binary cache: " + why + "; builds go on without caching");
        return false;
    }
    account(std::int64_t(bytes.size()) - std::int64_t(replaced), true);
    return true;
}

void BinaryCache::remove(const CacheKey& key) {
    removeEntry(entryPath(key.digest));
}

void BinaryCache::removeEntry(const fs::path& path) {
    std::error_code error;
    const std::uintmax_t bytes = fs::file_size(path, error);
    if (!fs::remove(path, error))
        return;
    fs::remove(path.string() + ".hits", error);
    account(-std::int64_t(bytes), false);
}

CacheFileLock BinaryCache::usageLock() const {
    return CacheFileLock(m_folder / "locks" / "usage.lock");
}

void BinaryCache::account(std::int64_t delta, bool store) {
    const CacheFileLock lock = usageLock();
    std::optional<Usage> usage = readUsage(m_folder / kUsageFile);
    if (!usage || (store && usage->stores + 1 >= kStoresBetweenScans)) {
        scanAndEvict();
        return;
    }
    usage->bytes = delta < 0 && std::uint64_t(-delta) > usage->bytes ? 0 : usage->bytes + delta;
    usage->stores += store;
    if (usage->bytes > m_limitBytes) {
        scanAndEvict();
        return;
    }
    writeFileAtomically(m_folder / kUsageFile,
                        std::to_string(usage->bytes) + " " + std::to_string(usage->stores) + "\n");
}

CacheFileLock BinaryCache::lockFor(const std::string& digest) const {
    return CacheFileLock(m_folder / "locks" / (digest.substr(0, 2) + ".lock"));
}

void BinaryCache::reject(const CacheKey& key, const std::string& device, const std::string& why) {
    remove(key);
    count(kRejectedCounter);
    reportProblem("binary cache: the driver rejected a cached binary for " + device + " (" + why +
                  "); the entry was removed and the program rebuilt from source");
}

void BinaryCache::refuse(const std::string& device, const std::string& why) {
    count(kIncompleteCounter);
    reportProblem("binary cache: the driver gave out an incomplete binary for " + device + " (" +
                  why + "); it was not cached, the next build tries again");
}

void BinaryCache::count(const char* counter) const {
    std::error_code error;
    fs::create_directories(m_folder, error);
    std::ofstream(m_folder / counter, std::ios::app | std::ios::binary).put('+');
}

std::uint64_t BinaryCache::counted(const char* counter) const {
    std::error_code error;
    const std::uintmax_t bytes = fs::file_size(m_folder / counter, error);
    return error ? 0 : bytes;
}

std::vector<CacheEntryInfo> BinaryCache::list() const {
    std::vector<CacheEntryInfo> entries;
    std::error_code error;
    if (!fs::is_directory(m_folder, error))
        return entries;
    for (auto it = fs::recursive_directory_iterator(m_folder, error);
         !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        if (!it->is_regular_file(error) || it->path().extension() != ".clwb")
            continue;
        CacheEntryInfo info;
        info.path = it->path();
        info.digest = it->path().stem().string();
        info.bytes = it->file_size(error);
        info.lastUseSeconds = secondsOf(it->last_write_time(error));
        info.hits = fs::exists(info.path.string() + ".hits", error)
                        ? fs::file_size(info.path.string() + ".hits", error)
                        : 0;
        std::ifstream file(info.path, std::ios::binary);
        Header header{};
        if (file.read(reinterpret_cast<char*>(&header), sizeof header) &&
            std::memcmp(header.magic, kMagic, sizeof kMagic) == 0 &&
            header.fieldsSize < (1u << 24)) {
            std::string fields(header.fieldsSize, '\0');
            if (file.read(fields.data(), std::streamsize(fields.size())))
                decodeFields(fields, info.keyFields);
            if (!info.keyFields.empty() && info.keyFields.back().first == kKernelsField) {
                info.kernelNames = split(info.keyFields.back().second);
                info.keyFields.pop_back();
            }
            info.warmBuilds = warmBuildAnswer(info.keyFields);
        }
        entries.push_back(std::move(info));
    }
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.lastUseSeconds > b.lastUseSeconds; });
    return entries;
}

CacheStats BinaryCache::stats() const {
    CacheStats stats;
    for (const CacheEntryInfo& entry : list()) {
        ++stats.entries;
        stats.bytes += entry.bytes;
    }
    stats.limitBytes = m_limitBytes;
    stats.hits = m_hits;
    stats.misses = m_misses;
    stats.discarded = m_discarded;
    stats.writeFailures = m_writeFailures;
    stats.scans = m_scans;
    stats.rejectedBinaries = counted(kRejectedCounter);
    stats.incompleteBinaries = counted(kIncompleteCounter);
    return stats;
}

std::uint64_t BinaryCache::clear() {
    std::uint64_t removed = 0;
    for (const CacheEntryInfo& entry : list()) {
        std::error_code error;
        if (fs::remove(entry.path, error))
            ++removed;
        fs::remove(entry.path.string() + ".hits", error);
    }
    std::error_code error;
    fs::remove(m_folder / kRejectedCounter, error);
    fs::remove(m_folder / kIncompleteCounter, error);
    fs::remove(m_folder / kUsageFile, error); // the next store scans
    return removed;
}

void BinaryCache::evictToLimit() {
    const CacheFileLock lock = usageLock();
    scanAndEvict();
}

void BinaryCache::scanAndEvict() {
    ++m_scans;
    std::vector<CacheEntryInfo> entries = list(); // most recently used first
    std::uint64_t total = 0;
    for (const CacheEntryInfo& entry : entries)
        total += entry.bytes;
    // Down to 90 % once over the limit, so that a full cache is not walked again at every store.
    const std::uint64_t target = total > m_limitBytes ? m_limitBytes / 10 * 9 : total;
    while (total > target && !entries.empty()) {
        const CacheEntryInfo& oldest = entries.back();
        std::error_code error;
        fs::remove(oldest.path, error);
        fs::remove(oldest.path.string() + ".hits", error);
        total -= oldest.bytes;
        entries.pop_back();
    }
    writeFileAtomically(m_folder / kUsageFile, std::to_string(total) + " 0\n");
}

} // namespace clw::engine
