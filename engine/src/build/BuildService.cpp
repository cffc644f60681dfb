#include "clw/engine/build/BuildService.h"

#include "CommandLineNotes.h"

#include "clw/engine/build/BinaryCheck.h"
#include "clw/engine/build/BuildLogParser.h"
#include "clw/engine/build/CacheFileLock.h"
#include "clw/engine/build/CacheFolder.h"
#include "clw/engine/build/Sha256.h"
#include "clw/engine/build/SimulatorBuildOptions.h"
#include "clw/engine/build/SourceTextCheck.h"
#include "clw/engine/launch/PreprocessorOptions.h"
#include "clw/engine/runtime/CallbackFailure.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>

namespace clw::engine {

namespace fs = std::filesystem;

namespace {

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

bool cacheDisabledByEnvironment() {
    const char* value = std::getenv("CLW_NO_CACHE");
    return value && *value && std::string(value) != "0";
}

std::string quoted(const std::string& path) {
    return path.find(' ') == std::string::npos ? path : "\"" + path + "\"";
}

// A failed build whose logs report no compile error at all (no error, located or not, and no
// "N errors generated.") failed inside the driver, not in the code: PoCL's kernel cache can race
// between processes building the same source. Decided on what the log says, so a program with
// errors is never built twice.
bool failedInsideDriver(const BuildResult& built) {
    if (built.ok() || built.code != CL_BUILD_PROGRAM_FAILURE)
        return false;
    for (const DeviceBuild& device : built.devices) {
        if (device.log.find("error generated.") != std::string::npos ||
            device.log.find("errors generated.") != std::string::npos)
            return false;
        for (const Diagnostic& diagnostic : parseBuildLog(device.log))
            if (diagnostic.severity == Severity::Error)
                return false;
    }
    return true;
}

// Why a program loaded from a cached binary lacks kernels its source build had, or empty.
std::string missingKernels(const Program& program, std::vector<std::string> expected) {
    std::vector<std::string> loaded = program.kernelNames();
    std::sort(loaded.begin(), loaded.end());
    std::sort(expected.begin(), expected.end());
    if (loaded == expected)
        return {};
    return "it loaded with " + std::to_string(loaded.size()) + " of the program's " +
           std::to_string(expected.size()) + " kernels";
}

// PoCL serializes its on-disk folder of the program into the binary and crashes when that folder
// changes meanwhile: when a launch of the same program compiles a work-group function into it, or
// another process rebuilds the same source. So the binary for the cache comes from a copy of the
// program, built apart from the caller's (its options differ, so PoCL gives it its own folder).
bool readsItsFolderIntoBinaries(const Device& device) {
    return device.platform().name().find("Portable Computing Language") != std::string::npos;
}

// Oclgrind writes a program's binary out of the LLVM module that the program's kernels run on, in
// the LLVM context that every program of the OpenCL context shares; neither is safe while a launch
// runs (a launch at once after the build corrupted the heap). So there the binary is read before
// the caller has the program, while nothing else can touch it.
bool storesBeforeHandingOver(const BuildOutcome& outcome) {
    return std::any_of(outcome.devices.begin(), outcome.devices.end(),
                       [](const DeviceBuildOutcome& device) {
                           return device.ok && !device.fromCache && isSimulator(device.device);
                       });
}

// Names a driver gives the main source in its log.
bool isMainSourceName(const std::string& file) {
    return file.empty() || file == "<source>" || file == "<kernel>" || file == "<stdin>" ||
           file == "input.cl" || file.find("tempfile_") != std::string::npos ||
           file.find("OCL") == 0;
}

} // namespace

struct BuildService::Prepared {
    std::chrono::steady_clock::time_point start;
    std::string mainName;
    std::string mainText;
    Context context;
    std::vector<Device> devices;
    std::vector<CacheKey> keys; // one per device
    // Per device: its warm build is left to the driver's own cache, and the binary cache has
    // the key's entry, so the driver has compiled this program before.
    std::vector<bool> toDriver;
    std::vector<AfterHit> afterHits; // the entries that answered
    bool cacheable = false;          // a cache is there and the key is sure to cover every header
    std::string options;             // what the driver gets
    fs::path headers;                // where the set's headers were written for the driver
};

namespace {
// The log's diagnostics with the driver's file names mapped back to the person's: the main
// source's temporary name to its file name, the headers folder's paths to the set's names.
std::vector<Diagnostic> diagnosticsOf(const std::string& log,
                                      const BuildService::Prepared& prepared) {
    const std::string headers = prepared.headers.string();
    std::vector<Diagnostic> diagnostics =
        parseBuildLog(log, [&](const std::string& file) -> std::string {
            if (!headers.empty() && file.rfind(headers, 0) == 0) {
                std::string name = file.substr(headers.size());
                while (!name.empty() && (name.front() == '/' || name.front() == '\\'))
                    name.erase(0, 1);
                return name;
            }
            return isMainSourceName(file) ? prepared.mainName : file;
        });
    detail::nameCommandLineOptions(diagnostics, prepared.mainName, prepared.mainText,
                                   prepared.options);
    return diagnostics;
}
} // namespace

BuildService::BuildService()
    : BuildService(Settings{}) {}

BuildService::BuildService(Settings settings)
    : m_settings(std::move(settings))
    , m_queue(m_settings.threads ? m_settings.threads
                                 : std::max(2u, std::thread::hardware_concurrency())) {
    m_settings.driverCache = resolvedDriverCacheUse(m_settings.driverCache);
    if (m_settings.useCache && !cacheDisabledByEnvironment())
        m_cache.emplace(m_settings.cacheFolder.empty() ? BinaryCache::defaultFolder()
                                                       : m_settings.cacheFolder,
                        m_settings.cacheLimitBytes);
    Sha256::prepare(); // every build hashes its key: not the first build's cost
}

BuildService::~BuildService() {
    m_queue.waitIdle();
    settlePendingHits();
}

std::string BuildService::effectiveOptions(const std::string& requested) {
    std::string options = requested;
    if (const char* extra = std::getenv("CLW_BUILD_OPTIONS"); extra && *extra)
        options += (options.empty() ? "" : " ") + std::string(extra);
    return options;
}

std::future<BuildOutcome> BuildService::submit(BuildRequest request) {
    auto promise = std::make_shared<std::promise<BuildOutcome>>();
    std::future<BuildOutcome> future = promise->get_future();
    submit(std::move(request),
           [promise](BuildOutcome outcome) { promise->set_value(std::move(outcome)); });
    return future;
}

void BuildService::submit(BuildRequest request, std::function<void(BuildOutcome)> done) {
    auto shared = std::make_shared<BuildRequest>(std::move(request));
    auto callback = std::make_shared<std::function<void(BuildOutcome)>>(std::move(done));
    const std::string tag = shared->tag;
    m_queue.submit(
        tag,
        [this, shared, callback] {
            Prepared prepared;
            std::optional<CacheFileLock> lock;
            const BuildOutcome outcome = run(*shared, prepared, lock);
            if (lock && outcome.error.empty() && storesBeforeHandingOver(outcome)) {
                storeBinaries(prepared, outcome);
                lock.reset();
            }
            // A throwing callback must not end the worker (and with it the process).
            runGuarded("a build's callback", [&] { (*callback)(outcome); });
            // After the caller has its programs: reading a binary back can take longer than the
            // build (PoCL compiles a generic work-group function per kernel for it). The lock is
            // held until the entry is stored.
            if (lock && outcome.error.empty())
                storeBinaries(prepared, outcome);
            lock.reset();
            settle(std::move(prepared.afterHits));
            settlePendingHits();
        },
        [callback] {
            BuildOutcome outcome;
            outcome.superseded = true;
            runGuarded("a build's callback", [&] { (*callback)(std::move(outcome)); });
        });
}

BuildOutcome BuildService::build(const BuildRequest& request) {
    auto prepared = std::make_shared<Prepared>();
    auto lock = std::make_shared<std::optional<CacheFileLock>>();
    BuildOutcome outcome = run(request, *prepared, *lock);
    if (*lock && outcome.error.empty() && storesBeforeHandingOver(outcome)) {
        storeBinaries(*prepared, outcome);
        lock->reset();
    }
    // The binaries are stored on a worker, as after submit(). A hit wakes none: where cores are
    // few, the woken thread takes the caller's core, which cost a warm build a tenth of its time.
    if (*lock && outcome.error.empty()) {
        auto kept = std::make_shared<BuildOutcome>(outcome);
        m_queue.submit({}, [this, prepared, kept, lock] {
            storeBinaries(*prepared, *kept);
            lock->reset();
            settle(std::move(prepared->afterHits));
            settlePendingHits();
        });
    } else if (!prepared->afterHits.empty()) {
        std::vector<AfterHit> due;
        {
            std::lock_guard guard(m_pendingMutex);
            for (AfterHit& hit : prepared->afterHits)
                m_pendingHits.push_back(std::move(hit));
            if (m_pendingHits.size() > kMaxPendingHits)
                due = std::exchange(m_pendingHits, {});
        }
        settle(std::move(due));
    }
    return outcome;
}

BuildOutcome BuildService::run(const BuildRequest& request, Prepared& prepared,
                               std::optional<CacheFileLock>& lock) {
    BuildOutcome outcome;
    prepared.start = std::chrono::steady_clock::now();
    try {
        prepared = prepare(request, outcome);
        answerFromCache(request, prepared, outcome);
        lock = buildMissing(request, prepared, outcome);
    } catch (const std::exception& error) {
        // The worker boundary: errors become values (DESIGN.md §4).
        outcome.error = error.what();
    }
    outcome.timings.totalMs = msSince(prepared.start);
    if (m_cache)
        for (std::string& problem : m_cache->takeProblems())
            outcome.cacheProblems.push_back(std::move(problem));
    return outcome;
}

void BuildService::waitIdle() {
    m_queue.waitIdle();
    settlePendingHits();
}

void BuildService::settle(std::vector<AfterHit> hits) {
    for (const AfterHit& hit : hits)
        m_cache->recordUse(hit.digest);
    // The files are unmapped as `hits` goes.
}

void BuildService::settlePendingHits() {
    std::vector<AfterHit> hits;
    {
        std::lock_guard guard(m_pendingMutex);
        hits = std::exchange(m_pendingHits, {});
    }
    settle(std::move(hits));
}

void BuildService::forgetMemory() {
    std::lock_guard lock(m_memoryMutex);
    m_memory.clear();
}

fs::path BuildService::headerFolder(const SourceSet& sources, const std::string& digest) {
    const fs::path base = m_cache ? m_cache->folder().parent_path() / "headers"
                                  : fs::temp_directory_path() / "clworkbench-headers";
    const fs::path folder = base / digest.substr(0, 16);
    const SourceFile* main = sources.main();
    for (const SourceFile& file : sources.files) {
        if (&file == main)
            continue;
        const fs::path path = folder / file.name;
        std::error_code error;
        if (fs::exists(path, error))
            continue; // content-addressed folder: an existing file has this content
        if (const std::string why = writeFileAtomically(path, file.text, FileAccess::OwnerOnly);
            !why.empty())
            throw ClError(CL_INVALID_VALUE, "BuildService",
                          "writing the session's headers for the compiler: " + why);
    }
    return folder;
}

namespace {

// A compiler skips an -I folder that does not exist without a word, and the header it holds is
// then "not found", or worse, found elsewhere: say which folder is missing.
std::vector<std::string> missingIncludeFolders(const std::vector<std::string>& includeDirs,
                                               const std::string& options) {
    std::vector<std::string> warnings;
    std::vector<std::string> folders = includeDirs;
    for (const std::string& dir : PreprocessorOptions::fromBuildOptions(options).includeDirs)
        folders.push_back(dir);
    for (const std::string& dir : folders) {
        std::error_code error;
        if (!fs::is_directory(dir, error))
            warnings.push_back("the include folder '" + dir +
                               "' does not exist: no header is looked for there");
    }
    return warnings;
}

} // namespace

BuildService::Prepared BuildService::prepare(const BuildRequest& request, BuildOutcome& outcome) {
    Prepared prepared;
    prepared.start = std::chrono::steady_clock::now();
    const SourceFile* main = request.sources.main();
    if (!main)
        throw ClError(CL_INVALID_VALUE, "BuildService", "building: the request has no source");
    for (const SourceFile& file : request.sources.files)
        if (const std::string problem = nulByteProblem(file.name, file.text); !problem.empty())
            throw ClError(CL_INVALID_VALUE, "BuildService", "reading the sources: " + problem);
    prepared.mainName = main->name;
    prepared.mainText = main->text;
    prepared.context = request.context;
    prepared.devices = request.devices.empty() ? request.context.devices() : request.devices;

    std::string requested = effectiveOptions(request.options);
    if (const std::string added = simulatorBuildOptions(prepared.devices); !added.empty())
        requested += (requested.empty() ? "" : " ") + added;
    const IncludeScanResult scan = scanIncludes(request.sources, requested);
    if (!scan.nulByte.empty())
        throw ClError(CL_INVALID_VALUE, "BuildService", "reading the sources: " + scan.nulByte);
    const std::vector<ResolvedInclude>& includes = scan.includes;
    prepared.cacheable = m_cache && scan.uncertain.empty();
    if (m_cache && !scan.uncertain.empty()) {
        outcome.cacheBypassed = scan.uncertain;
        outcome.cacheProblems.push_back("binary cache: not used for this build, since " +
                                        scan.uncertain);
    }
    outcome.warnings = missingIncludeFolders(request.sources.includeDirs, requested);
    const std::string normalized = normalizeOptions(requested);
    std::string options = requested;
    if (request.sources.files.size() > 1) {
        Sha256 setHash;
        for (const SourceFile& file : request.sources.files) {
            setHash.update(file.name);
            setHash.update(std::string_view("\0", 1));
            setHash.update(file.text);
        }
        prepared.headers = headerFolder(request.sources, Sha256::hex(setHash.finish()));
        options += " -I " + quoted(prepared.headers.string());
    }
    for (const std::string& dir : request.sources.includeDirs)
        options += " -I " + quoted(dir);
    if (!includes.empty()) {
        // A driver's own cache may key on source and options only: make what it gets differ
        // whenever an included file changed, so it cannot answer with a stale binary.
        Sha256 includeHash;
        for (const ResolvedInclude& include : includes)
            includeHash.update(include.resolved + "=" + include.digest + ";");
        options += " -D CLW_INCLUDES_DIGEST=0x" + Sha256::hex(includeHash.finish()).substr(0, 16);
    }
    prepared.options = options;
    outcome.effectiveOptions = options;
    for (const Device& device : prepared.devices)
        prepared.keys.push_back(CacheKey::make(device, normalized, prepared.mainText, includes));
    prepared.toDriver.assign(prepared.devices.size(), false);
    outcome.timings.preprocessMs = msSince(prepared.start);
    return prepared;
}

std::optional<BuildService::MemoryEntry> BuildService::fromMemory(const std::string& digest) {
    std::lock_guard lock(m_memoryMutex);
    auto it = std::find_if(m_memory.begin(), m_memory.end(),
                           [&](const auto& entry) { return entry.first == digest; });
    if (it == m_memory.end())
        return std::nullopt;
    m_memory.splice(m_memory.begin(), m_memory, it);
    return it->second;
}

void BuildService::remember(const std::string& digest, const Program& program,
                            const std::string& log) {
    std::lock_guard lock(m_memoryMutex);
    m_memory.remove_if([&](const auto& entry) { return entry.first == digest; });
    m_memory.emplace_front(digest, MemoryEntry{program, log});
    while (m_memory.size() > m_settings.memoryEntries)
        m_memory.pop_back();
}

bool BuildService::leftToDriver(const CacheKey& key) const {
    for (const auto& [name, value] : key.fields)
        if (name == "platform.name")
            return leavesWarmBuildsToDriver(m_settings.driverCache, value);
    return leavesWarmBuildsToDriver(m_settings.driverCache, {});
}

void BuildService::answerFromCache(const BuildRequest& request, Prepared& prepared,
                                   BuildOutcome& outcome) {
    if (!prepared.cacheable)
        return;
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < prepared.devices.size(); ++i) {
        const Device& device = prepared.devices[i];
        const CacheKey& key = prepared.keys[i];
        if (outcome.forDevice(device))
            continue;
        DeviceBuildOutcome result;
        result.device = device;
        result.cacheDigest = key.digest;
        // A program belongs to the context it was made in: one of another context (a new run's)
        // is no answer here, the disk cache is.
        auto memory = fromMemory(key.digest);
        if (memory && memory->program.context() != request.context)
            memory.reset();
        if (memory) {
            result.program = memory->program;
            result.log = memory->log;
            result.answeredBy = BuildAnswer::Memory;
        } else if (leftToDriver(key)) {
            // The driver's own cache answers a source build faster than the entry's binary
            // would load: the entry is not read, only looked for (it says that the driver has
            // compiled this program before). buildFromSource builds it.
            prepared.toDriver[i] = m_cache->contains(key);
            continue;
        } else if (!loadFromDisk(request, prepared, i, result, outcome)) {
            continue;
        }
        result.ok = true;
        result.fromCache = true;
        if (!result.log.empty())
            result.diagnostics = diagnosticsOf(result.log, prepared); // the stored log's warnings
        outcome.devices.push_back(std::move(result));
    }
    outcome.timings.cacheMs += msSince(start);
}

