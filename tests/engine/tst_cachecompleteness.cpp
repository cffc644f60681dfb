// The binary cache never hands the driver a binary it cannot take: a binary the driver gives out
// incomplete is never stored, and a cached one that is incomplete is removed before the driver
// sees it (PoCL 3 aborts the process on one). Both are counted for `cache stats`.
#include "KernelValue.h"
#include "PoclBinaryWriter.h"
#include "TestDevice.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/Kernel.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace clw::engine;
using clw::test::PoclBinaryWriter;

namespace {

const char* kSource = "__kernel void k(__global int* out) { out[0] = 8; }\n";

int runValue(const Context& context, const Device& device, const Program& program) {
    return clw::test::kernelValue(context, device, program);
}

bool anySays(const std::vector<std::string>& problems, const char* words) {
    for (const std::string& problem : problems)
        if (problem.find(words) != std::string::npos)
            return true;
    return false;
}

// Seam: the driver gives out g_givenOut instead of the binary it built, and
// clCreateProgramWithBinary is counted.
ClApi g_real;
Binary g_givenOut;
int g_binaryLoads = 0;
cl_int CL_API_CALL givingOut(cl_program program, cl_program_info param, size_t size, void* value,
                             size_t* sizeRet) {
    if (param == CL_PROGRAM_BINARY_SIZES) {
        if (sizeRet)
            *sizeRet = sizeof(size_t);
        if (value)
            *static_cast<size_t*>(value) = g_givenOut.size();
        return CL_SUCCESS;
    }
    if (param == CL_PROGRAM_BINARIES) {
        std::memcpy(*static_cast<unsigned char**>(value), g_givenOut.data(), g_givenOut.size());
        return CL_SUCCESS;
    }
    return g_real.clGetProgramInfo(program, param, size, value, sizeRet);
}
cl_program CL_API_CALL countingLoad(cl_context context, cl_uint count, const cl_device_id* devices,
                                    const size_t* sizes, const unsigned char** binaries,
                                    cl_int* status, cl_int* code) {
    ++g_binaryLoads;
    return g_real.clCreateProgramWithBinary(context, count, devices, sizes, binaries, status, code);
}

} // namespace

class TestCacheCompleteness : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    int m_folders = 0;

    // The binary cache's own binaries answer here, on every device (DriverCacheUse.h).
    static BuildService::Settings settingsFor(const std::filesystem::path& folder) {
        BuildService::Settings settings;
        settings.cacheFolder = folder;
        settings.driverCache = DriverCacheUse::Never;
        return settings;
    }
    BuildService::Settings freshCache() {
        return settingsFor(m_dir.filePath(QString::number(++m_folders)).toStdString());
    }
    static BuildRequest requestFor(const Context& context) {
        BuildRequest request;
        request.context = context;
        request.sources = SourceSet::single(kSource);
        return request;
    }
    // Builds once so that the cache holds the entry, then replaces its binary and kernel names.
    static CacheKey storeInstead(BuildService& service, const BuildRequest& request,
                                 const Binary& binary, const std::vector<std::string>& kernels) {
        const BuildOutcome first = service.build(request);
        service.waitIdle();
        service.forgetMemory();
        CacheKey key;
        key.digest = first.devices.at(0).cacheDigest;
        service.cache()->store(key, binary, first.devices[0].log, kernels);
        return key;
    }

private slots:
    void incompleteBinaryIsNeverStored() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService service(freshCache());
        PoclBinaryWriter writer;
        writer.kernels = {}; // the program has kernel k: the binary lacks it
        {
            ScopedClApi seam;
            g_real = seam.real();
            g_givenOut = writer.write();
            seam.api().clGetProgramInfo = givingOut;
            const BuildOutcome outcome = service.build(requestFor(context));
            QVERIFY2(outcome.ok(), outcome.error.c_str());
            service.waitIdle(); // the binary is stored in the background: not while the seam goes
        }
        QCOMPARE(service.cache()->list().size(), size_t(0));
        QCOMPARE(service.cache()->stats().incompleteBinaries, 1u);
        QVERIFY(anySays(service.cache()->takeProblems(), "incomplete binary"));
        // The same build with the driver's own binary is stored, and answers a new service.
        service.forgetMemory();
        QVERIFY(!service.build(requestFor(context)).allFromCache());
        service.waitIdle();
        QCOMPARE(service.cache()->list().size(), size_t(1));
        BuildService next(settingsFor(service.cache()->folder()));
        const BuildOutcome hit = next.build(requestFor(context));
        QVERIFY(hit.allFromCache());
        QCOMPARE(runValue(context, device, hit.devices[0].program), 8);
    }

    void incompleteCachedBinaryNeverReachesTheDriver() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService service(freshCache());
        PoclBinaryWriter writer;
        writer.fileEntries = {{}}; // as PoCL 3 gives it out while another process rewrites it
        const CacheKey key = storeInstead(service, requestFor(context), writer.write(), {"k"});
        ScopedClApi seam;
        g_real = seam.real();
        g_binaryLoads = 0;
        seam.api().clCreateProgramWithBinary = countingLoad;
        const BuildOutcome outcome = service.build(requestFor(context));
        service.waitIdle();
        QVERIFY2(outcome.ok(), outcome.error.c_str());
        QVERIFY(!outcome.devices[0].fromCache);
        QCOMPARE(g_binaryLoads, 0);
        QCOMPARE(runValue(context, device, outcome.devices[0].program), 8);
        QCOMPARE(service.cache()->stats().rejectedBinaries, 1u);
        QVERIFY(anySays(outcome.cacheProblems, "file entry 1 is empty"));
        // Rebuilt from source and stored again: the next service loads the good binary.
        const auto entry = service.cache()->load(key);
        QVERIFY(entry);
        QCOMPARE(entry->kernelNames, std::vector<std::string>{"k"});
        BuildService next(settingsFor(service.cache()->folder()));
        QVERIFY(next.build(requestFor(context)).allFromCache());
        QCOMPARE(g_binaryLoads, 1);
    }

    // Whatever the driver's format: a cached binary that loads without a kernel its source
    // build had is rejected, and the program is built from source.
    void cachedBinaryLackingAKernelIsRejected() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        BuildService service(freshCache());
        Program program = Program::fromSource(context, kSource);
        QVERIFY(program.build().ok());
        const Binary real = program.binaries().at(0);
        storeInstead(service, requestFor(context), real, {"k", "ghost"});
        const BuildOutcome outcome = service.build(requestFor(context));
        service.waitIdle();
        QVERIFY2(outcome.ok(), outcome.error.c_str());
        QVERIFY(!outcome.devices[0].fromCache);
        QCOMPARE(runValue(context, device, outcome.devices[0].program), 8);
        QCOMPARE(service.cache()->stats().rejectedBinaries, 1u);
        QVERIFY(anySays(outcome.cacheProblems, "rejected"));
    }
};

QTEST_GUILESS_MAIN(TestCacheCompleteness)
#include "tst_cachecompleteness.moc"
