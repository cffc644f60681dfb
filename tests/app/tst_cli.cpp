// The clworkbench command-line verbs, run as a separate process without a display.
#include "clw/engine/runtime/DeviceInfo.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/InfoValue.h"
#include "clw/engine/runtime/Platform.h"

#include "TestDevice.h"
#include "WorkbenchDrivers.h"
#include "WorkbenchProcess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace engine = clw::engine;

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void version();
    void help();
    void devicesText();
    void devicesJson();
    void sample();
    void sampleOnNamedDevice();
    void sampleOnMissingDevice();
    void unknownVerbFails();
    void buildPrintsDiagnostics();
    void buildUsesTheCacheAndCacheVerbsExplainIt();
    void buildLeftToTheDriverCacheSaysSo();
    void buildRefusesANulByte();
    void unknownOptionFails();
    void buildWarnsOfAMissingIncludeFolder();
};

void TestCli::version() {
    const Run run = runWorkbench({QStringLiteral("--version")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QCOMPARE(run.out, QStringLiteral("clworkbench " CLW_EXPECTED_VERSION "\n"));
    QCOMPARE(run.out, QStringLiteral("clworkbench 0.1.0\n"));
}

void TestCli::help() {
    const Run run = runWorkbench({QStringLiteral("--help")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    for (const char* word :
         {"Usage: clworkbench", "devices", "--json", "sample", "--device", "--version", "--help"})
        QVERIFY2(run.out.contains(QString::fromUtf8(word)), word);
}

// The devices listed here are those clworkbench lists (Oclgrind among them).
void TestCli::initTestCase() {
    CLW_USE_WORKBENCH_DRIVERS();
}

void TestCli::devicesText() {
    CLW_REQUIRE_DEVICE(device);
    const Run run = runWorkbench({QStringLiteral("devices")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.out.contains(QString::fromStdString(device.name())), qPrintable(run.out));
    QVERIFY(run.out.contains(QString::fromStdString(device.platform().name())));
    QVERIFY(run.out.contains(QStringLiteral("Compute units:")));
    QVERIFY(run.out.contains(QStringLiteral("Max work-group size:")));
    QVERIFY(run.out.contains(
        QStringLiteral("%1 MHz").arg(device.info<CL_DEVICE_MAX_CLOCK_FREQUENCY>())));
}

void TestCli::devicesJson() {
    CLW_REQUIRE_DEVICE(device);
    const Run run = runWorkbench({QStringLiteral("devices"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(run.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonObject root = document.object();
    QCOMPARE(root.value(QStringLiteral("schema")).toString(),
             QStringLiteral("clworkbench.devices"));
    QCOMPARE(root.value(QStringLiteral("schemaVersion")).toInt(), 2);
    QVERIFY(root.value(QStringLiteral("error")).isNull());

    const QJsonArray platforms = root.value(QStringLiteral("platforms")).toArray();
    QCOMPARE(platforms.size(), qsizetype(engine::Platform::all().size()));
    qsizetype deviceCount = 0;
    QJsonObject found;
    for (const QJsonValue& platform : platforms) {
        const QJsonObject object = platform.toObject();
        for (const char* key :
             {"name", "vendor", "version", "profile", "extensions", "devices", "error"})
            QVERIFY2(object.contains(QString::fromUtf8(key)), key);
        const QJsonArray devices = object.value(QStringLiteral("devices")).toArray();
        deviceCount += devices.size();
        for (const QJsonValue& entry : devices) {
            if (entry.toObject().value(QStringLiteral("name")).toString() ==
                QString::fromStdString(device.name()))
                found = entry.toObject();
        }
    }
    QCOMPARE(deviceCount, qsizetype(engine::allDevices().size()));
    QVERIFY2(!found.isEmpty(), "the test device is not in the JSON");

    for (const char* key :
         {"name", "vendor", "type", "version", "driverVersion", "openclCVersion", "maxComputeUnits",
          "maxClockFrequencyMHz", "globalMemBytes", "localMemBytes", "maxMemAllocBytes",
          "maxWorkGroupSize", "maxWorkItemSizes", "extensions", "properties"})
        QVERIFY2(found.contains(QString::fromUtf8(key)), key);
    QCOMPARE(found.value(QStringLiteral("maxComputeUnits")).toInteger(),
             qint64(device.info<CL_DEVICE_MAX_COMPUTE_UNITS>()));
    QCOMPARE(found.value(QStringLiteral("globalMemBytes")).toInteger(),
             qint64(device.info<CL_DEVICE_GLOBAL_MEM_SIZE>()));
    QCOMPARE(found.value(QStringLiteral("maxWorkItemSizes")).toArray().size(),
             qsizetype(device.info<CL_DEVICE_MAX_WORK_ITEM_SIZES>().size()));

    // Every supported row of allInfo(), its text formatted as the engine formats it
    // (tst_clidevicesjson checks the typed values).
    const QJsonObject properties = found.value(QStringLiteral("properties")).toObject();
    int supported = 0;
    for (const engine::InfoValue& value : device.allInfo()) {
        const QString name = QString::fromUtf8(value.param->name);
        if (!value.supported()) {
            QVERIFY2(!properties.contains(name), qPrintable(name));
            continue;
        }
        ++supported;
        if (value.param->id == CL_DEVICE_MAX_COMPUTE_UNITS || value.param->id == CL_DEVICE_NAME)
            QCOMPARE(properties.value(name).toObject().value(QStringLiteral("text")).toString(),
                     QString::fromStdString(engine::formatInfoValue(value)));
    }
    QCOMPARE(properties.size(), supported);
    QVERIFY(properties.contains(QStringLiteral("CL_DEVICE_MAX_COMPUTE_UNITS")));
}

void TestCli::sample() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // sample runs on the default device, checked below
    const Run run = runWorkbench({QStringLiteral("sample")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.out.contains(QStringLiteral("0 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45")),
             qPrintable(describe(run)));
    QVERIFY(run.out.contains(QString::fromStdString(engine::defaultDevice()->name())));
}

void TestCli::sampleOnNamedDevice() {
    CLW_REQUIRE_DEVICE(device);
    const QString name = QString::fromStdString(device.name());
    const Run run = runWorkbench({QStringLiteral("sample"), QStringLiteral("--device"), name});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.contains(QStringLiteral("Device: ") + name));
    QVERIFY(run.out.contains(QStringLiteral("0 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45")));
}

void TestCli::sampleOnMissingDevice() {
    const Run run = runWorkbench({QStringLiteral("sample"), QStringLiteral("--device"),
                                  QStringLiteral("no-such-device-xyz")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("no-such-device-xyz")), qPrintable(describe(run)));
}

void TestCli::buildPrintsDiagnostics() {
    CLW_REQUIRE_DEVICE(device); // the verb picks the device itself; this fails when there is none
    Q_UNUSED(device);
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("bad.cl")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("__kernel void k(__global int* o) {\n"
               "  int x = 1;\n"
               "  o[0] = x + zz;\n"
               "  int q = 1\n"
               "}\n");
    file.close();
    qputenv("XDG_CACHE_HOME", dir.filePath(QStringLiteral("cache")).toUtf8());
    const Run run = runWorkbench({QStringLiteral("build"), file.fileName()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(
        run.out.contains(QStringLiteral("bad.cl:3:14: error: use of undeclared identifier 'zz'")),
        qPrintable(describe(run)));
    QVERIFY2(run.out.contains(QStringLiteral("bad.cl:4:12: error: expected ';'")),
             qPrintable(describe(run)));
    QVERIFY(run.out.contains(QStringLiteral("failed on ")));
}

// A driver reads a source up to its first NUL and builds the rest away without a word. The refusal
// leads with the words and ends with the code; no name from inside the engine shows.
void TestCli::buildRefusesANulByte() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device);
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("k.cl")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("__kernel void a(__global int* o) { o[0] = 1; }\n"
                          "\0 not OpenCL C\n"
                          "__kernel void b(__global int* o) { o[0] = 2; }\n",
                          109));
    file.close();
    qputenv("XDG_CACHE_HOME", dir.filePath(QStringLiteral("cache")).toUtf8());
    const Run run = runWorkbench({QStringLiteral("build"), file.fileName()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(
        run.err.split(QLatin1Char('\n'))
            .contains(QStringLiteral(
                "clworkbench build: reading the sources failed: k.cl: line 2, column 1 holds a "
                "NUL byte; OpenCL C sources are text: remove it, or open the right file "
                "(CL_INVALID_VALUE, -30)")),
        qPrintable(describe(run)));
    QVERIFY2(!run.err.contains(QStringLiteral("BuildService")), qPrintable(describe(run)));
}

void TestCli::buildUsesTheCacheAndCacheVerbsExplainIt() {
    CLW_REQUIRE_DEVICE(device);
    QTemporaryDir dir;
    qputenv("XDG_CACHE_HOME", dir.filePath(QStringLiteral("cache")).toUtf8());
    QFile header(dir.filePath(QStringLiteral("value.h")));
    QVERIFY(header.open(QIODevice::WriteOnly));
    header.write("#define VALUE 3\n");
    header.close();
    QFile file(dir.filePath(QStringLiteral("good.cl")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("#include \"value.h\"\n__kernel void k(__global int* o) { o[0] = VALUE; }\n");
    file.close();
    const Run first = runWorkbench({QStringLiteral("build"), file.fileName()});
    QVERIFY2(first.exitCode == 0, qPrintable(describe(first)));
    QVERIFY(!first.out.contains(QStringLiteral("from the cache")));
    const Run second = runWorkbench({QStringLiteral("build"), file.fileName()});
    QVERIFY2(second.out.contains(QStringLiteral("(from the cache: ")),
             qPrintable(describe(second)));

    const Run list = runWorkbench({QStringLiteral("cache"), QStringLiteral("list")});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.startsWith(QStringLiteral("1 entry in ")), qPrintable(describe(list)));
    QVERIFY(
        list.out.contains(QStringLiteral("include:") + dir.filePath(QStringLiteral("value.h"))));
    QVERIFY(list.out.contains(QString::fromStdString(device.name())));
    QVERIFY(list.out.contains(QStringLiteral("hits             1")));
    QVERIFY(list.out.contains(QStringLiteral("warm builds      ")));
    const Run stats = runWorkbench({QStringLiteral("cache"), QStringLiteral("stats")});
    QVERIFY2(stats.out.contains(QStringLiteral("entries    1")), qPrintable(describe(stats)));
    const Run clear = runWorkbench({QStringLiteral("cache"), QStringLiteral("clear")});
    QVERIFY2(clear.out.startsWith(QStringLiteral("removed 1 entry")), qPrintable(describe(clear)));
    const Run empty = runWorkbench({QStringLiteral("cache"), QStringLiteral("list")});
    QVERIFY(empty.out.startsWith(QStringLiteral("0 entries")));
    const Run bad = runWorkbench({QStringLiteral("cache"), QStringLiteral("frob")});
    QCOMPARE(bad.exitCode, 2);
    qunsetenv("XDG_CACHE_HOME");
}

// CLW_DRIVER_CACHE=driver leaves warm builds to the driver's own cache on any device (a known
// driver's is the faster path: DriverCacheUse.h); the build and the cache verbs say so.
void TestCli::buildLeftToTheDriverCacheSaysSo() {
    CLW_REQUIRE_DEVICE(device);
    QTemporaryDir dir;
    qputenv("XDG_CACHE_HOME", dir.filePath(QStringLiteral("cache")).toUtf8());
    qputenv("CLW_DRIVER_CACHE", "driver");
    QFile file(dir.filePath(QStringLiteral("driver.cl")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("__kernel void k(__global int* o) { o[0] = 12; }\n");
    file.close();
    const Run first = runWorkbench({QStringLiteral("build"), file.fileName()});
    const Run second = runWorkbench({QStringLiteral("build"), file.fileName()});
    const Run list = runWorkbench({QStringLiteral("cache"), QStringLiteral("list")});
    qunsetenv("CLW_DRIVER_CACHE");
    const Run binary = runWorkbench({QStringLiteral("build"), file.fileName()});
    qunsetenv("XDG_CACHE_HOME");
    QVERIFY2(first.exitCode == 0, qPrintable(describe(first)));
    QVERIFY(!first.out.contains(QStringLiteral("from the cache")));
    QVERIFY2(second.out.contains(QStringLiteral("(from the cache: the driver's own cache)")),
             qPrintable(describe(second)));
    QVERIFY2(list.out.contains(QStringLiteral("warm builds      the driver's own cache: ")),
             qPrintable(describe(list)));
    QVERIFY(list.out.contains(QStringLiteral("hits             1")));
    QVERIFY(list.out.contains(QString::fromStdString(device.name())));
    // Without the choice, the device's own default answers from the same entry.
    QVERIFY2(binary.exitCode == 0 && binary.out.contains(QStringLiteral("(from the cache: ")),
             qPrintable(describe(binary)));
}

void TestCli::unknownVerbFails() {
    const Run run = runWorkbench({QStringLiteral("frobnicate")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("unknown verb 'frobnicate'")),
             qPrintable(describe(run)));
    QVERIFY(run.out.isEmpty());
}

void TestCli::unknownOptionFails() {
    const Run run = runWorkbench({QStringLiteral("devices"), QStringLiteral("--bogus")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("--bogus")), qPrintable(describe(run)));
}

// A compiler skips an -I folder that does not exist without a word (issue 61): the build says it.
void TestCli::buildWarnsOfAMissingIncludeFolder() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device);
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("k.cl")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("__kernel void k(__global int* o) { o[0] = 1; }\n");
    file.close();
    qputenv("XDG_CACHE_HOME", dir.filePath(QStringLiteral("cache")).toUtf8());
    const QString missing = dir.filePath(QStringLiteral("no_such_dir"));
    const Run run = runWorkbench({QStringLiteral("build"), file.fileName(), QStringLiteral("-I"),
                                  missing, QStringLiteral("-I"), dir.path()});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.filter(QStringLiteral("warning:")),
             QStringList{QStringLiteral("warning: the include folder '%1' does not exist: no "
                                        "header is looked for there")
                             .arg(missing)});
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
