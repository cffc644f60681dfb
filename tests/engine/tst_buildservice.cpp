// The BuildService on the real device: cache hits from memory and disk, keys that miss on every
// change (headers in the set and on disk, -D, driver version), failing builds cached never, tag
// replacement, multi-device builds that build only what the cache lacks, fallbacks, builds on
// the calling thread, and warm builds left to the driver's own cache.
#include "ClTestUtil.h"
#include "KernelValue.h"
#include "TestDevice.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/Kernel.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <future>

using namespace clw::engine;
namespace fs = std::filesystem;

namespace {

// Runs kernel `k` (one work-item writing one int) and returns what it wrote.
int runValue(const Context& context, const Device& device, const Program& program) {
    return clw::test::kernelValue(context, device, program);
}

std::string kernelReturning(const std::string& expression) {
    return "__kernel void k(__global int* out) { out[0] = " + expression + "; }\n";
}

BuildRequest requestFor(const Context& context, SourceSet sources, std::string options = {}) {
    BuildRequest request;
    request.context = context;
    request.sources = std::move(sources);
    request.options = std::move(options);
    return request;
}

// Seam: makes CL_DRIVER_VERSION (and one device's name) read differently.
ClApi g_real;
std::string g_driverVersion;
cl_device_id g_renamedDevice = nullptr;
int g_sourceBuildDevices = 0;
cl_int CL_API_CALL fakeDeviceInfo(cl_device_id device, cl_device_info param, size_t size,
                                  void* value, size_t* sizeRet) {
    std::string text;
    if (param == CL_DRIVER_VERSION && !g_driverVersion.empty())
        text = g_driverVersion;
    else if (param == CL_DEVICE_NAME && device == g_renamedDevice)
        text = "Renamed Test Device";
    else
        return g_real.clGetDeviceInfo(device, param, size, value, sizeRet);
    if (sizeRet)
        *sizeRet = text.size() + 1;
    if (value && size >= text.size() + 1)
        std::memcpy(value, text.c_str(), text.size() + 1);
    return CL_SUCCESS;
}
cl_int CL_API_CALL countingBuild(cl_program program, cl_uint count, const cl_device_id* devices,
                                 const char* options, void(CL_CALLBACK* notify)(cl_program, void*),
                                 void* user) {
    // The copy PoCL's binaries are read from (BuildService.cpp) is the cache's, not a build.
    if (!options || !std::strstr(options, "CLW_CACHE_COPY"))
        g_sourceBuildDevices += int(count);
    return g_real.clBuildProgram(program, count, devices, options, notify, user);
}
int g_allBuilds = 0; // the cache's copies of PoCL's programs included
cl_int CL_API_CALL countingEveryBuild(cl_program program, cl_uint count,
                                      const cl_device_id* devices, const char* options,
                                      void(CL_CALLBACK* notify)(cl_program, void*), void* user) {
    ++g_allBuilds;
    return g_real.clBuildProgram(program, count, devices, options, notify, user);
}
int g_binaryLoads = 0;
cl_program CL_API_CALL countingBinaryLoad(cl_context context, cl_uint count,
                                          const cl_device_id* devices, const size_t* sizes,
                                          const unsigned char** binaries, cl_int* status,
                                          cl_int* code) {
    ++g_binaryLoads;
    return g_real.clCreateProgramWithBinary(context, count, devices, sizes, binaries, status, code);
}
cl_program CL_API_CALL rejectingBinary(cl_context, cl_uint, const cl_device_id*, const size_t*,
                                       const unsigned char**, cl_int* status, cl_int* code) {
    if (status)
        *status = CL_INVALID_BINARY;
    *code = CL_INVALID_BINARY;
    return nullptr;
}

} // namespace

class TestBuildService : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    // The binary cache's own binaries answer, on every device: these tests are about them. The
    // driver's own cache has tests of its own below.
    BuildService::Settings settings() {
        BuildService::Settings s;
        s.cacheFolder = fs::path(m_dir.path().toStdString()) / "cache";
        s.driverCache = DriverCacheUse::Never;
        return s;
    }