bool BuildService::loadFromDisk(const BuildRequest& request, Prepared& prepared, size_t index,
                                DeviceBuildOutcome& result, BuildOutcome& outcome) {
    const Device& device = prepared.devices[index];
    const CacheKey& key = prepared.keys[index];
    // Its use is recorded after the outcome is handed over (AfterHit).
    std::optional<BinaryCache::Entry> entry = m_cache->load(key, false);
    if (!entry)
        return false;
    const auto reject = [&](const std::string& why) {
        entry.reset(); // Windows removes no file that is mapped
        m_cache->reject(key, device.name(), why);
        return false;
    };
    // Checked before the driver sees it: a driver can abort the process on a binary it gave out
    // incomplete (BinaryCheck.h), and that cannot be recovered from here.
    if (const std::string why = binaryIncompleteness(entry->binary, entry->kernelNames);
        !why.empty())
        return reject(why);
    // A cached binary the driver rejects falls back to a source build.
    const auto start = std::chrono::steady_clock::now();
    try {
        Program program = Program::fromBinaryViews(request.context, {device}, {entry->binary});
        BuildResult built = program.build(prepared.options, {device});
        if (failedInsideDriver(built)) {
            ++outcome.driverRetries;
            program = Program::fromBinaryViews(request.context, {device}, {entry->binary});
            built = program.build(prepared.options, {device});
        }
        outcome.timings.driverMs += msSince(start);
        if (!built.ok())
            return reject(errorName(built.code));
        if (const std::string why = missingKernels(program, entry->kernelNames); !why.empty())
            return reject(why);
        result.program = program;
        result.log = entry->log;
        result.answeredBy = BuildAnswer::EngineBinary;
        remember(key.digest, program, entry->log);
        prepared.afterHits.push_back({key.digest, entry->file});
        return true;
    } catch (const ClError& error) {
        return reject(error.name());
    }
}

