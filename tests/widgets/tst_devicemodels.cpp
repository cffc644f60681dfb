// The device browser's models under QAbstractItemModelTester (characterization, benchmark
// figures, comparison), benchmark JSON round trips, and the device export (JSON, Markdown, text).
#include "bridge/BenchmarkJson.h"
#include "bridge/DeviceProbe.h"
#include "models/BenchmarkResultsModel.h"
#include "models/CharacterizationModel.h"
#include "models/DeviceComparisonModel.h"
#include "models/DeviceExport.h"

#include "clw/engine/runtime/ClApi.h"

#include "TestDevice.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QTemporaryDir>
#include <QtTest>

using namespace clw::ui;
namespace engine = clw::engine;

namespace {

// The test device's entry in a fresh snapshot (with characterization).
DeviceEntry testDeviceEntry(const engine::Device& device) {
    const DeviceSnapshot snapshot = takeDeviceSnapshot();
    for (const DeviceEntry& entry : snapshot.allDevices())
        if (entry.name == QString::fromStdString(device.name()))
            return entry;
    return {};
}

engine::BenchmarkResult fakeResult() {
    engine::BenchmarkResult result;
    result.deviceName = "Fake GPU";
    result.platformName = "Fake Platform";
    result.seconds = 1.5;
    result.figures = {{"global_bandwidth", "float", 10.5, "GB/s"},
                      {"global_bandwidth", "float4", 40.25, "GB/s"},
                      {"kernel_latency", "dispatch", 7.3, "us"}};
    result.skipped = {"compute_dp: the device has no double precision"};
    return result;
}

// Transfers on a CPU device: real copies of about 18 GB/s, and a map and an unmap that moved no
// data, whose numbers are the calls' speed alone.
engine::BenchmarkResult zeroCopyResult() {
    engine::BenchmarkResult result;
    result.deviceName = "Fake CPU";
    result.platformName = "Fake Platform";
    result.figures = {{"transfer", "write_blocking", 18.25, "GB/s"},
                      {"transfer", "read_blocking", 17.5, "GB/s"},
                      {"transfer", "map_read", 17809.25, "GB/s", true},
                      {"transfer", "memcpy_from_mapped", 12.5, "GB/s"},
                      {"transfer", "unmap_write", 9000.5, "GB/s", true}};
    return result;
}

} // namespace

class TestDeviceModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void characterizationModel();
    void benchmarkModelAndJsonRoundTrip();
    void benchmarkJsonRejectsOtherDocuments();
    void zeroCopyFiguresShownAsSuch();
    void comparisonHighlightsDifferingRows();
    void exportWritesJsonAndMarkdown();
    void characterizationFailureIsShown();
    void platformRowNamesThePlatform();
};

void TestDeviceModels::characterizationModel() {
    CLW_REQUIRE_DEVICE(device);
    const DeviceEntry entry = testDeviceEntry(device);
    QVERIFY2(entry.characterizationError.isEmpty(), qPrintable(entry.characterizationError));
    QVERIFY(!entry.characterization.isEmpty());

    CharacterizationModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRows(entry.characterization);
    QCOMPARE(model.rowCount(), int(entry.characterization.size()));
    QCOMPARE(model.columnCount(), 3);
    bool sawSimd = false;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex index = model.index(row, CharacterizationModel::ValueColumn);
        QVERIFY(!model.data(index).toString().isEmpty());
        if (model.data(index, CharacterizationModel::KeyRole).toString() ==
            QLatin1String("simd_group_size")) {
            sawSimd = true;
            QCOMPARE(model.data(index.siblingAtColumn(0)).toString(),
                     QStringLiteral("SIMD group size (warp, wavefront)"));
        }
    }
    QVERIFY(sawSimd);
    model.setRows({}, QStringLiteral("no context"));
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.error(), QStringLiteral("no context"));
}

