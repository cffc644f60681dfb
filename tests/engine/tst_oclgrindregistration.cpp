// engine.oclgrindregistration: Oclgrind as one more OpenCL platform of the workbench's processes
// (engine::OclgrindRegistration). The vendors folder holds the system's .icd files and one for
// Oclgrind's driver; a driver gone from the system goes from the folder; an OCL_ICD_VENDORS of the
// environment is kept; CLW_OCLGRIND_ICD names (by absolute path only) or turns off the driver; a
// folder that cannot be written leaves Oclgrind out and says why. Through the ICD loader (clinfo
// in a child) the folder lists Oclgrind beside the system's drivers. Oclgrind must be installed
// (scripts/setup): in this process it is listed too, the default device is never the simulator,
// its benchmarks run the quick sizes, and a build's binary is cached before the program is handed
// over.
#include "clw/engine/build/BuildService.h"
#include "clw/engine/debug/OclgrindRegistration.h"
#include "clw/engine/device/DeviceBenchmark.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <future>
#include <map>

namespace engine = clw::engine;
using engine::OclgrindRegistration;

namespace {

// Where Debian's oclgrind package puts the driver (scripts/setup installs it).
const char kDebianLibrary[] = "/usr/lib/oclgrind/liboclgrind-rt-icd.so";

// An environment of just these variables.
OclgrindRegistration::Lookup variables(std::map<std::string, std::string> values) {
    return [values = std::move(values)](const char* name) -> std::optional<std::string> {
        const auto found = values.find(name);
        if (found == values.end())
            return std::nullopt;
        return found->second;
    };
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(unreadable)");
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

QStringList icdFiles(const QString& folder) {
    return QDir(folder).entryList({QStringLiteral("*.icd")}, QDir::Files, QDir::Name);
}

} // namespace

class TestOclgrindRegistration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // This process lists Oclgrind as the workbench's processes do, before its first OpenCL call,
    // with a vendors folder of its own that the functions below leave alone.
    void initTestCase() {
        QVERIFY(m_processCache.isValid());
        qunsetenv("OCL_ICD_VENDORS");
        qputenv("XDG_CACHE_HOME", m_processCache.path().toUtf8());
        m_registration = OclgrindRegistration::applyToThisProcess();
        QVERIFY2(m_registration.problem.empty(), m_registration.problem.c_str());
    }

    void init() {
        // The vendors folder lives in the cache folder: a fresh one per test function.
        QVERIFY(m_cache.emplace().isValid());
        qputenv("XDG_CACHE_HOME", m_cache->path().toUtf8());
    }

    void theSystemsDriversAndOclgrind() {
        const OclgrindRegistration registration = OclgrindRegistration::prepare(variables({}));
        QVERIFY2(registration.problem.empty(), registration.problem.c_str());
        QCOMPARE(registration.library.string(), std::string(kDebianLibrary));
        const QString folder = QString::fromStdString(registration.vendors);
        // Ending in the separator, which the Khronos loader of NVIDIA's CUDA needs.
        QCOMPARE(folder, m_cache->filePath(QStringLiteral("clworkbench/icd-vendors/")));
        QStringList expected = icdFiles(QStringLiteral("/etc/OpenCL/vendors"));
        QVERIFY2(!expected.isEmpty(), "no driver in /etc/OpenCL/vendors: run scripts/setup (PoCL)");
        for (const QString& name : expected)
            QCOMPARE(readFile(folder + QLatin1Char('/') + name),
                     readFile(QStringLiteral("/etc/OpenCL/vendors/") + name));
        expected << QStringLiteral("clworkbench-oclgrind.icd");
        expected.sort();
        QCOMPARE(icdFiles(folder), expected);
        QCOMPARE(readFile(folder + QStringLiteral("/clworkbench-oclgrind.icd")),
                 QByteArray(kDebianLibrary) + '\n');
    }