std::optional<CacheFileLock> BuildService::buildMissing(const BuildRequest& request,
                                                        Prepared& prepared, BuildOutcome& outcome) {
    const auto missing = std::find_if(prepared.devices.begin(), prepared.devices.end(),
                                      [&](const Device& d) { return !outcome.forDevice(d); });
    if (missing == prepared.devices.end())
        return std::nullopt;
    // Nothing to store: no cache, none asked for, or every device left is left to its driver's
    // cache, which has compiled the program before (the binary cache has its entry).
    bool allToDriver = true;
    for (size_t i = 0; i < prepared.devices.size(); ++i)
        if (!outcome.forDevice(prepared.devices[i]) && !prepared.toDriver[i])
            allToDriver = false;
    if (!prepared.cacheable || !request.store || allToDriver) {
        buildFromSource(request, prepared, outcome);
        return std::nullopt;
    }
    // Held from the source build until the binary is stored: processes sharing the cache build
    // each program once (the others wait, then load what it stored).
    CacheFileLock lock =
        m_cache->lockFor(prepared.keys[size_t(missing - prepared.devices.begin())].digest);
    if (!lock.held())
        m_cache->reportProblem("binary cache: " + lock.why() + "; building without the lock");
    answerFromCache(request, prepared, outcome); // built meanwhile by another process?
    buildFromSource(request, prepared, outcome);
    return lock;
}

