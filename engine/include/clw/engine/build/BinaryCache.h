#pragma once
// The on-disk program binary cache (DESIGN.md §2). Entries are content-addressed files
// <folder>/<2 hex>/<digest>.clwb with a header (magic, format version, key digest, binary
// checksum, sizes), the key's fields, the build log and the binary. Writes go to a temporary file
// that is renamed; readers take no lock. A corrupt, truncated, foreign or old-format entry is
// removed and reported once, never trusted. Stores keep the folder's size up to date in a small
// record, so that storing costs the same in a folder of 100 entries and of 100,000. An entry also
// names the program's kernels, so that a binary that loads without all of them is caught. Binaries
// that the driver gave out incomplete, or could not take back, are counted in the folder for every
// process (stats()). Least recently used entries go when the folder grows past its limit.
#include "clw/engine/build/CacheEntryInfo.h"
#include "clw/engine/build/CacheFileLock.h"
#include "clw/engine/build/CacheKey.h"
#include "clw/engine/runtime/Program.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace clw::engine {

class BinaryCache {
public:
    // 2: entries name their program's kernels (version 1 entries may hold binaries that PoCL 3
    // cannot load back, see BinaryCheck.h).
    static constexpr std::uint32_t kEntryFormatVersion = 2;
    static constexpr std::uint64_t kDefaultLimitBytes = 1ull << 30;

    struct Entry {
        // The binary, in the entry's file as it was read (`file`): valid while a copy of the
        // entry lives. Not copied out, since a warm build's time is mostly the driver's.
        std::span<const unsigned char> binary;
        std::string log; // the build log of the build that made it, shown again on a hit
        std::vector<std::string> kernelNames; // the kernels of the program it was built from
        std::shared_ptr<const void> file;     // the entry's bytes, held for `binary`
    };

    explicit BinaryCache(std::filesystem::path folder = defaultFolder(),
                         std::uint64_t limitBytes = kDefaultLimitBytes);
    static std::filesystem::path defaultFolder();

    const std::filesystem::path& folder() const noexcept { return m_folder; }

    // The entry for the key, or nullopt on a miss. A damaged entry is removed (see problems()).
    // A hit is recorded (its last use and hit count, for eviction and `cache list`) unless
    // recordUse is false: then the caller records it with recordUse() once it has answered.
    std::optional<Entry> load(const CacheKey& key, bool recordUse = true);
    // Records a use of the digest's entry: its last use (eviction goes by it) and its hit count.
    // Best effort: a read-only folder still answers.
    void recordUse(const std::string& digest);
    // Whether the key has an entry, without reading it (one look at the folder).
    bool contains(const CacheKey& key) const;
    // Stores an entry; a failure (read-only folder, full disk) is recorded in problems() and
    // never thrown: the build goes on without caching.
    bool store(const CacheKey& key, const Binary& binary, const std::string& log,
               const std::vector<std::string>& kernelNames = {});
    // Removes the key's entry.
    void remove(const CacheKey& key);
    // A cached binary that `device` could not take back (`why`): removes the entry, counts it and
    // reports it; the caller builds from source.
    void reject(const CacheKey& key, const std::string& device, const std::string& why);
    // A binary that `device` gave out incomplete (`why`): counts it and reports it; it is not
    // stored, and the next build of the same key tries again.
    void refuse(const std::string& device, const std::string& why);

    // The lock held while a binary that is not cached yet is built and stored (CacheFileLock.h):
    // one lock file per 256th of the keys, in the folder's "locks".
    CacheFileLock lockFor(const std::string& digest) const;

    std::vector<CacheEntryInfo> list() const;
    CacheStats stats() const;
    // Removes every entry; returns how many.
    std::uint64_t clear();
    // Removes least recently used entries until the folder is within its limit (down to 90 % of
    // it when it was over).
    void evictToLimit();

    // What went wrong since the last call, each said once: "discarded a truncated entry ...",
    // "cannot write to ...". The build service puts these in its results.
    std::vector<std::string> takeProblems();

    std::filesystem::path entryPath(const std::string& digest) const;
    // Records a problem for takeProblems(), once per distinct text.
    void reportProblem(const std::string& problem);

private:
    std::filesystem::path::string_type entryName(const std::string& digest) const;
    void discard(const std::filesystem::path& path, const std::string& why);
    void removeEntry(const std::filesystem::path& path);
    // The folder's recorded size (see kUsageFile in BinaryCache.cpp), under its lock: adds
    // `delta` bytes, and scans and evicts when the record is missing, due or over the limit.
    CacheFileLock usageLock() const;
    void account(std::int64_t delta, bool store);
    void scanAndEvict(); // with the usage lock held
    // Counters kept in the folder, one byte a count, so that every process adds to them.
    void count(const char* counter) const;
    std::uint64_t counted(const char* counter) const;

    std::filesystem::path m_folder;
    std::uint64_t m_limitBytes;
    std::atomic<std::uint64_t> m_hits{0};
    std::atomic<std::uint64_t> m_misses{0};
    std::atomic<std::uint64_t> m_discarded{0};
    std::atomic<std::uint64_t> m_writeFailures{0};
    std::atomic<std::uint64_t> m_scans{0};
    mutable std::mutex m_problemsMutex;
    std::vector<std::string> m_problems;
    std::set<std::string> m_reported;
};

} // namespace clw::engine