private slots:
    void init() { qunsetenv("CLW_BUILD_OPTIONS"); }

    void buildThenHitFromMemoryThenDisk() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const auto request = requestFor(context, SourceSet::single(kernelReturning("41 + 1")));
        {
            BuildService service(settings());
            const BuildOutcome first = service.build(request);
            QVERIFY2(first.ok(), first.error.c_str());
            QCOMPARE(first.devices.size(), size_t(1));
            QVERIFY(!first.devices[0].fromCache);
            QVERIFY(first.timings.compileMs > 0);
            QCOMPARE(runValue(context, device, first.devices[0].program), 42);
            const BuildOutcome second = service.build(request);
            QVERIFY(second.allFromCache()); // in-memory layer
            QCOMPARE(second.devices[0].program, first.devices[0].program);
            service.waitIdle(); // the binary is written after the first result came back
            for (const std::string& problem : service.cache()->takeProblems())
                qWarning("%s", problem.c_str());
            QCOMPARE(service.cache()->list().size(), size_t(1));
            const std::string firstDigest = service.cache()->list()[0].digest;
        }
        BuildService fresh(settings()); // a new service: only the disk can answer
        const BuildOutcome third = fresh.build(request);
        QVERIFY(third.allFromCache());
        QCOMPARE(third.timings.compileMs, 0.0);
        QCOMPARE(runValue(context, device, third.devices[0].program), 42);
        QCOMPARE(fresh.cache()->stats().hits, 1u);
    }

    // BuildRequest::store false (live mode's builds of the text as it is typed): the program is
    // built once, answers again from memory, and nothing reaches the disk: no entry, and no
    // second build of the program for the cache's copy (PoCL's).
    void unstoredBuildWritesNothing() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi seam;
        g_real = seam.real();
        seam.api().clBuildProgram = countingEveryBuild;
        g_allBuilds = 0;
        Context context(device);
        auto request = requestFor(context, SourceSet::single(kernelReturning("40 + 3")));
        request.store = false;
        QTemporaryDir own;
        BuildService::Settings ownCache = settings();
        ownCache.cacheFolder = own.path().toStdString();
        BuildService service(ownCache);
        const BuildOutcome first = service.build(request);
        QVERIFY2(first.ok(), first.error.c_str());
        QVERIFY(!first.devices[0].fromCache);
        QCOMPARE(runValue(context, device, first.devices[0].program), 43);
        QVERIFY(service.build(request).allFromCache()); // the in-memory layer still answers
        service.waitIdle();
        QCOMPARE(g_allBuilds, 1);
        QCOMPARE(service.cache()->list().size(), size_t(0));
        // The same text asked to be stored: built, and stored.
        BuildService stored(ownCache);
        request.store = true;
        const BuildOutcome again = stored.build(request);
        QVERIFY(again.ok() && !again.devices[0].fromCache);
        stored.waitIdle();
        QCOMPARE(stored.cache()->list().size(), size_t(1));
    }

    void storedLogIsShownAgainOnAHit() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        // An assignment as a condition: a warning by default, and the build succeeds. The value
        // is new to every run: a driver's own cache (NVIDIA's) answers a source it has compiled
        // before without the compiler's log.
        const std::string value = std::to_string(QDateTime::currentMSecsSinceEpoch() % 1000000007);
        const auto request = requestFor(context,
                                        SourceSet::single("__kernel void k(__global int* out) "
                                                          "{ int a = 0; if (a = 1) out[0] = " +
                                                          value + "; }\n"),
                                        "-D WARNING_TEST=1");
        BuildService service(settings());
        const BuildOutcome first = service.build(request);
        QVERIFY2(first.ok(),
                 (first.error + (first.devices.empty() ? "" : first.devices[0].log)).c_str());
        service.waitIdle();
        service.forgetMemory();
        const BuildOutcome hit = service.build(request);
        QVERIFY(hit.allFromCache());
        QVERIFY(first.devices[0].log.find("warning") != std::string::npos);
        QCOMPARE(hit.devices[0].log, first.devices[0].log);
        // The stored log's warning comes back as a diagnostic too, in the person's file.
        QCOMPARE(hit.devices[0].diagnostics.size(), first.devices[0].diagnostics.size());
        QVERIFY(!hit.devices[0].diagnostics.empty());
        QCOMPARE(hit.devices[0].diagnostics[0].severity, Severity::Warning);
        QCOMPARE(hit.devices[0].diagnostics[0].file, std::string("kernel.cl"));
    }

    void headerEditInTheSetMisses() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        SourceSet sources;
        sources.files = {{"main.cl", "#include \"defs.h\"\n" + kernelReturning("VALUE")},
                         {"defs.h", "#define VALUE 5\n"}};
        BuildService service(settings());
        const BuildOutcome first = service.build(requestFor(context, sources));
        QVERIFY2(first.ok(),
                 first.devices.empty() ? first.error.c_str() : first.devices[0].log.c_str());
        QCOMPARE(runValue(context, device, first.devices[0].program), 5);
        sources.files[1].text = "#define VALUE 6\n";
        const BuildOutcome second = service.build(requestFor(context, sources));
        QVERIFY(second.ok());
        QVERIFY(!second.devices[0].fromCache);
        QVERIFY(second.devices[0].cacheDigest != first.devices[0].cacheDigest);
        QCOMPARE(runValue(context, device, second.devices[0].program), 6);
    }

    void headerEditOnDiskMissesAndTheDriverIsNotStale() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        QTemporaryDir includes;
        const fs::path header = fs::path(includes.path().toStdString()) / "value.h";
        std::ofstream(header) << "#define VALUE 11\n";
        SourceSet sources = SourceSet::single("#include \"value.h\"\n" + kernelReturning("VALUE"));
        sources.includeDirs = {includes.path().toStdString()};
        BuildService service(settings());
        const BuildOutcome first = service.build(requestFor(context, sources));
        QVERIFY(first.ok());
        QCOMPARE(runValue(context, device, first.devices[0].program), 11);
        std::ofstream(header, std::ios::trunc) << "#define VALUE 12\n";
        const BuildOutcome second = service.build(requestFor(context, sources));
        QVERIFY(second.ok());
        QVERIFY(!second.devices[0].fromCache);
        // PoCL keeps its own kernel cache keyed by source and options: the engine's options
        // differ, so it builds anew and the new header's value comes out.
        QCOMPARE(runValue(context, device, second.devices[0].program), 12);
        QVERIFY(first.effectiveOptions != second.effectiveOptions);
    }

    void defineChangeAndEnvironmentOptions() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService service(settings());
        const SourceSet sources = SourceSet::single(kernelReturning("A"));
        const BuildOutcome one = service.build(requestFor(context, sources, "-D A=1"));
        const BuildOutcome two = service.build(requestFor(context, sources, "-D A=2"));
        QVERIFY(one.ok() && two.ok());
        QVERIFY(!two.devices[0].fromCache);
        QCOMPARE(runValue(context, device, two.devices[0].program), 2);
        qputenv("CLW_BUILD_OPTIONS", "-D A=9");
        const BuildOutcome env =
            service.build(requestFor(context, SourceSet::single(kernelReturning("A"))));
        QVERIFY2(env.ok(), env.devices.empty() ? env.error.c_str() : env.devices[0].log.c_str());
        QVERIFY(QString::fromStdString(env.effectiveOptions).contains(QStringLiteral("-D A=9")));
        QCOMPARE(runValue(context, device, env.devices[0].program), 9);
        qunsetenv("CLW_BUILD_OPTIONS");
    }

    void driverVersionChangeMisses() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const auto request = requestFor(context, SourceSet::single(kernelReturning("3")));
        BuildService service(settings());
        QVERIFY(service.build(request).ok());
        service.waitIdle();
        service.forgetMemory();
        QVERIFY(service.build(request).allFromCache());
        service.forgetMemory();
        ScopedClApi seam;
        g_real = seam.real();
        g_driverVersion = "999.0 (updated driver)";
        seam.api().clGetDeviceInfo = fakeDeviceInfo;
        const BuildOutcome updated = service.build(request);
        service.waitIdle(); // the binary is stored in the background: not while the seam goes
        g_driverVersion.clear();
        QVERIFY(updated.ok());
        QVERIFY(!updated.devices[0].fromCache);
    }

    void failingBuildGivesDiagnosticsAndCachesNothing() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService service(settings());
        const size_t before = service.cache()->list().size();
        const auto request =
            requestFor(context, SourceSet::single("__kernel void k(__global int* out) {\n"
                                                  "  out[0] = missing;\n"
                                                  "  int x = 1\n"
                                                  "}\n",
                                                  "broken.cl"));
        const BuildOutcome outcome = service.build(request);
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.devices.size(), size_t(1));
        QCOMPARE(outcome.devices[0].code, CL_BUILD_PROGRAM_FAILURE);
        int errors = 0;
        for (const Diagnostic& diagnostic : outcome.devices[0].diagnostics) {
            if (diagnostic.severity != Severity::Error)
                continue;
            ++errors;
            QCOMPARE(diagnostic.file, std::string("broken.cl"));
            QVERIFY(diagnostic.line == 2 || diagnostic.line == 3);
        }
        QCOMPARE(errors, 2);
        service.waitIdle();
        QCOMPARE(service.cache()->list().size(), before);
        QVERIFY(!service.build(request).devices[0].fromCache);
    }

    // An error inside a macro expansion lands on the line that uses the macro, with the
    // definition as a note, and the failed build runs once (no retry taken for a driver glitch).
    void errorInsideAMacroLandsOnItsUseAfterOneBuild() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService service(settings());
        const BuildOutcome outcome = service.build(
            requestFor(context, SourceSet::single("#define SCALE(x) ((x) * undeclared_factor)\n"
                                                  "\n"
                                                  "__kernel void k(__global float* out) {\n"
                                                  "    size_t i = get_global_id(0);\n"
                                                  "    out[i] = SCALE(out[i]);\n"
                                                  "}\n",
                                                  "macro_err.cl")));
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.driverRetries, 0);
        const std::vector<Diagnostic>& diagnostics = outcome.devices[0].diagnostics;
        const auto error = std::find_if(diagnostics.begin(), diagnostics.end(),
                                        [](auto& d) { return d.severity == Severity::Error; });
        QVERIFY(error != diagnostics.end());
        QCOMPARE(error->file, std::string("macro_err.cl"));
        QCOMPARE(error->line, 5);
        QCOMPARE(error->column, 14);
        QVERIFY(!error->notes.empty());
        const bool definitionNoted =
            std::any_of(error + 1, diagnostics.end(), [](const Diagnostic& d) {
                return d.severity == Severity::Note && d.file == "macro_err.cl" && d.line == 1;
            });
        QVERIFY2(definitionNoted, outcome.devices[0].log.c_str());
    }

    // A -D option that clashes with the code: the note names the option, never clang's
    // "<command line>" buffer.
    void errorFromADefineOptionNamesTheOption() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService service(settings());
        const BuildOutcome outcome =
            service.build(requestFor(context,
                                     SourceSet::single("__kernel void k(__global float* out) {\n"
                                                       "    float N = 2.0f;\n"
                                                       "    out[0] = N;\n"
                                                       "}\n",
                                                       "dclash.cl"),
                                     "-DFOO=1 -DN=4"));
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.driverRetries, 0);
        const std::vector<Diagnostic>& diagnostics = outcome.devices[0].diagnostics;
        QVERIFY(!diagnostics.empty());
        QCOMPARE(diagnostics[0].severity, Severity::Error);
        QCOMPARE(diagnostics[0].file, std::string("dclash.cl"));
        QCOMPARE(diagnostics[0].line, 2);
        const auto named = std::find_if(diagnostics.begin(), diagnostics.end(), [](auto& d) {
            return d.severity == Severity::Note && d.message.find("'-DN=4'") != std::string::npos;
        });
        QVERIFY2(named != diagnostics.end(), outcome.devices[0].log.c_str());
        QVERIFY(named->file.empty());
        QCOMPARE(named->line, 0);
        for (const Diagnostic& d : diagnostics)
            QVERIFY2(d.file.empty() || d.file.front() != '<', d.text.c_str());
    }

    // A NUL byte would cut the source where the driver reads it: refused, with its place.
    void nulByteIsRefusedWithItsPlace() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService service(settings());
        SourceSet sources;
        sources.files.push_back({"k.cl", "#include \"h.h\"\n__kernel void k(__global int* o) "
                                         "{ o[0] = V; }\n"});
        sources.files.push_back({"h.h", std::string("#define V 1\n  \0x\n", 17)});
        const BuildOutcome outcome = service.build(requestFor(context, sources));
        QVERIFY(!outcome.ok());
        QVERIFY(outcome.devices.empty()); // no driver saw it
        QVERIFY2(outcome.error.find("h.h: line 2, column 3 holds a NUL byte; OpenCL C sources "
                                    "are text") != std::string::npos,
                 outcome.error.c_str());

        // The same in a header the compiler finds through -I, outside the session.
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const std::string header = folder.filePath(QStringLiteral("disk.h")).toStdString();
        std::ofstream(header, std::ios::binary) << std::string("#define W 2\n\0\n", 14);
        const BuildOutcome fromDisk = service.build(requestFor(
            context,
            SourceSet::single(
                "#include \"disk.h\"\n__kernel void k(__global int* o) { o[0] = W; }\n", "d.cl"),
            "-I " + folder.path().toStdString()));
        QVERIFY(!fromDisk.ok());
        QVERIFY(fromDisk.devices.empty());
        QVERIFY2(fromDisk.error.find("disk.h: line 2, column 1 holds a NUL byte") !=
                     std::string::npos,
                 fromDisk.error.c_str());
    }

    // A compiler skips an include folder that does not exist without a word (issue 61): the
    // outcome names each one, from the sources' folders and the options' -I alike.
    void aMissingIncludeFolderIsSaid() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const std::string missing = m_dir.filePath(QStringLiteral("no_such_dir")).toStdString();
        const std::string alsoMissing = m_dir.filePath(QStringLiteral("nor_this")).toStdString();
        SourceSet sources = SourceSet::single(kernelReturning("7"));
        sources.includeDirs = {missing, m_dir.path().toStdString()};
        BuildService service(settings());
        const BuildOutcome outcome =
            service.build(requestFor(context, sources, "-I " + alsoMissing + " -DX=1"));
        QVERIFY2(outcome.ok(), outcome.error.c_str());
        QCOMPARE(outcome.warnings,
                 (std::vector<std::string>{"the include folder '" + missing +
                                               "' does not exist: no header is looked for there",
                                           "the include folder '" + alsoMissing +
                                               "' does not exist: no header is looked for there"}));
        sources.includeDirs = {m_dir.path().toStdString()};
        QVERIFY(service.build(requestFor(context, sources)).warnings.empty());
    }

    void newerRequestWithTheSameTagReplacesAQueuedOne() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService::Settings oneThread = settings();
        oneThread.threads = 1;
        oneThread.useCache = false;
        BuildService service(oneThread);
        // Occupies the only worker while the next two wait in the queue.
        auto busy = service.submit(
            requestFor(context, SourceSet::single(kernelReturning("1"), "busy.cl"), "-D BUSY=1"));
        auto older = requestFor(context, SourceSet::single(kernelReturning("2")));
        older.tag = "editor";
        auto newer = requestFor(context, SourceSet::single(kernelReturning("3")));
        newer.tag = "editor";
        auto olderResult = service.submit(older);
        auto newerResult = service.submit(newer);
        const BuildOutcome replaced = olderResult.get();
        QVERIFY(replaced.superseded);
        QVERIFY(replaced.devices.empty());
        const BuildOutcome built = newerResult.get();
        QVERIFY(built.ok());
        QCOMPARE(runValue(context, device, built.devices[0].program), 3);
        QVERIFY(busy.get().ok());
    }

    // Two devices of one context: sub-devices of the test device where it partitions equally;
    // where it does not (a GPU), its exact error, and sub-devices of PoCL's CPU device.
    void severalDevicesBuildOnlyWhatTheCacheLacks() {
        CLW_REQUIRE_DEVICE(device);
        Device root = device;
        if (!clw::test::canPartition(device, CL_DEVICE_PARTITION_EQUALLY)) {
            CLW_EXPECT_CL_ERROR(device.partitionEqually(1), CL_INVALID_VALUE, "clCreateSubDevices");
            CLW_REQUIRE_POCL(pocl);
            root = pocl;
        }
        const std::vector<Device> parts = root.partitionEqually(1);
        QVERIFY(parts.size() >= 2);
        ScopedClApi seam;
        g_real = seam.real();
        g_renamedDevice = parts[1].get(); // a different device identity, so a different key
        seam.api().clGetDeviceInfo = fakeDeviceInfo;
        seam.api().clBuildProgram = countingBuild;
        Context context(std::vector<Device>{parts[0], parts[1]});
        QTemporaryDir own;
        BuildService::Settings ownCache = settings();
        ownCache.cacheFolder = own.path().toStdString();
        BuildService service(ownCache);
        auto request = requestFor(context, SourceSet::single(kernelReturning("77")), "-D MULTI=1");
        request.devices = {parts[0]};
        QVERIFY(service.build(request).ok());
        service.waitIdle();
        for (const std::string& problem : service.cache()->takeProblems())
            qWarning("%s", problem.c_str());
        QCOMPARE(service.cache()->list().size(), size_t(1));
        const std::string firstDigest = service.cache()->list()[0].digest;
        service.forgetMemory();
        g_sourceBuildDevices = 0;
        request.devices = {parts[0], parts[1]};
        const BuildOutcome both = service.build(request);
        service.waitIdle(); // the binary is stored in the background: not while the seam goes
        g_renamedDevice = nullptr;
        for (const std::string& problem : both.cacheProblems)
            qWarning("%s", problem.c_str());
        QCOMPARE(both.forDevice(parts[0])->cacheDigest, firstDigest);
        QVERIFY(both.ok());
        QCOMPARE(both.devices.size(), size_t(2));
        QVERIFY(both.forDevice(parts[0])->fromCache);
        QVERIFY(!both.forDevice(parts[1])->fromCache);
        // One clBuildProgram for the cached binary of part 0, one source build for part 1 only.
        QCOMPARE(g_sourceBuildDevices, 2);
        QCOMPARE(runValue(context, parts[0], both.forDevice(parts[0])->program), 77);
        QCOMPARE(runValue(context, parts[1], both.forDevice(parts[1])->program), 77);
    }

    void rejectedBinaryFallsBackToSource() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const auto request =
            requestFor(context, SourceSet::single(kernelReturning("8")), "-D REJECT=1");
        BuildService service(settings());
        QVERIFY(service.build(request).ok());
        service.waitIdle();
        service.forgetMemory();
        ScopedClApi seam;
        seam.api().clCreateProgramWithBinary = rejectingBinary;
        const BuildOutcome outcome = service.build(request);
        service.waitIdle(); // the binary is stored in the background: not while the seam goes
        QVERIFY(outcome.ok());
        QVERIFY(!outcome.devices[0].fromCache);
        QCOMPARE(runValue(context, device, outcome.devices[0].program), 8);
        bool said = false;
        for (const std::string& problem : outcome.cacheProblems)
            said = said || problem.find("rejected") != std::string::npos;
        QVERIFY(said);
    }

    void corruptEntryIsRebuiltAndReportedOnce() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const auto request =
            requestFor(context, SourceSet::single(kernelReturning("21")), "-D CORRUPT=1");
        BuildService service(settings());
        const BuildOutcome first = service.build(request);
        service.waitIdle();
        service.forgetMemory();
        const fs::path entry = service.cache()->entryPath(first.devices[0].cacheDigest);
        fs::resize_file(entry, fs::file_size(entry) / 3);
        const BuildOutcome rebuilt = service.build(request);
        QVERIFY(rebuilt.ok());
        QVERIFY(!rebuilt.devices[0].fromCache);
        QCOMPARE(rebuilt.cacheProblems.size(), size_t(1));
        QVERIFY(rebuilt.cacheProblems[0].find("truncated") != std::string::npos);
        QCOMPARE(runValue(context, device, rebuilt.devices[0].program), 21);
        service.waitIdle();
        service.forgetMemory();
        const BuildOutcome again = service.build(request);
        QVERIFY(again.allFromCache());
        QVERIFY(again.cacheProblems.empty());
    }

    // build() answers on the calling thread: a worker held by a slow callback does not hold it.
    void buildRunsOnTheCallingThread() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService::Settings oneThread = settings();
        oneThread.threads = 1;
        oneThread.useCache = false;
        BuildService service(oneThread);
        std::promise<void> started, release;
        std::shared_future<void> released = release.get_future().share();
        service.submit(requestFor(context, SourceSet::single(kernelReturning("1"))),
                       [&started, released](BuildOutcome) {
                           started.set_value();
                           released.wait();
                       });
        started.get_future().wait(); // the only worker is held
        auto direct = std::async(std::launch::async, [&] {
            return service.build(requestFor(context, SourceSet::single(kernelReturning("6"))));
        });
        const bool answered =
            direct.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
        release.set_value();
        QVERIFY(answered);
        const BuildOutcome outcome = direct.get();
        QVERIFY2(outcome.ok(), outcome.error.c_str());
        QCOMPARE(runValue(context, device, outcome.devices[0].program), 6);
    }

    // Where the driver's own cache is the faster path (forced here, so that the path runs on
    // every device): the first build compiles and stores the entry; a new service builds from
    // source for the driver's cache to answer without reading the entry (a damaged one goes
    // unnoticed), says so, and records the use. The binary cache's own path still finds the
    // damage.
    void warmBuildIsLeftToTheDriverCache() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        QTemporaryDir own;
        BuildService::Settings toDriver = settings();
        toDriver.cacheFolder = own.path().toStdString();
        toDriver.driverCache = DriverCacheUse::Always;
        const auto request =
            requestFor(context, SourceSet::single(kernelReturning("5 * 5")), "-D TO_DRIVER=1");
        std::string digest;
        {
            BuildService service(toDriver);
            const BuildOutcome first = service.build(request);
            QVERIFY2(first.ok(), first.error.c_str());
            QCOMPARE(first.devices[0].answeredBy, BuildAnswer::Compiler);
            QVERIFY(!first.devices[0].fromCache);
            digest = first.devices[0].cacheDigest;
        } // the destructor waits for the entry to be stored
        BinaryCache cache(own.path().toStdString());
        QCOMPARE(cache.list().size(), size_t(1));
        const fs::path entry = cache.entryPath(digest);
        fs::resize_file(entry, fs::file_size(entry) - 1);
        {
            ScopedClApi seam;
            g_real = seam.real();
            g_binaryLoads = 0;
            seam.api().clCreateProgramWithBinary = countingBinaryLoad;
            BuildService service(toDriver);
            const BuildOutcome warm = service.build(request);
            service.waitIdle();
            QVERIFY2(warm.ok(), warm.error.c_str());
            QCOMPARE(warm.devices[0].answeredBy, BuildAnswer::DriverCache);
            QVERIFY(warm.allFromCache());
            QVERIFY(warm.cacheProblems.empty()); // the entry was not read
            QCOMPARE(g_binaryLoads, 0);
            QVERIFY(warm.timings.compileMs > 0); // a source build
            QVERIFY(warm.timings.driverMs >= warm.timings.compileMs);
            QVERIFY(warm.timings.totalMs >= warm.timings.driverMs);
            QCOMPARE(runValue(context, device, warm.devices[0].program), 25);
        }
        qputenv("CLW_DRIVER_CACHE", "driver"); // what `cache list` in such a process says
        const std::vector<CacheEntryInfo> listed = cache.list();
        qunsetenv("CLW_DRIVER_CACHE");
        QCOMPARE(listed.size(), size_t(1));
        QCOMPARE(listed[0].hits, 1u);
        QVERIFY2(listed[0].warmBuilds.find("the driver's own cache") != std::string::npos,
                 listed[0].warmBuilds.c_str());
        BuildService::Settings toEngine = toDriver;
        toEngine.driverCache = DriverCacheUse::Never;
        BuildService service(toEngine);
        const BuildOutcome rebuilt = service.build(request);
        QVERIFY(rebuilt.ok());
        QCOMPARE(rebuilt.devices[0].answeredBy, BuildAnswer::Compiler);
        QCOMPARE(rebuilt.cacheProblems.size(), size_t(1));
        QVERIFY(rebuilt.cacheProblems[0].find("truncated") != std::string::npos);
    }

    // Auto: the known drivers' own caches answer their warm builds, the binary cache the rest's;
    // CLW_DRIVER_CACHE turns either way round.
    void warmBuildsFollowTheKnownDriversAndTheEnvironment() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        QTemporaryDir own;
        BuildService::Settings automatic = settings();
        automatic.cacheFolder = own.path().toStdString();
        automatic.driverCache = DriverCacheUse::Auto;
        const auto request =
            requestFor(context, SourceSet::single(kernelReturning("3 + 4")), "-D AUTO=1");
        qunsetenv("CLW_DRIVER_CACHE");
        QVERIFY(BuildService(automatic).build(request).ok());
        const bool known = !driverCacheReason(device.platform().name()).empty();
        const BuildAnswer expected = known ? BuildAnswer::DriverCache : BuildAnswer::EngineBinary;
        const BuildOutcome warm = BuildService(automatic).build(request);
        QVERIFY2(warm.ok(), warm.error.c_str());
        QCOMPARE(warm.devices[0].answeredBy, expected);
        qputenv("CLW_DRIVER_CACHE", known ? "engine" : "driver");
        const BuildOutcome turned = BuildService(automatic).build(request);
        qunsetenv("CLW_DRIVER_CACHE");
        QVERIFY2(turned.ok(), turned.error.c_str());
        QCOMPARE(turned.devices[0].answeredBy,
                 known ? BuildAnswer::EngineBinary : BuildAnswer::DriverCache);
        QCOMPARE(runValue(context, device, turned.devices[0].program), 7);
    }

    void noCacheEnvironmentTurnsItOff() {
        qputenv("CLW_NO_CACHE", "1");
        BuildService service(settings());
        qunsetenv("CLW_NO_CACHE");
        QVERIFY(service.cache() == nullptr);
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const auto request = requestFor(context, SourceSet::single(kernelReturning("4")));
        QVERIFY(service.build(request).ok());
    }
};

QTEST_GUILESS_MAIN(TestBuildService)
#include "tst_buildservice.moc"
