#pragma once
// The on-disk program binary cache (DESIGN.md §2). Entries are content-addressed files
// <folder>/<2 hex>/<digest>.clwb with a header (magic, format version, key digest, binary
// checksum, sizes), the key's fields, the build log and the binary. Writes go to a temporary file
// that is renamed; readers take no lock. A corrupt, truncated, foreign or old-format entry is
// removed and reported once, never trusted. Least recently used entries go when the folder grows
// past its limit.
#include "clw/engine/CacheEntryInfo.h"
#include "clw/engine/CacheKey.h"
#include "clw/engine/Program.h"

#include <atomic>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clw::engine {

class BinaryCache {
public:
    static constexpr std::uint32_t kEntryFormatVersion = 1;
    static constexpr std::uint64_t kDefaultLimitBytes = 1ull << 30;

    struct Entry {
        Binary binary;
        std::string log; // the build log of the build that made it, shown again on a hit
    };

    explicit BinaryCache(std::filesystem::path folder = defaultFolder(),
                         std::uint64_t limitBytes = kDefaultLimitBytes);
    static std::filesystem::path defaultFolder();

    const std::filesystem::path& folder() const noexcept { return m_folder; }

    // The entry for the key, or nullopt on a miss. A damaged entry is removed (see problems()).
    std::optional<Entry> load(const CacheKey& key);
    // Stores an entry; a failure (read-only folder, full disk) is recorded in problems() and
    // never thrown: the build goes on without caching.
    bool store(const CacheKey& key, const Binary& binary, const std::string& log);
    // Removes the key's entry (a cached binary the driver rejected).
    void remove(const CacheKey& key);

    std::vector<CacheEntryInfo> list() const;
    CacheStats stats() const;
    // Removes every entry; returns how many.
    std::uint64_t clear();
    // Removes least recently used entries until the folder is within its limit.
    void evictToLimit();

    // What went wrong since the last call, each said once: "discarded a truncated entry ...",
    // "cannot write to ...". The build service puts these in its results.
    std::vector<std::string> takeProblems();

    std::filesystem::path entryPath(const std::string& digest) const;
    // Records a problem for takeProblems(), once per distinct text.
    void reportProblem(const std::string& problem);

private:
    void discard(const std::filesystem::path& path, const std::string& why);

    std::filesystem::path m_folder;
    std::uint64_t m_limitBytes;
    std::atomic<std::uint64_t> m_hits{0};
    std::atomic<std::uint64_t> m_misses{0};
    std::atomic<std::uint64_t> m_discarded{0};
    std::atomic<std::uint64_t> m_writeFailures{0};
    mutable std::mutex m_problemsMutex;
    std::vector<std::string> m_problems;
    std::set<std::string> m_reported;
};

} // namespace clw::engine