void BuildService::buildFromSource(const BuildRequest& request, Prepared& prepared,
                                   BuildOutcome& outcome) {
    std::vector<Device> missing;
    for (const Device& device : prepared.devices)
        if (!outcome.forDevice(device))
            missing.push_back(device);
    if (missing.empty())
        return;
    const auto start = std::chrono::steady_clock::now();
    Program program = Program::fromSource(request.context, prepared.mainText);
    BuildResult built = program.build(prepared.options, missing);
    if (failedInsideDriver(built)) {
        ++outcome.driverRetries;
        program = Program::fromSource(request.context, prepared.mainText);
        built = program.build(prepared.options, missing);
    }
    outcome.timings.compileMs = msSince(start);
    outcome.timings.driverMs += outcome.timings.compileMs;

    for (const DeviceBuild& device : built.devices) {
        DeviceBuildOutcome result;
        result.device = device.device;
        result.program = program;
        result.code = built.code;
        result.ok = device.status == CL_BUILD_SUCCESS;
        result.log = device.log;
        result.diagnostics = diagnosticsOf(device.log, prepared);
        for (size_t i = 0; i < prepared.devices.size(); ++i)
            if (prepared.devices[i] == device.device) {
                result.cacheDigest = prepared.keys[i].digest;
                if (result.ok && prepared.toDriver[i]) {
                    result.fromCache = true;
                    result.answeredBy = BuildAnswer::DriverCache;
                    prepared.afterHits.push_back({result.cacheDigest, nullptr});
                }
            }
        if (result.ok && prepared.cacheable)
            remember(result.cacheDigest, program, result.log);
        outcome.devices.push_back(std::move(result));
    }
    // Keep the request's device order.
    std::stable_sort(outcome.devices.begin(), outcome.devices.end(),
                     [&](const DeviceBuildOutcome& a, const DeviceBuildOutcome& b) {
                         auto index = [&](const Device& d) {
                             return std::find(prepared.devices.begin(), prepared.devices.end(), d) -
                                    prepared.devices.begin();
                         };
                         return index(a.device) < index(b.device);
                     });
}