void TestDeviceModels::benchmarkModelAndJsonRoundTrip() {
    CLW_REQUIRE_DEVICE(device);
    engine::BenchmarkOptions options;
    options.quick = true;
    const engine::BenchmarkResult result = engine::runDeviceBenchmarks(device, options);
    QVERIFY(!result.figures.empty());

    BenchmarkResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(!model.hasResult());
    model.setResult(result);
    QCOMPARE(model.rowCount(), int(result.figures.size()));
    QCOMPARE(model.groups().first(), QStringLiteral("global_bandwidth"));
    QVERIFY(model.groups().contains(QStringLiteral("kernel_latency")));
    for (int row = 0; row < model.rowCount(); ++row)
        QVERIFY(model.data(model.index(row, 0), BenchmarkResultsModel::ValueRole).toDouble() > 0);
    QCOMPARE(model.data(model.index(0, BenchmarkResultsModel::GroupColumn)).toString(),
             QStringLiteral("Global memory bandwidth"));
    QCOMPARE(model.data(model.index(0, BenchmarkResultsModel::UnitColumn)).toString(),
             QStringLiteral("GB/s"));

    // Through JSON text and back: the same figures, exactly.
    const QByteArray text = QJsonDocument(benchmarkToJson(result)).toJson();
    QString error;
    const auto back = benchmarkFromJson(QJsonDocument::fromJson(text).object(), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->deviceName, result.deviceName);
    QCOMPARE(back->quick, true);
    QCOMPARE(back->figures.size(), result.figures.size());
    for (size_t i = 0; i < result.figures.size(); ++i) {
        QCOMPARE(back->figures[i].id(), result.figures[i].id());
        QCOMPARE(back->figures[i].value, result.figures[i].value);
        QCOMPARE(back->figures[i].unit, result.figures[i].unit);
        QCOMPARE(back->figures[i].zeroCopy, result.figures[i].zeroCopy);
    }
    const auto fake = benchmarkFromJson(benchmarkToJson(fakeResult()));
    QVERIFY(fake);
    QCOMPARE(fake->skipped, fakeResult().skipped);
    QCOMPARE(fake->seconds, 1.5);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestDeviceModels::benchmarkJsonRejectsOtherDocuments() {
    QString error;
    QVERIFY(!benchmarkFromJson(QJsonObject{{QStringLiteral("schema"), QStringLiteral("other")}},
                               &error));
    QVERIFY(error.contains(QStringLiteral("clworkbench.bench")));
    QJsonObject newer = benchmarkToJson(fakeResult());
    newer.insert(QStringLiteral("schemaVersion"), 99);
    QVERIFY(!benchmarkFromJson(newer, &error));
    QVERIFY2(error.contains(QStringLiteral("99")), qPrintable(error));
    QJsonObject broken = benchmarkToJson(fakeResult());
    broken.insert(QStringLiteral("figures"),
                  QJsonArray{QJsonObject{{QStringLiteral("group"), QStringLiteral("x")}}});
    QVERIFY(!benchmarkFromJson(broken, &error));
    QVERIFY2(error.contains(QStringLiteral("figure 0")), qPrintable(error));
}

void TestDeviceModels::zeroCopyFiguresShownAsSuch() {
    const engine::BenchmarkResult result = zeroCopyResult();

    // JSON: the flag only where set, kept through text and back; a file written before the field
    // existed reads as "not zero-copy", under the same schema version.
    const QJsonObject json = benchmarkToJson(result);
    QCOMPARE(json.value(QStringLiteral("schemaVersion")).toInt(), kBenchSchemaVersion);
    const QJsonArray figures = json.value(QStringLiteral("figures")).toArray();
    QVERIFY(figures[2].toObject().value(QStringLiteral("zeroCopy")).isBool());
    QVERIFY(figures[2].toObject().value(QStringLiteral("zeroCopy")).toBool());
    QVERIFY(!figures[0].toObject().contains(QStringLiteral("zeroCopy")));
    QString error;
    const auto back =
        benchmarkFromJson(QJsonDocument::fromJson(QJsonDocument(json).toJson()).object(), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->figures.size(), result.figures.size());
    for (size_t i = 0; i < result.figures.size(); ++i) {
        QCOMPARE(back->figures[i].zeroCopy, result.figures[i].zeroCopy);
        QCOMPARE(back->figures[i].value, result.figures[i].value);
    }
    QJsonObject old = json;
    QJsonArray oldFigures;
    for (const QJsonValue& figure : figures) {
        QJsonObject object = figure.toObject();
        object.remove(QStringLiteral("zeroCopy"));
        oldFigures.append(object);
    }
    old.insert(QStringLiteral("figures"), oldFigures);
    const auto oldBack = benchmarkFromJson(old, &error);
    QVERIFY2(oldBack, qPrintable(error));
    QVERIFY(!oldBack->figures[2].zeroCopy);
    QCOMPARE(oldBack->figures[2].value, 17809.25);

    // The table: "zero-copy" for the value, the number in the tooltip and in ValueRole.
    BenchmarkResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResult(result);
    const QModelIndex map = model.index(2, BenchmarkResultsModel::ValueColumn);
    QCOMPARE(model.data(map).toString(), QStringLiteral("zero-copy"));
    QCOMPARE(model.data(map, BenchmarkResultsModel::ValueRole).toDouble(), 17809.25);
    const QString tip = model.data(map, Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(QStringLiteral("transfer.map_read: zero-copy")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("the map moved no data")), qPrintable(tip));
    QVERIFY2(tip.contains(QLocale().toString(17809.25, 'f', 0) + QStringLiteral(" GB/s")),
             qPrintable(tip));
    const QString unmapTip =
        model.data(model.index(4, BenchmarkResultsModel::ValueColumn), Qt::ToolTipRole).toString();
    QVERIFY2(unmapTip.contains(QStringLiteral("the unmap moved no data")), qPrintable(unmapTip));
    const QModelIndex copy = model.index(0, BenchmarkResultsModel::ValueColumn);
    QCOMPARE(model.data(copy).toString(), QStringLiteral("18.25"));
    QCOMPARE(model.data(copy, Qt::ToolTipRole).toString(),
             QStringLiteral("transfer.write_blocking = 18.25 GB/s"));
    QCOMPARE(model.data(map.siblingAtColumn(BenchmarkResultsModel::UnitColumn)).toString(),
             QStringLiteral("GB/s"));

    // The exports: Markdown says "zero-copy"; JSON carries the flag (through benchmarkToJson).
    const DeviceEntry entry;
    const QString markdown = deviceExportMarkdown(entry, &result);
    QVERIFY2(markdown.contains(QStringLiteral("| map_read | zero-copy | GB/s |")),
             qPrintable(markdown));
    QVERIFY2(markdown.contains(QStringLiteral("| unmap_write | zero-copy | GB/s |")),
             qPrintable(markdown));
    QVERIFY(markdown.contains(QStringLiteral("| write_blocking | 18.25 | GB/s |")));
    QVERIFY(!markdown.contains(QStringLiteral("17809")));
    const QJsonObject exported = deviceExportJson(entry, &result);
    const auto exportedBack =
        benchmarkFromJson(exported.value(QStringLiteral("benchmark")).toObject(), &error);
    QVERIFY2(exportedBack, qPrintable(error));
    QVERIFY(exportedBack->figures[2].zeroCopy);
    QVERIFY(exportedBack->figures[4].zeroCopy);
    QVERIFY(!exportedBack->figures[3].zeroCopy);
}

void TestDeviceModels::comparisonHighlightsDifferingRows() {
    CLW_REQUIRE_DEVICE(device);
    const DeviceEntry real = testDeviceEntry(device);
    // A second device: the same with more compute units, one row missing, one row extra.
    DeviceEntry other = real;
    other.name = QStringLiteral("Bigger twin");
    for (DeviceProperty& property : other.properties)
        if (property.name == QLatin1String("CL_DEVICE_MAX_COMPUTE_UNITS"))
            property.value = QStringLiteral("128");
    other.properties.removeIf([](const DeviceProperty& property) {
        return property.name == QLatin1String("CL_DEVICE_PROFILE");
    });
    other.properties.append({QStringLiteral("CL_DEVICE_ONLY_HERE"), QStringLiteral("1"), true,
                             QStringLiteral("Other"), QString(), QStringLiteral("1")});

    DeviceComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDevices({real, other});
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), real.name);
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("Bigger twin"));
    auto different = [&](const QString& name) {
        const int row = model.rowOf(name);
        return row >= 0 &&
               model.data(model.index(row, 0), DeviceComparisonModel::DifferentRole).toBool();
    };
    QVERIFY(different(QStringLiteral("CL_DEVICE_MAX_COMPUTE_UNITS")));
    QVERIFY(different(QStringLiteral("CL_DEVICE_PROFILE")));   // absent on one
    QVERIFY(different(QStringLiteral("CL_DEVICE_ONLY_HERE"))); // absent on the other
    QVERIFY(!different(QStringLiteral("CL_DEVICE_VENDOR")));
    QVERIFY(!different(QStringLiteral("simd_group_size"))); // characterization rows too
    QVERIFY(model.rowOf(QStringLiteral("simd_group_size")) >= 0);
    QCOMPARE(model.differingRowCount(), 3);
    const int profile = model.rowOf(QStringLiteral("CL_DEVICE_PROFILE"));
    QCOMPARE(model.data(model.index(profile, 2)).toString(), QStringLiteral("\u2014"));
    QCOMPARE(model.data(model.index(model.rowOf(QStringLiteral("CL_DEVICE_MAX_COMPUTE_UNITS")), 2))
                 .toString(),
             QStringLiteral("128"));

    // Two identical devices (two of the same GPU): nothing differs, the headers tell them apart.
    model.setDevices({real, real});
    QCOMPARE(model.differingRowCount(), 0);
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), real.name + QStringLiteral(" #2"));
    model.setDevices({});
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 1);
}

