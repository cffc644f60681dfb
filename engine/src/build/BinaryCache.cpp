#include "clw/engine/build/BinaryCache.h"

#include "clw/engine/build/CacheFolder.h"
#include "clw/engine/build/Checksum64.h"
#include "clw/engine/build/DriverCacheUse.h"
#include "clw/engine/build/PrivateFiles.h"

#include "CacheEntryFormat.h"
#include "CacheUsage.h"
#include "EntryFile.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <fstream>

namespace clw::engine {

namespace fs = std::filesystem;
using detail::CacheEntryFormat;
using detail::CacheUsage;

namespace {

constexpr const char* kKernelsField = "kernels"; // after the key's fields: names, one space apart
constexpr const char* kRejectedCounter = "rejected-binaries.count";
constexpr const char* kIncompleteCounter = "incomplete-binaries.count";
// The folder's recorded size (CacheUsage.h).
constexpr const char* kUsageFile = "usage";
constexpr std::uint64_t kStoresBetweenScans = 4096;

std::optional<CacheUsage> readUsage(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    char text[64];
    file.read(text, sizeof text);
    return CacheUsage::parse(std::string_view(text, size_t(file.gcount())));
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
    , m_limitBytes(limitBytes) {
    // Earlier versions made the cache readable by every user: its folders and files are made the
    // user's alone when it is opened, and said once (the next opening finds nothing to change).
    // The default folder's parent holds the workbench's other cache folders (vendors, headers).
    const fs::path root = m_folder == defaultCacheFolder() ? m_folder.parent_path() : m_folder;
    if (const std::string note = makePrivate(root).note(root); !note.empty())
        reportProblem("binary cache: " + note);
}

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
    CacheEntryFormat::Parts parts;
    if (const std::string why = CacheEntryFormat::check(file->bytes(), key.digest, parts);
        !why.empty()) {
        file.reset(); // Windows removes no file that is mapped
        discard(entryPath(key.digest), why);
        ++m_misses;
        return std::nullopt;
    }
    Entry entry;
    if (const auto kernels = CacheEntryFormat::fieldValue(parts.fields, kKernelsField))
        entry.kernelNames = split(*kernels);
    entry.log.assign(parts.log);
    entry.binary = parts.binary;
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
    const std::string bytes = CacheEntryFormat::encode(key.digest, entryFields, log, binary);
    if (const std::string why =
            writeFileAtomically(entryPath(key.digest), bytes, FileAccess::OwnerOnly);
        !why.empty()) {
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
    std::optional<CacheUsage> usage = readUsage(m_folder / kUsageFile);
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
    writeFileAtomically(m_folder / kUsageFile, usage->text(), FileAccess::OwnerOnly);
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
    appendToPrivateFile(m_folder / counter, "+");
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
        std::array<unsigned char, CacheEntryFormat::kHeaderBytes> header{};
        std::optional<std::uint64_t> fieldsSize;
        if (file.read(reinterpret_cast<char*>(header.data()), std::streamsize(header.size())))
            fieldsSize = CacheEntryFormat::fieldsSize(header);
        if (fieldsSize && *fieldsSize < (1u << 24)) {
            std::string fields(*fieldsSize, '\0');
            if (file.read(fields.data(), std::streamsize(fields.size())))
                CacheEntryFormat::decodeFields(fields, info.keyFields);
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
    writeFileAtomically(m_folder / kUsageFile, CacheUsage{total, 0}.text(), FileAccess::OwnerOnly);
}

} // namespace clw::engine