Program BuildService::copyForTheCache(const Prepared& prepared, const Device& device) {
    Program copy = Program::fromSource(prepared.context, prepared.mainText);
    const BuildResult built = copy.build(prepared.options + " -D CLW_CACHE_COPY=1", {device});
    if (!built.ok())
        throw ClError(built.code, "clBuildProgram",
                      "building the copy of the program whose binary goes into the cache");
    return copy;
}

void BuildService::storeBinaries(const Prepared& prepared, const BuildOutcome& outcome) {
    for (const DeviceBuildOutcome& result : outcome.devices) {
        if (!result.ok || result.fromCache)
            continue;
        try {
            const Program program = readsItsFolderIntoBinaries(result.device)
                                        ? copyForTheCache(prepared, result.device)
                                        : result.program;
            const std::vector<Device> programDevices = program.devices();
            const std::vector<Binary> binaries = program.binaries();
            const Binary* binary = nullptr;
            for (size_t i = 0; i < programDevices.size() && i < binaries.size(); ++i)
                if (programDevices[i] == result.device && !binaries[i].empty())
                    binary = &binaries[i];
            // Some drivers (PoCL) list a sub-device's program under its root device: when the
            // handle is not there, the one binary that was built is this device's.
            if (!binary && std::count_if(binaries.begin(), binaries.end(),
                                         [](const Binary& b) { return !b.empty(); }) == 1)
                binary = &*std::find_if(binaries.begin(), binaries.end(),
                                        [](const Binary& b) { return !b.empty(); });
            if (!binary)
                continue;
            // Only a binary known to be complete is stored: one that is not would fail, or
            // crash the driver, on every later hit.
            const std::vector<std::string> kernels = program.kernelNames();
            if (const std::string why = binaryIncompleteness(*binary, kernels); !why.empty()) {
                m_cache->refuse(result.device.name(), why);
                continue;
            }
            for (size_t k = 0; k < prepared.devices.size(); ++k)
                if (prepared.devices[k] == result.device)
                    m_cache->store(prepared.keys[k], *binary, result.log, kernels);
        } catch (const ClError& error) {
            // The build itself succeeded; only caching is lost. The next outcome says so.
            m_cache->reportProblem("binary cache: could not read the binary built for " +
                                   result.device.name() + " (" + error.what() +
                                   "); it was not cached");
        }
    }
}

} // namespace clw::engine