void TestDeviceModels::exportWritesJsonAndMarkdown() {
    CLW_REQUIRE_DEVICE(device);
    const DeviceEntry entry = testDeviceEntry(device);
    const engine::BenchmarkResult benchmark = fakeResult();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    const QString jsonPath = dir.filePath(QStringLiteral("device.json"));
    QString error;
    QVERIFY2(exportDevice(entry, &benchmark, jsonPath, &error), qPrintable(error));
    QFile json(jsonPath);
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject object = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(object.value(QStringLiteral("schema")).toString(),
             QStringLiteral("clworkbench.device"));
    QCOMPARE(object.value(QStringLiteral("name")).toString(), entry.name);
    const QJsonArray properties = object.value(QStringLiteral("properties")).toArray();
    QCOMPARE(properties.size(), entry.properties.size());
    const QJsonObject first = properties.first().toObject();
    for (const char* key : {"name", "topic", "value", "raw", "supported"})
        QVERIFY2(first.contains(QString::fromUtf8(key)), key);
    QCOMPARE(object.value(QStringLiteral("characterization")).toArray().size(),
             entry.characterization.size());
    const auto figures = benchmarkFromJson(object.value(QStringLiteral("benchmark")).toObject());
    QVERIFY(figures);
    QCOMPARE(figures->figures.size(), size_t(3));

    const QString markdownPath = dir.filePath(QStringLiteral("device.md"));
    QVERIFY(exportDevice(entry, nullptr, markdownPath, &error));
    QFile markdown(markdownPath);
    QVERIFY(markdown.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(markdown.readAll());
    QVERIFY(text.startsWith(QStringLiteral("# ") + entry.name));
    QVERIFY(text.contains(QStringLiteral("\n## Compute\n")));
    QVERIFY(text.contains(QStringLiteral("| CL_DEVICE_MAX_COMPUTE_UNITS | ")));
    QVERIFY(text.contains(QStringLiteral("\n## Characterization\n")));
    QVERIFY(!text.contains(QStringLiteral("Measured peaks"))); // no benchmark given
    QVERIFY(deviceExportMarkdown(entry, &benchmark)
                .contains(QStringLiteral("| Kernel launch latency | dispatch | 7.3 | us |")));

    // A folder that does not exist: a clear error, nothing written.
    QVERIFY(
        !exportDevice(entry, nullptr, dir.filePath(QStringLiteral("missing/device.json")), &error));
    QVERIFY2(error.contains(QStringLiteral("Could not write")), qPrintable(error));

    const QString rows = propertiesAsText(entry.properties.mid(0, 2));
    QCOMPARE(rows.count(QLatin1Char('\n')), 2);
    QVERIFY(
        rows.startsWith(entry.properties[0].name + QLatin1Char('\t') + entry.properties[0].value));
}

// A device on which no context can be created still lists its properties; the characterization
// and the image formats say why they are missing.
void TestDeviceModels::characterizationFailureIsShown() {
    CLW_REQUIRE_DEVICE(device);
    DeviceSnapshot snapshot;
    {
        engine::ScopedClApi scoped;
        scoped.api().clCreateContext =
            [](const cl_context_properties*, cl_uint, const cl_device_id*,
               void(CL_CALLBACK*)(const char*, const void*, size_t, void*), void*,
               cl_int* error) -> cl_context {
            if (error)
                *error = CL_OUT_OF_RESOURCES;
            return nullptr;
        };
        snapshot = takeDeviceSnapshot();
    }
    DeviceEntry entry;
    for (const DeviceEntry& candidate : snapshot.allDevices())
        if (candidate.name == QString::fromStdString(device.name()))
            entry = candidate;
    QVERIFY(!entry.name.isEmpty());
    QVERIFY(entry.characterization.isEmpty());
    QVERIFY2(entry.characterizationError.contains(QStringLiteral("CL_OUT_OF_RESOURCES")),
             qPrintable(entry.characterizationError));
    QVERIFY(entry.property(QStringLiteral("CL_DEVICE_NAME")) == entry.name);
    for (const DeviceProperty& property : entry.properties)
        QVERIFY(property.topic != imageFormatsTopic());
    QVERIFY(deviceExportMarkdown(entry).contains(entry.characterizationError));
}

// CL_DEVICE_PLATFORM is shown as the platform's name, its handle after it (issue 65).
void TestDeviceModels::platformRowNamesThePlatform() {
    CLW_REQUIRE_DEVICE(device);
    const DeviceEntry entry = testDeviceEntry(device);
    const QString name = QString::fromStdString(device.platform().name());
    bool found = false;
    for (const DeviceProperty& property : entry.properties)
        if (property.name == QLatin1String("CL_DEVICE_PLATFORM")) {
            found = true;
            QVERIFY2(property.value.startsWith(name + QStringLiteral(" (handle 0x")),
                     qPrintable(property.value));
        }
    QVERIFY(found);
}

QTEST_GUILESS_MAIN(TestDeviceModels)
#include "tst_devicemodels.moc"
