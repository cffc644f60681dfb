// The device verbs of clworkbench, run as a separate process without a display: `devices --json`
// with the characterization, image formats and platform properties; `devices --all` with every
// property under its topic; `bench --quick --json` with its progress line and figures.
#include "clw/engine/DeviceSelection.h"
#include "clw/engine/Platform.h"

#include "TestDevice.h"
#include "WorkbenchProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

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

} // namespace

class TestCliDevices : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void devicesJsonHasCharacterization();
    void devicesTextHasCharacterizationAndTopics();
    void benchQuickJson();
    void benchOptionErrors();
};

void TestCliDevices::devicesJsonHasCharacterization() {
    CLW_REQUIRE_DEVICE(device);
    const Run run = runWorkbench({QStringLiteral("devices"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject root = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("schemaVersion")).toInt(), 1); // fields added, none changed
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

QTEST_GUILESS_MAIN(TestCliDevices)
#include "tst_clidevices.moc"
