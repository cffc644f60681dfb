// The device verbs of clworkbench, run as a separate process without a display: `devices --json`
// with the characterization, image formats and platform properties; `devices --all` with every
// property under its topic; the ICD loader's properties and NULL platform behavior in both, the
// text against clinfo's own sections; `bench --quick --json` with its progress line and figures;
// `bench --quick` as text, and the text of a made-up result with zero-copy maps.
#include "cli/BenchCommand.h"

#include "clw/engine/device/DeviceBenchmark.h"
#include "clw/engine/device/IcdLoaderInfo.h"
#include "clw/engine/device/NullPlatformBehavior.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"

#include "TestDevice.h"
#include "WorkbenchDrivers.h"
#include "WorkbenchProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTextStream>
#include <QtTest>

#include <algorithm>

namespace engine = clw::engine;

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

QJsonObject findDevice(const QJsonObject& root, const QString& name) {
    for (const QJsonValue& platform : root.value(QStringLiteral("platforms")).toArray())
        for (const QJsonValue& device :
             platform.toObject().value(QStringLiteral("devices")).toArray())
            if (device.toObject().value(QStringLiteral("name")).toString() == name)
                return device.toObject();
    return {};
}

// The lines of one of clinfo's (or our) top-level sections, up to the next blank line.
QStringList section(const QString& output, const QString& title) {
    const QStringList lines = output.split(QLatin1Char('\n'));
    const qsizetype start = lines.indexOf(title);
    QStringList found;
    for (qsizetype i = start + 1; start >= 0 && i < lines.size() && !lines[i].isEmpty(); ++i)
        found << lines[i];
    return found;
}

// "  <label>  <value>" -> label and value (no label holds two spaces in a row).
std::pair<QString, QString> splitLine(const QString& line) {
    const QString text = line.trimmed();
    const qsizetype gap = text.indexOf(QStringLiteral("  "));
    return gap < 0 ? std::pair{text, QString()}
                   : std::pair{text.left(gap), text.mid(gap).trimmed()};
}

} // namespace

class TestCliDevices : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void devicesJsonHasCharacterization();
    void devicesTextHasCharacterizationAndTopics();
    void devicesTextHasClinfosRuntimeSections();
    void devicesJsonHasRuntime();
    void benchQuickJson();
    void benchOptionErrors();
    void benchQuickText();
    void benchTextShowsZeroCopy();
};

// This process, clinfo and clworkbench list the same drivers (Oclgrind among them).
void TestCliDevices::initTestCase() {
    CLW_USE_WORKBENCH_DRIVERS();
}

