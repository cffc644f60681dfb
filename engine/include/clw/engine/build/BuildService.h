#pragma once
// Builds on a thread pool with a binary cache that is never stale (DESIGN.md §2 Builds, Binary
// cache). Results are values; a build for several devices builds only those the cache cannot
// answer; a successful source build is handed back before its binaries are extracted and cached.
#include "clw/engine/build/BinaryCache.h"
#include "clw/engine/build/BuildOutcome.h"
#include "clw/engine/build/BuildRequest.h"
#include "clw/engine/build/DriverCacheUse.h"
#include "clw/engine/build/TaggedWorkQueue.h"

#include <filesystem>
#include <functional>
#include <future>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clw::engine {

class BuildService {
public:
    struct Settings {
        // The disk cache folder; the platform's cache folder when empty.
        std::filesystem::path cacheFolder;
        std::uint64_t cacheLimitBytes = BinaryCache::kDefaultLimitBytes;
        // Off when CLW_NO_CACHE=1 (the seeds' PYOPENCL_NO_CACHE).
        bool useCache = true;
        unsigned threads = 0;       // 0: one per core, at least 2
        size_t memoryEntries = 256; // programs the in-memory layer keeps
        // Which warm builds go to the driver's own cache instead of the binary cache's binary
        // (DriverCacheUse.h); Auto: the drivers known to answer faster, or CLW_DRIVER_CACHE.
        DriverCacheUse driverCache = DriverCacheUse::Auto;
    };

    BuildService();
    explicit BuildService(Settings settings);
    // Waits for queued builds and pending cache writes.
    ~BuildService();

    // Runs the build on a worker; the future is ready as soon as the programs are built.
    std::future<BuildOutcome> submit(BuildRequest request);
    // As above, calling `done` on the worker thread with the outcome.
    void submit(BuildRequest request, std::function<void(BuildOutcome)> done);
    // Builds on the calling thread (command line, tests, a warm build that should not wait for
    // a worker to wake); the tag replaces nothing. A new binary is stored on a worker
    // afterwards, and a hit's use recorded later (waitIdle() waits for both).
    BuildOutcome build(const BuildRequest& request);
    // Blocks until queued builds and their cache writes are done, and hits are recorded.
    void waitIdle();

    // The disk cache, or nullptr when caching is off.
    BinaryCache* cache() { return m_cache ? &*m_cache : nullptr; }
    // Empties the in-memory layer (tests use it to reach the disk cache).
    void forgetMemory();
    // The request's options with CLW_BUILD_OPTIONS appended.
    static std::string effectiveOptions(const std::string& requested);

    // What a request resolves to before any build (sources, keys, options); internal.
    struct Prepared;

private:
    struct MemoryEntry {
        Program program;
        std::string log;
    };
    // What a warm build leaves to do once its outcome is handed over: recording the use of the
    // entry that answered (for eviction and `cache list`) and unmapping its file (nullptr when
    // the driver's cache answered). Neither is part of the build: after submit(), the worker does
    // it after the callback; after build(), the next waitIdle(), worker job or the service's end
    // does, since waking a worker would cost the caller more than the work where cores are few.
    struct AfterHit {
        std::string digest;
        std::shared_ptr<const void> file;
    };
    static constexpr size_t kMaxPendingHits = 16; // then build() settles them itself

    // The whole build up to the outcome; `lock` is set when binaries are to be stored
    // (storeBinaries, after the caller has the outcome).
    BuildOutcome run(const BuildRequest& request, Prepared& prepared,
                     std::optional<CacheFileLock>& lock);
    Prepared prepare(const BuildRequest& request, BuildOutcome& outcome);
    bool leftToDriver(const CacheKey& key) const;
    void answerFromCache(const BuildRequest& request, Prepared& prepared, BuildOutcome& outcome);
    // The device's program from the binary cache's entry, or false (a miss, or an entry that
    // was discarded or rejected, said in the cache's problems).
    bool loadFromDisk(const BuildRequest& request, Prepared& prepared, size_t index,
                      DeviceBuildOutcome& result, BuildOutcome& outcome);
    // Builds what the cache did not answer; returns the key's lock when the binaries are to be
    // stored (storeBinaries, after the caller has the outcome).
    std::optional<CacheFileLock> buildMissing(const BuildRequest& request, Prepared& prepared,
                                              BuildOutcome& outcome);
    Program copyForTheCache(const Prepared& prepared, const Device& device);
    void buildFromSource(const BuildRequest& request, Prepared& prepared, BuildOutcome& outcome);
    void storeBinaries(const Prepared& prepared, const BuildOutcome& outcome);
    std::optional<MemoryEntry> fromMemory(const std::string& digest);
    void remember(const std::string& digest, const Program& program, const std::string& log);
    std::filesystem::path headerFolder(const SourceSet& sources, const std::string& digest);
    void settle(std::vector<AfterHit> hits);
    void settlePendingHits();

    Settings m_settings;
    std::optional<BinaryCache> m_cache;
    std::mutex m_memoryMutex;
    std::list<std::pair<std::string, MemoryEntry>> m_memory; // most recent first
    std::mutex m_pendingMutex;
    std::vector<AfterHit> m_pendingHits; // left by build()
    TaggedWorkQueue m_queue;
};

} // namespace clw::engine
