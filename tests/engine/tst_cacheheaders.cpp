// The binary cache follows every header the compiler reads: a header edited after a build is
// seen by the next build, whichever way the compiler found it (-I in the options or in
// CLW_BUILD_OPTIONS, beside the header that includes it, the session's include folders, under
// #if). Where the include scan cannot be sure (a computed #include, __has_include, a header in
// none of the folders), the build says so and bypasses the cache instead of trusting it.
#include "KernelValue.h"
#include "TestDevice.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/Kernel.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace clw::engine;
namespace fs = std::filesystem;

namespace {

const std::string kKernel = "__kernel void k(__global int* out) { out[0] = VAL; }\n";

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

struct Built {
    int value = -1;
    bool fromCache = false;
    std::string bypassed;
};

} // namespace

class TestCacheHeaders : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    fs::path m_root;
    fs::path m_cache;
    int m_case = 0;

    // Builds through a new service (nothing in memory: only the disk cache can answer) and runs.
    Built buildAndRun(const Context& context, const Device& device, const BuildRequest& request) {
        BuildService::Settings settings;
        settings.cacheFolder = m_cache;
        BuildService service(settings);
        const BuildOutcome outcome = service.build(request);
        Built built;
        if (!outcome.ok()) {
            qWarning("build failed: %s %s", outcome.error.c_str(),
                     outcome.devices.empty() ? "" : outcome.devices[0].log.c_str());
            return built;
        }
        built.fromCache = outcome.allFromCache();
        built.bypassed = outcome.cacheBypassed;
        built.value = clw::test::kernelValue(context, device, outcome.devices[0].program);
        return built;
    }

    // Writes `header` with VAL 1, builds, edits it to VAL 2, builds again: the second build must
    // give 2. A sure scan caches the first build (a repeat hits) and misses after the edit; an
    // unsure one says why and stores nothing.
    void checkFollowsEdit(const BuildRequest& request, const fs::path& header, bool sure,
                          const char* why = "") {
        CLW_REQUIRE_DEVICE(device);
        write(header, "#define VAL 1\n");
        const Built first = buildAndRun(request.context, device, request);
        QCOMPARE(first.value, 1);
        QCOMPARE(first.fromCache, false);
        if (sure) {
            QCOMPARE(first.bypassed, std::string());
            const Built repeat = buildAndRun(request.context, device, request);
            QCOMPARE(repeat.value, 1);
            QVERIFY(repeat.fromCache);
        } else {
            QVERIFY2(first.bypassed.find(why) != std::string::npos, first.bypassed.c_str());
            QCOMPARE(BinaryCache(m_cache).list().size(), size_t(0));
        }
        write(header, "#define VAL 2\n");
        const Built edited = buildAndRun(request.context, device, request);
        QCOMPARE(edited.value, 2);
        QCOMPARE(edited.fromCache, false);
    }

    BuildRequest requestFor(const Device& device, const std::string& main,
                            const std::string& options = {}) {
        BuildRequest request;
        request.context = Context(device);
        request.sources = SourceSet::single(main);
        request.options = options;
        return request;
    }

private slots:
    void init() {
        m_root = fs::path(m_dir.path().toStdString()) / std::to_string(++m_case);
        m_cache = m_root / "cache";
        qunsetenv("CLW_BUILD_OPTIONS");
    }
    void cleanup() { qunsetenv("CLW_BUILD_OPTIONS"); }

    void dashIInTheOptions() {
        CLW_REQUIRE_DEVICE(device);
        const fs::path dir = m_root / "include";
        checkFollowsEdit(requestFor(device, "#include \"val.h\"\n" + kKernel, "-I " + dir.string()),
                         dir / "val.h", true);
    }

    void dashIGluedWithAnAngleInclude() {
        CLW_REQUIRE_DEVICE(device);
        const fs::path dir = m_root / "inc";
        checkFollowsEdit(requestFor(device, "#include <val.h>\n" + kKernel, "-I" + dir.string()),
                         dir / "val.h", true);
    }

    void dashIInClwBuildOptions() {
        CLW_REQUIRE_DEVICE(device);
        const fs::path dir = m_root / "env";
        qputenv("CLW_BUILD_OPTIONS", ("-I " + dir.string()).c_str());
        checkFollowsEdit(requestFor(device, "#include \"val.h\"\n" + kKernel), dir / "val.h", true);
    }

    void nestedBesideTheIncludingHeader() {
        CLW_REQUIRE_DEVICE(device);
        // lib/outer.h includes "inner.h": the compiler finds lib/inner.h beside it.
        write(m_root / "lib" / "outer.h", "#include \"inner.h\"\n");
        BuildRequest request = requestFor(device, "#include \"lib/outer.h\"\n" + kKernel);
        request.sources.includeDirs = {m_root.string()};
        checkFollowsEdit(request, m_root / "lib" / "inner.h", true);
    }

    void sessionIncludeFolders() {
        CLW_REQUIRE_DEVICE(device);
        BuildRequest request = requestFor(device, "#include \"val.h\"\n" + kKernel);
        request.sources.includeDirs = {(m_root / "session").string()};
        checkFollowsEdit(request, m_root / "session" / "val.h", true);
    }

    void includeUnderAMacro() {
        CLW_REQUIRE_DEVICE(device);
        write(m_root / "a.h", "#define VAL 100\n");
        BuildRequest request = requestFor(
            device, "#ifdef USE_B\n#include \"b.h\"\n#else\n#include \"a.h\"\n#endif\n" + kKernel,
            "-D USE_B -I " + m_root.string());
        checkFollowsEdit(request, m_root / "b.h", true);
    }

    void computedIncludeBypassesTheCache() {
        CLW_REQUIRE_DEVICE(device);
        const fs::path dir = m_root / "computed";
        checkFollowsEdit(requestFor(device, "#define HEADER \"val.h\"\n#include HEADER\n" + kKernel,
                                    "-I " + dir.string()),
                         dir / "val.h", false, "computed #include");
    }

    void hasIncludeBypassesTheCache() {
        CLW_REQUIRE_DEVICE(device);
        const fs::path dir = m_root / "has";
        checkFollowsEdit(
            requestFor(device,
                       "#ifdef __has_include\n#if __has_include(\"optional.h\")\n#endif\n#endif\n"
                       "#include \"val.h\"\n" +
                           kKernel,
                       "-I " + dir.string()),
            dir / "val.h", false, "__has_include");
    }

    void headerInNoKnownFolderBypassesTheCache() {
        CLW_REQUIRE_DEVICE(device);
        const fs::path dir = m_root / "known";
        checkFollowsEdit(requestFor(device,
                                    "#ifdef NEVER\n#include \"absent.h\"\n#endif\n"
                                    "#include \"val.h\"\n" +
                                        kKernel,
                                    "-I " + dir.string()),
                         dir / "val.h", false, "'absent.h', which is in none of the folders");
    }
};

QTEST_GUILESS_MAIN(TestCacheHeaders)
#include "tst_cacheheaders.moc"