void TestCliDevices::devicesJsonHasCharacterization() {
    CLW_REQUIRE_DEVICE(device);
    const Run run = runWorkbench({QStringLiteral("devices"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject root = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("schemaVersion")).toInt(), 2); // typed property values
    const QJsonObject found = findDevice(root, QString::fromStdString(device.name()));
    QVERIFY2(!found.isEmpty(), "the test device is not in the JSON");

    const QJsonArray characterization = found.value(QStringLiteral("characterization")).toArray();
    QVERIFY(characterization.size() >= 15);
    QStringList keys;
    for (const QJsonValue& item : characterization) {
        const QJsonObject object = item.toObject();
        for (const char* field : {"key", "label", "value", "note"})
            QVERIFY2(object.contains(QString::fromUtf8(field)), field);
        keys << object.value(QStringLiteral("key")).toString();
    }
    for (const char* key :
         {"double_support", "simd_group_size", "local_memory_bank_count", "usable_local_mem_size",
          "fast_inaccurate_build_options", "nv_compute_capability", "local_conflict_float_32x32"})
        QVERIFY2(keys.contains(QString::fromUtf8(key)), key);
    QVERIFY(found.value(QStringLiteral("characterizationError")).isNull());

    // Image formats by flags and type; PoCL has images.
    const QJsonObject formats = found.value(QStringLiteral("imageFormats")).toObject();
    const QJsonArray readOnly2d =
        formats.value(QStringLiteral("CL_MEM_READ_ONLY / CL_MEM_OBJECT_IMAGE2D")).toArray();
    QVERIFY2(readOnly2d.contains(QStringLiteral("CL_RGBA / CL_FLOAT")),
             QJsonDocument(formats).toJson().constData());
    // The info table stays in "properties", nothing else.
    const QJsonObject properties = found.value(QStringLiteral("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it)
        QVERIFY2(it.key().startsWith(QStringLiteral("CL_")) && !it.key().contains(QLatin1Char('/')),
                 qPrintable(it.key()));

    // Platforms carry their own info table.
    const QJsonObject platform =
        root.value(QStringLiteral("platforms")).toArray().first().toObject();
    QCOMPARE(platform.value(QStringLiteral("properties"))
                 .toObject()
                 .value(QStringLiteral("CL_PLATFORM_NAME"))
                 .toObject()
                 .value(QStringLiteral("value"))
                 .toString(),
             platform.value(QStringLiteral("name")).toString());
}

void TestCliDevices::devicesTextHasCharacterizationAndTopics() {
    CLW_REQUIRE_DEVICE(device);
    const Run brief = runWorkbench({QStringLiteral("devices")});
    QVERIFY2(brief.exitCode == 0, qPrintable(describe(brief)));
    QVERIFY(brief.out.contains(QStringLiteral("    Characterization:\n")));
    QVERIFY(brief.out.contains(QStringLiteral("SIMD group size (warp, wavefront):")));
    QVERIFY(!brief.out.contains(QStringLiteral("CL_DEVICE_MAX_COMPUTE_UNITS")));
    const Run all = runWorkbench({QStringLiteral("devices"), QStringLiteral("--all")});
    QVERIFY2(all.exitCode == 0, qPrintable(describe(all)));
    QVERIFY(all.out.contains(QStringLiteral("    Compute:\n")));
    QVERIFY(all.out.contains(QStringLiteral("    Supported image formats:\n")));
    QVERIFY(all.out.contains(QStringLiteral("CL_PLATFORM_NAME")));
    // Human units with the raw value beside them.
    const QString bytes = QString::number(device.info<CL_DEVICE_GLOBAL_MEM_SIZE>());
    QVERIFY2(all.out.contains(QLatin1Char('[') + bytes + QLatin1Char(']')), qPrintable(bytes));
}

void TestCliDevices::devicesTextHasClinfosRuntimeSections() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // the NULL platform's device is checked below
    QProcess clinfo;
    clinfo.start(QStringLiteral("clinfo"), QStringList());
    QVERIFY2(clinfo.waitForFinished(60000) && clinfo.exitCode() == 0,
             "clinfo did not run: install clinfo (scripts/setup)");
    const QString theirs = QString::fromUtf8(clinfo.readAllStandardOutput());
    const Run run = runWorkbench({QStringLiteral("devices")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));

    // The NULL platform section line by line: the same calls and names, clinfo's words for
    // each outcome (ours add the code's name to a failure).
    const QStringList expected = section(theirs, QStringLiteral("NULL platform behavior"));
    const QStringList actual = section(run.out, QStringLiteral("NULL platform behavior"));
    QVERIFY2(expected.size() >= 9, qPrintable(theirs));
    QCOMPARE(actual.size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const auto [label, value] = splitLine(expected[i]);
        const auto [ourLabel, ourValue] = splitLine(actual[i]);
        const QString where = expected[i] + QStringLiteral(" | ") + actual[i];
        QVERIFY2(ourLabel == label, qPrintable(where));
        QVERIFY2(ourValue == value || ourValue.startsWith(value + QStringLiteral(" (CL_")),
                 qPrintable(where));
    }
    // Where the loader resolves the NULL platform (Debian's ocl-icd), it is the loader's first
    // (Oclgrind, listed first for the device types it claims, where it is installed) and its
    // device is named. Where it resolves none (the Khronos loader that CUDA ships), the lines
    // above said so as clinfo does, and no device is named.
    const QString deviceNameLabel = QStringLiteral("    Device Name").leftJustified(54);
    if (engine::probeNullPlatformBehavior().outcomes.back().succeeded()) {
        const engine::Device first = engine::Platform::all().front().devices().front();
        QVERIFY(actual.contains(deviceNameLabel + QStringLiteral("  ") +
                                QString::fromStdString(first.name())));
    } else {
        QVERIFY(std::none_of(actual.begin(), actual.end(), [&](const QString& line) {
            return line.startsWith(deviceNameLabel);
        }));
    }

    // The loader's section: clinfo's labels and values.
    const QStringList loader = section(theirs, QStringLiteral("ICD loader properties"));
    const QStringList ourLoader = section(run.out, QStringLiteral("ICD loader properties"));
    QVERIFY(!ourLoader.isEmpty());
    if (engine::readIcdLoaderInfo().available) {
        QCOMPARE(ourLoader.size(), loader.size());
        for (qsizetype i = 0; i < loader.size(); ++i)
            QCOMPARE(splitLine(ourLoader[i]), splitLine(loader[i]));
    } else {
        QVERIFY(ourLoader.first().contains(QStringLiteral("not supported by this ICD loader")));
    }
}

void TestCliDevices::devicesJsonHasRuntime() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // the NULL platform is the loader's first, checked below
    const Run run = runWorkbench({QStringLiteral("devices"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject runtime = QJsonDocument::fromJson(run.out.toUtf8())
                                    .object()
                                    .value(QStringLiteral("runtime"))
                                    .toObject();
    QVERIFY2(!runtime.isEmpty(), qPrintable(run.out.left(2000)));

    // The loader's properties, as the engine reads them in this process.
    const engine::IcdLoaderInfo info = engine::readIcdLoaderInfo();
    const QJsonObject loader = runtime.value(QStringLiteral("icdLoader")).toObject();
    QCOMPARE(loader.value(QStringLiteral("supported")).toBool(), info.available);
    const QJsonArray properties = loader.value(QStringLiteral("properties")).toArray();
    QCOMPARE(qsizetype(properties.size()), qsizetype(info.properties.size()));
    for (qsizetype i = 0; i < properties.size(); ++i) {
        const QJsonObject property = properties[i].toObject();
        const engine::IcdLoaderProperty& expected = info.properties[size_t(i)];
        QCOMPARE(property.value(QStringLiteral("name")).toString(),
                 QString::fromStdString(expected.name));
        QCOMPARE(property.value(QStringLiteral("label")).toString(),
                 QString::fromStdString(expected.label));
        QCOMPARE(property.value(QStringLiteral("value")).toString(),
                 QString::fromStdString(expected.value));
    }

    // One object per NULL-platform call, with its outcome and what it picked.
    const engine::NullPlatformBehavior behavior = engine::probeNullPlatformBehavior();
    const QJsonArray calls = runtime.value(QStringLiteral("nullPlatformBehavior")).toArray();
    QCOMPARE(qsizetype(calls.size()), qsizetype(behavior.outcomes.size()));
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const QJsonObject call = calls[i].toObject();
        const engine::NullPlatformOutcome& expected = behavior.outcomes[size_t(i)];
        QCOMPARE(call.value(QStringLiteral("call")).toString(),
                 QString::fromStdString(expected.label));
        QCOMPARE(call.value(QStringLiteral("success")).toBool(), expected.succeeded());
        QCOMPARE(call.value(QStringLiteral("code")).toInt(), expected.code);
        QCOMPARE(call.value(QStringLiteral("codeName")).toString(),
                 QString::fromStdString(engine::errorName(expected.code)));
        QCOMPARE(call.value(QStringLiteral("text")).toString(),
                 QString::fromStdString(expected.text()));
        QCOMPARE(call.value(QStringLiteral("devices")).toArray().size(),
                 qsizetype(expected.deviceNames.size()));
    }
    const QJsonObject all = calls.last().toObject();
    QCOMPARE(all.value(QStringLiteral("call")).toString(),
             QStringLiteral("clCreateContextFromType(NULL, CL_DEVICE_TYPE_ALL)"));
    if (behavior.outcomes.back().succeeded()) {
        // Debian's loader (ocl-icd) picks its first platform (Oclgrind, where it is installed)
        // and its devices.
        const engine::Platform first = engine::Platform::all().front();
        QVERIFY(all.value(QStringLiteral("devices"))
                    .toArray()
                    .contains(QString::fromStdString(first.devices().front().name())));
        QCOMPARE(all.value(QStringLiteral("platform")).toString(),
                 QString::fromStdString(first.name()));
    } else {
        // A loader that picks no platform for NULL (the Khronos loader that CUDA ships says
        // CL_INVALID_PLATFORM): the call failed above as here, and names none.
        QVERIFY(!all.value(QStringLiteral("success")).toBool());
        QVERIFY(all.value(QStringLiteral("platform")).toString().isEmpty());
        QVERIFY(all.value(QStringLiteral("devices")).toArray().isEmpty());
    }
    QVERIFY(runtime.value(QStringLiteral("listingError")).isNull());
}

void TestCliDevices::benchQuickJson() {
    CLW_REQUIRE_DEVICE(device);
    const Run run =
        runWorkbench({QStringLiteral("bench"), QStringLiteral("--quick"), QStringLiteral("--json"),
                      QStringLiteral("--device"), QString::fromStdString(device.name())});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    // The progress line goes to stderr, rewritten in place, and ends with "done".
    QVERIFY2(run.err.contains(QStringLiteral("] global bandwidth, float4")), qPrintable(run.err));
    QVERIFY(run.err.contains(QStringLiteral("done")));
    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(run.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(root.value(QStringLiteral("schema")).toString(), QStringLiteral("clworkbench.bench"));
    QCOMPARE(root.value(QStringLiteral("schemaVersion")).toInt(), 1);
    QCOMPARE(root.value(QStringLiteral("device")).toString(),
             QString::fromStdString(device.name()));
    QVERIFY(root.value(QStringLiteral("quick")).toBool());
    QVERIFY(!root.value(QStringLiteral("cancelled")).toBool());
    const QJsonArray figures = root.value(QStringLiteral("figures")).toArray();
    QVERIFY(figures.size() >= 25);
    QStringList groups;
    for (const QJsonValue& value : figures) {
        const QJsonObject figure = value.toObject();
        QVERIFY2(figure.value(QStringLiteral("value")).toDouble() > 0,
                 qPrintable(figure.value(QStringLiteral("name")).toString()));
        QVERIFY(!figure.value(QStringLiteral("unit")).toString().isEmpty());
        groups << figure.value(QStringLiteral("group")).toString();
        // Only a map or an unmap may be flagged zero-copy (whether PoCL's are varies by run).
        if (figure.contains(QStringLiteral("zeroCopy"))) {
            const QString id =
                groups.last() + QLatin1Char('.') + figure.value(QStringLiteral("name")).toString();
            QVERIFY2(id == QLatin1String("transfer.map_read") ||
                         id == QLatin1String("transfer.unmap_write"),
                     qPrintable(id));
            QVERIFY(figure.value(QStringLiteral("zeroCopy")).isBool());
        }
    }
    for (const char* group :
         {"global_bandwidth", "compute_sp", "compute_int", "transfer", "kernel_latency"})
        QVERIFY2(groups.contains(QString::fromUtf8(group)), group);
}

void TestCliDevices::benchOptionErrors() {
    const Run unknown = runWorkbench({QStringLiteral("bench"), QStringLiteral("--bogus")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY(unknown.err.contains(QStringLiteral("--bogus")));
    const Run missing = runWorkbench({QStringLiteral("bench"), QStringLiteral("--device"),
                                      QStringLiteral("no such device anywhere")});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains(QStringLiteral("no OpenCL device matches")),
             qPrintable(missing.err));
    const Run help = runWorkbench({QStringLiteral("--help")});
    QVERIFY(help.out.contains(QStringLiteral("bench [--device NAME] [--json] [--quick]")));
}

void TestCliDevices::benchQuickText() {
    CLW_REQUIRE_DEVICE(device);
    const Run run =
        runWorkbench({QStringLiteral("bench"), QStringLiteral("--quick"),
                      QStringLiteral("--device"), QString::fromStdString(device.name())});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.out.startsWith(QStringLiteral("Device: ") + QString::fromStdString(device.name())),
             qPrintable(run.out));
    const QStringList transfers = section(run.out, QStringLiteral("Transfer bandwidth"));
    QCOMPARE(transfers.size(), 8);
    // Whether the device's maps move data is the engine's to decide (PoCL's may or may not be
    // flagged in a quick run): a map reads as a bandwidth or as "zero-copy", a copy always as a
    // bandwidth.
    const QRegularExpression copy(QStringLiteral("^  \\w+ +\\d+\\.\\d\\d GB/s$"));
    const QRegularExpression map(QStringLiteral("^  \\w+ +(\\d+\\.\\d\\d GB/s|zero-copy)$"));
    for (const QString& line : transfers) {
        const bool isMap = line.contains(QStringLiteral("map_read")) ||
                           line.contains(QStringLiteral("unmap_write"));
        QVERIFY2((isMap ? map : copy).match(line).hasMatch(), qPrintable(line));
    }
}

void TestCliDevices::benchTextShowsZeroCopy() {
    engine::BenchmarkResult result;
    result.deviceName = "Fake CPU";
    result.platformName = "Fake Platform";
    result.seconds = 0.5;
    result.figures = {{"transfer", "write_blocking", 18.25, "GB/s"},
                      {"transfer", "map_read", 17809.25, "GB/s", true},
                      {"transfer", "unmap_write", 9000.5, "GB/s", true}};
    QString text;
    QTextStream out(&text);
    clw::app::printBenchmarkText(out, result);
    out.flush();
    const QStringList lines = section(text, QStringLiteral("Transfer bandwidth"));
    QCOMPARE(lines, (QStringList{QStringLiteral("  write_blocking               18.25 GB/s"),
                                 QStringLiteral("  map_read                 zero-copy"),
                                 QStringLiteral("  unmap_write              zero-copy")}));
    QVERIFY2(!text.contains(QStringLiteral("17809")), qPrintable(text));
    QVERIFY2(text.endsWith(QStringLiteral("\n3 figures in 0.5 s\n")), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestCliDevices)
#include "tst_clidevices.moc"
