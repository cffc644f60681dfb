#pragma once
// Builds on a thread pool with a binary cache that is never stale (DESIGN.md §2 Builds, Binary
// cache). Results are values; a build for several devices builds only those the cache cannot
// answer; a successful source build is handed back before its binaries are extracted and cached.
#include "clw/engine/BinaryCache.h"
#include "clw/engine/BuildOutcome.h"
#include "clw/engine/BuildRequest.h"
#include "clw/engine/TaggedWorkQueue.h"

#include <filesystem>
#include <functional>
#include <future>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

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
    };

    BuildService();
    explicit BuildService(Settings settings);
    // Waits for queued builds and pending cache writes.
    ~BuildService();

    // Runs the build on a worker; the future is ready as soon as the programs are built.
    std::future<BuildOutcome> submit(BuildRequest request);
    // As above, calling `done` on the worker thread with the outcome.
    void submit(BuildRequest request, std::function<void(BuildOutcome)> done);
    // Builds on the calling thread (command line, tests).
    BuildOutcome build(const BuildRequest& request);
    // Blocks until queued builds and their cache writes are done.
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

    Prepared prepare(const BuildRequest& request, BuildOutcome& outcome);
    void answerFromCache(const BuildRequest& request, Prepared& prepared, BuildOutcome& outcome);
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

    Settings m_settings;
    std::optional<BinaryCache> m_cache;
    std::mutex m_memoryMutex;
    std::list<std::pair<std::string, MemoryEntry>> m_memory; // most recent first
    TaggedWorkQueue m_queue;
};

} // namespace clw::engine