    void theLoaderListsOclgrindBesideTheSystemsDrivers() {
        const OclgrindRegistration registration = OclgrindRegistration::prepare(variables({}));
        QVERIFY(!registration.vendors.empty());
        const auto platforms = [](const QString& vendors) {
            QProcess clinfo;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            if (vendors.isEmpty())
                environment.remove(QStringLiteral("OCL_ICD_VENDORS"));
            else
                environment.insert(QStringLiteral("OCL_ICD_VENDORS"), vendors);
            clinfo.setProcessEnvironment(environment);
            clinfo.start(QStringLiteral("clinfo"), {QStringLiteral("-l")});
            if (!clinfo.waitForFinished(60000) || clinfo.exitCode() != 0)
                return QStringList{
                    QStringLiteral("clinfo did not run: install it (scripts/setup)")};
            QStringList names;
            for (const QString& line : QString::fromUtf8(clinfo.readAllStandardOutput())
                                           .split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                if (line.startsWith(QLatin1String("Platform #")))
                    names << line.section(QStringLiteral(": "), 1);
            names.sort();
            return names;
        };
        const QStringList system = platforms({});
        QVERIFY2(!system.contains(QStringLiteral("Oclgrind")),
                 "Oclgrind is registered system-wide: every OpenCL program lists it");
        QStringList expected = system;
        expected << QStringLiteral("Oclgrind");
        expected.sort();
        QCOMPARE(platforms(QString::fromStdString(registration.vendors)), expected);
    }

    void aDriverGoneFromTheSystemGoesFromTheFolder() {
        QTemporaryDir system;
        writeFile(system.filePath(QStringLiteral("a.icd")), "liba.so\n");
        writeFile(system.filePath(QStringLiteral("b.icd")), "/opt/b/libb.so\n");
        writeFile(system.filePath(QStringLiteral("notes.txt")), "not a driver\n");
        const auto environment = variables({{"OPENCL_VENDOR_PATH", system.path().toStdString()}});
        const OclgrindRegistration first = OclgrindRegistration::prepare(environment);
        const QString folder = QString::fromStdString(first.vendors);
        QCOMPARE(icdFiles(folder), (QStringList{QStringLiteral("a.icd"), QStringLiteral("b.icd"),
                                                QStringLiteral("clworkbench-oclgrind.icd")}));
        QCOMPARE(readFile(folder + QStringLiteral("/b.icd")), QByteArray("/opt/b/libb.so\n"));

        QVERIFY(QFile::remove(system.filePath(QStringLiteral("b.icd"))));
        writeFile(system.filePath(QStringLiteral("a.icd")), "liba.so.2\n");
        const OclgrindRegistration second = OclgrindRegistration::prepare(environment);
        QCOMPARE(second.vendors, first.vendors);
        QCOMPARE(icdFiles(folder), (QStringList{QStringLiteral("a.icd"),
                                                QStringLiteral("clworkbench-oclgrind.icd")}));
        QCOMPARE(readFile(folder + QStringLiteral("/a.icd")), QByteArray("liba.so.2\n"));
    }

    void anEnvironmentsOwnVendorsAreKept() {
        const OclgrindRegistration registration =
            OclgrindRegistration::prepare(variables({{"OCL_ICD_VENDORS", "/somewhere/else"}}));
        QVERIFY(registration.vendors.empty());
        QVERIFY(registration.problem.empty());
        QVERIFY(!QFileInfo::exists(m_cache->filePath(QStringLiteral("clworkbench/icd-vendors"))));
        // An empty value is no choice: ocl-icd reads /etc/OpenCL/vendors then.
        QVERIFY(
            !OclgrindRegistration::prepare(variables({{"OCL_ICD_VENDORS", ""}})).vendors.empty());
    }

    void aSystemThatListsOclgrindGetsNoSecond() {
        QTemporaryDir system;
        writeFile(system.filePath(QStringLiteral("oclgrind.icd")),
                  QByteArray(kDebianLibrary) + '\n');
        const OclgrindRegistration registration = OclgrindRegistration::prepare(
            variables({{"OPENCL_VENDOR_PATH", system.path().toStdString()}}));
        QVERIFY(registration.vendors.empty());
        QVERIFY(registration.problem.empty());
    }

    void clwOclgrindIcdNamesOrTurnsOffTheDriver() {
        QVERIFY(
            OclgrindRegistration::prepare(variables({{"CLW_OCLGRIND_ICD", ""}})).vendors.empty());

        const OclgrindRegistration missing = OclgrindRegistration::prepare(
            variables({{"CLW_OCLGRIND_ICD", "/no/such/liboclgrind-rt-icd.so"}}));
        QVERIFY(missing.vendors.empty());
        QCOMPARE(QString::fromStdString(missing.problem),
                 QStringLiteral("CLW_OCLGRIND_ICD names /no/such/liboclgrind-rt-icd.so, which is "
                                "not a file"));

        QTemporaryDir own;
        const QString library = own.filePath(QStringLiteral("liboclgrind-rt-icd.so"));
        writeFile(library, "a build of Oclgrind's own");
        const OclgrindRegistration named =
            OclgrindRegistration::prepare(variables({{"CLW_OCLGRIND_ICD", library.toStdString()}}));
        QCOMPARE(named.library.string(), library.toStdString());
        QCOMPARE(readFile(QString::fromStdString(named.vendors) +
                          QStringLiteral("/clworkbench-oclgrind.icd")),
                 library.toUtf8() + '\n');
    }

    // A relative path, even to a file that is there from this folder, is refused: the ICD
    // loader would open it from each process's current folder.
    void aRelativeClwOclgrindIcdIsRefused() {
        QTemporaryDir own;
        const QString library = own.filePath(QStringLiteral("liboclgrind-rt-icd.so"));
        writeFile(library, "a build of Oclgrind's own");
        const QString relative = QDir::current().relativeFilePath(library);
        QVERIFY2(QDir::isRelativePath(relative) && QFile::exists(relative), qPrintable(relative));
        const OclgrindRegistration registration = OclgrindRegistration::prepare(
            variables({{"CLW_OCLGRIND_ICD", relative.toStdString()}}));
        QVERIFY(registration.vendors.empty());
        QVERIFY(registration.library.empty());
        QCOMPARE(QString::fromStdString(registration.problem),
                 QStringLiteral("CLW_OCLGRIND_ICD must be an absolute path, not '%1' (a relative "
                                "one would be looked up from the current folder)")
                     .arg(relative));
    }

    void aFolderThatCannotBeWrittenLeavesOclgrindOut() {
        // The cache folder's place is a file: no folder can be made under it (root or not).
        const QString blocker = m_cache->filePath(QStringLiteral("blocker"));
        writeFile(blocker, "a file");
        qputenv("XDG_CACHE_HOME", blocker.toUtf8());
        const OclgrindRegistration registration = OclgrindRegistration::prepare(variables({}));
        QVERIFY(registration.vendors.empty());
        QVERIFY2(QString::fromStdString(registration.problem)
                     .startsWith(QStringLiteral("Oclgrind is not listed: cannot create ")),
                 registration.problem.c_str());
    }

    void thisProcessListsOclgrindAndKeepsARealDefault() {
        QVERIFY(!m_registration.vendors.empty());
        QCOMPARE(qEnvironmentVariable("OCL_ICD_VENDORS").toStdString(), m_registration.vendors);
        const std::optional<engine::Device> oclgrind = engine::findDevice("Oclgrind");
        QVERIFY2(oclgrind, "Oclgrind is not listed: run scripts/setup (package oclgrind)");
        QVERIFY(engine::isSimulator(*oclgrind));
        QCOMPARE(oclgrind->name(), std::string("Oclgrind Simulator"));
        // It claims to be a GPU, and the loader may list it first: the default is a real device.
        QVERIFY(oclgrind->type() & CL_DEVICE_TYPE_GPU);
        const std::optional<engine::Device> chosen = engine::defaultDevice();
        QVERIFY(chosen && !engine::isSimulator(*chosen));
        // Alone, it is the default.
        QCOMPARE(engine::defaultAmong({*oclgrind}), oclgrind);
        QCOMPARE(engine::defaultAmong({}), std::optional<engine::Device>());
    }

    // clpeak's sizes would take hours of simulation: Oclgrind always runs the quick ones.
    void benchmarksOnOclgrindRunTheQuickSizes() {
        const std::optional<engine::Device> oclgrind = engine::findDevice("Oclgrind");
        QVERIFY(oclgrind);
        engine::BenchmarkOptions options;
        options.globalBandwidth = options.computeSingle = options.computeDouble =
            options.computeInteger = options.transfer = false;
        QElapsedTimer timer;
        timer.start();
        const engine::BenchmarkResult result = engine::runDeviceBenchmarks(*oclgrind, options);
        QVERIFY(result.quick);
        QCOMPARE(result.skipped, std::vector<std::string>{"full sizes: Oclgrind simulates its "
                                                          "device, so the quick sizes ran"});
        QVERIFY(result.find("kernel_latency", "round_trip"));
        QVERIFY2(timer.elapsed() < 60000, qPrintable(QString::number(timer.elapsed())));
    }

    // Oclgrind writes a binary out of the module its kernels run on: the engine reads it before
    // the caller has the program (a launch at once would run beside the read), for build() and
    // submit() alike, and the next service's build loads it.
    void oclgrindsBinaryIsStoredBeforeTheProgramIsHandedOver() {
        const std::optional<engine::Device> oclgrind = engine::findDevice("Oclgrind");
        QVERIFY(oclgrind);
        const engine::Context context(*oclgrind);
        engine::BuildService::Settings settings;
        settings.cacheFolder = m_cache->filePath(QStringLiteral("binaries")).toStdString();
        const auto request = [&](const std::string& body) {
            engine::BuildRequest built;
            built.context = context;
            built.sources =
                engine::SourceSet::single("__kernel void k(__global int* x) { " + body + " }");
            return built;
        };
        {
            engine::BuildService service(settings);
            const engine::BuildOutcome outcome = service.build(request("x[0] = 1;"));
            QVERIFY2(outcome.ok(), outcome.error.c_str());
            QVERIFY(!outcome.devices.front().fromCache);
            QCOMPARE(service.cache()->list().size(), size_t(1)); // no waitIdle()
            std::promise<std::size_t> entries;
            service.submit(request("x[0] = 2;"), [&](const engine::BuildOutcome& submitted) {
                entries.set_value(submitted.ok() ? service.cache()->list().size() : 0);
            });
            QCOMPARE(entries.get_future().get(), size_t(2));
        }
        engine::BuildService fresh(settings);
        const engine::BuildOutcome again = fresh.build(request("x[0] = 1;"));
        QVERIFY2(again.allFromCache(), again.error.c_str());
    }

private:
    QTemporaryDir m_processCache;
    OclgrindRegistration m_registration;
    std::optional<QTemporaryDir> m_cache;
};

QTEST_GUILESS_MAIN(TestOclgrindRegistration)
#include "tst_oclgrindregistration.moc"
