// DeviceBrowserPanel, offscreen: the device list is read by the listing device host (a
// clworkbench-host beside the test) and fills the tree;
// the current device shows its properties grouped by topic (filter, raw values on hover, copy,
// export), its characterization and its measured peaks (run with progress, a chart, cancel);
// selected devices are compared side by side; a platform whose ICD fails shows its error. The
// "OpenCL runtime" row at the top shows the ICD loader's properties and the NULL platform
// behavior, searchable, copyable and exported; a loader without the query says so. Benchmarks
// run in the device host of the device's platform.
#include "bridge/DeviceHosts.h"
#include "bridge/DeviceProbe.h"
#include "bridge/DeviceSnapshotJson.h"
#include "bridge/EngineBridge.h"
#include "devices/BenchmarkPanel.h"
#include "devices/ComparisonView.h"
#include "devices/DeviceBrowserPanel.h"
#include "devices/HighlightDelegate.h"
#include "devices/PropertiesPane.h"
#include "models/BenchmarkResultsModel.h"
#include "models/CharacterizationModel.h"
#include "models/DeviceComparisonModel.h"
#include "models/DeviceListModel.h"
#include "models/DevicePropertiesModel.h"

#include "clw/engine/device/IcdLoaderInfo.h"
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/DeviceInfo.h"

#include "TestDevice.h"

#include <QAbstractItemModelTester>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QValueAxis>
#include <QtTest>

#include <algorithm>

#include <cstring>

using namespace clw::ui;
namespace engine = clw::engine;

namespace {

// The hosts a probe starts: a listing host per driver, plus one of every driver where there are
// several (the loader's rows).
int readingHosts(DeviceHosts& hosts) {
    const int listing = int(hosts.listingHosts().size());
    return listing > 1 ? listing + 1 : listing;
}

// Exposes the delegate's styling to check what a row is painted with.
struct DelegateProbe : HighlightDelegate {
    using HighlightDelegate::HighlightDelegate;
    using HighlightDelegate::initStyleOption;
};

// A second platform whose ICD fails to list its devices (through the C-API seam).
const cl_platform_id kBrokenPlatform = reinterpret_cast<cl_platform_id>(std::uintptr_t(0xb0b0));

cl_int brokenPlatformIds(cl_uint capacity, cl_platform_id* ids, cl_uint* count) {
    cl_uint real = 0;
    const cl_int code = ::clGetPlatformIDs(0, nullptr, &real);
    if (code != CL_SUCCESS)
        return code;
    if (count)
        *count = real + 1;
    if (ids && capacity > 0) {
        ::clGetPlatformIDs(std::min(capacity, real), ids, nullptr);
        if (capacity > real)
            ids[real] = kBrokenPlatform;
    }
    return CL_SUCCESS;
}

cl_int brokenPlatformInfo(cl_platform_id id, cl_platform_info param, size_t size, void* value,
                          size_t* sizeRet) {
    if (id != kBrokenPlatform)
        return ::clGetPlatformInfo(id, param, size, value, sizeRet);
    const char* text = param == CL_PLATFORM_NAME         ? "Broken ICD"
                       : param == CL_PLATFORM_VENDOR     ? "Nobody"
                       : param == CL_PLATFORM_VERSION    ? "OpenCL 1.2 broken"
                       : param == CL_PLATFORM_PROFILE    ? "FULL_PROFILE"
                       : param == CL_PLATFORM_EXTENSIONS ? ""
                                                         : nullptr;
    if (!text)
        return CL_INVALID_VALUE;
    if (sizeRet)
        *sizeRet = std::strlen(text) + 1;
    if (value)
        std::memcpy(value, text, std::min(size, std::strlen(text) + 1));
    return CL_SUCCESS;
}

cl_int brokenDeviceIds(cl_platform_id id, cl_device_type type, cl_uint capacity,
                       cl_device_id* devices, cl_uint* count) {
    if (id == kBrokenPlatform)
        return CL_OUT_OF_HOST_MEMORY;
    return ::clGetDeviceIDs(id, type, capacity, devices, count);
}

// A snapshot read in this process, as the listing host would send it: the C-API seam that
// stages a broken ICD works in this process only.
DeviceSnapshot throughCbor(const DeviceSnapshot& snapshot) {
    return nlohmann::json::from_cbor(nlohmann::json::to_cbor(nlohmann::json(snapshot)))
        .get<DeviceSnapshot>();
}

} // namespace

class TestDeviceBrowserPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fillsFromTheEngineAndShowsProperties();
    void filterCopyAndExport();
    void benchmarksRunWithProgressAndChart();
    void benchmarkCancelStopsTheRun();
    void benchmarkChartLeavesZeroCopyOut();
    void comparisonHighlightsDifferences();
    void failingPlatformShowsItsError();
    void runtimeNodeShowsLoaderAndNullPlatform();
    void runtimeNodeWithoutLoaderQuery();
};

void TestDeviceBrowserPanel::fillsFromTheEngineAndShowsProperties() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    QAbstractItemModelTester tester(panel.propertiesModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    panel.show();
    QVERIFY(panel.isProbing());
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
    QVERIFY(!panel.isProbing());
    // One listing host per driver read them (DeviceHosts), and with several drivers one host of
    // them all read the loader.
    QCOMPARE(hosts.started(), readingHosts(hosts));
    QVERIFY(panel.deviceModel()->snapshot().deviceCount() >= 1);
    QVERIFY2(!panel.statusText().contains(QStringLiteral("No OpenCL")),
             qPrintable(panel.statusText()));

    // The default device is selected: every info row (and the image formats) under topics.
    QVERIFY(panel.currentDevice());
    DevicePropertiesModel* properties = panel.propertiesModel();
    QVERIFY(properties->propertyCount() > int(std::size(engine::kDeviceInfoParams)));
    QCOMPARE(properties->data(properties->index(0, 0)).toString(), QStringLiteral("Identity"));
    QVERIFY(panel.propertiesView()->isExpanded(panel.propertiesView()->model()->index(0, 0)));
    QVERIFY(panel.characterizationModel()->rowCount() > 10);

    // A platform row shows the platform's own properties; a device row, the device's.
    const QModelIndex platform = panel.deviceModel()->platformIndex(0);
    panel.deviceView()->setCurrentIndex(platform);
    QVERIFY(properties->indexOf(QStringLiteral("CL_PLATFORM_NAME")).isValid());
    QCOMPARE(panel.characterizationModel()->rowCount(), 0);
    QModelIndex testDevice =
        panel.deviceModel()->deviceIndex(QString::fromStdString(device.name()));
    QVERIFY(testDevice.isValid());
    panel.deviceView()->setCurrentIndex(testDevice);
    QVERIFY(properties->indexOf(QStringLiteral("CL_DEVICE_MAX_COMPUTE_UNITS")).isValid());

    // A refresh reads again and replaces the snapshot.
    panel.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 2, 60000);
}

void TestDeviceBrowserPanel::filterCopyAndExport() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
    panel.deviceView()->setCurrentIndex(
        panel.deviceModel()->deviceIndex(QString::fromStdString(device.name())));
    PropertiesPane* pane = panel.propertiesPane();

    // The filter keeps matching rows under their topic.
    pane->filterEdit()->setText(QStringLiteral("max_compute_units"));
    QSortFilterProxyModel* shown = pane->filterModel();
    QCOMPARE(shown->rowCount(), 1);
    const QModelIndex topic = shown->index(0, 0);
    QCOMPARE(shown->data(topic).toString(), QStringLiteral("Compute"));
    QCOMPARE(shown->rowCount(topic), 1);
    const QModelIndex row = shown->index(0, 0, topic);
    const QString units = QString::number(device.info<CL_DEVICE_MAX_COMPUTE_UNITS>());
    QCOMPARE(shown->data(row.siblingAtColumn(1)).toString(), units);
    QVERIFY(shown->data(row, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("Raw value: ") + units));
    // A topic name matches all of the topic.
    pane->filterEdit()->setText(QStringLiteral("Vector widths"));
    QCOMPARE(shown->rowCount(), 1);
    QCOMPARE(shown->rowCount(shown->index(0, 0)), 14);
    pane->filterEdit()->setText(QStringLiteral("max_compute_units"));

    // Copy: the selected row as tab-separated text.
    pane->view()->selectionModel()->select(shown->index(0, 0, shown->index(0, 0)),
                                           QItemSelectionModel::ClearAndSelect |
                                               QItemSelectionModel::Rows);
    pane->copySelection();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             QStringLiteral("CL_DEVICE_MAX_COMPUTE_UNITS\t") + units + QLatin1Char('\n'));
    // A selected topic copies its shown rows; nothing selected copies every shown row.
    pane->view()->selectionModel()->clearSelection();
    QCOMPARE(pane->selectedText(),
             QStringLiteral("CL_DEVICE_MAX_COMPUTE_UNITS\t") + units + QLatin1Char('\n'));

    // Export, as the Export button does once the file dialog answered.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pocl.md"));
    QVERIFY(panel.exportCurrentDevice(path));
    QVERIFY(panel.statusText().contains(QStringLiteral("Exported")));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("CL_DEVICE_MAX_COMPUTE_UNITS"));
    QVERIFY(!panel.exportCurrentDevice(dir.filePath(QStringLiteral("no/such/dir.json"))));
    QVERIFY2(panel.statusText().contains(QStringLiteral("Could not write")),
             qPrintable(panel.statusText()));
}

void TestDeviceBrowserPanel::benchmarksRunWithProgressAndChart() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
    panel.deviceView()->setCurrentIndex(
        panel.deviceModel()->deviceIndex(QString::fromStdString(device.name())));
    BenchmarkPanel* bench = panel.benchmarkPanel();
    QAbstractItemModelTester tester(bench->resultsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(bench->runButton()->isEnabled());
    QVERIFY(!bench->cancelButton()->isEnabled());
    bench->quickBox()->setChecked(true);
    QSignalSpy finished(bench, &BenchmarkPanel::finished);
    bench->runButton()->click();
    QVERIFY(bench->isRunning());
    QVERIFY(!bench->runButton()->isEnabled());
    QVERIFY(bench->cancelButton()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY2(finished.first().first().toBool(), qPrintable(bench->statusText()));
    QVERIFY(!bench->isRunning());
    // The hosts that read the devices, and the host of the device's platform.
    QCOMPARE(hosts.started(), readingHosts(hosts) + 1);
    QCOMPARE(bench->progressBar()->value(), bench->progressBar()->maximum());
    QVERIFY(bench->resultsModel()->rowCount() >= 25);
    QVERIFY(bench->statusText().contains(QStringLiteral("measured")));
    QVERIFY(bench->currentResult());

    // The chart shows one group's figures as bars; another group can be picked.
    QCOMPARE(bench->groupBox()->currentData().toString(), QStringLiteral("global_bandwidth"));
    auto* series = qobject_cast<QBarSeries*>(bench->chart()->series().value(0));
    QVERIFY(series);
    QCOMPARE(series->barSets().size(), 1);
    QCOMPARE(series->barSets().first()->count(), 5);
    bench->groupBox()->setCurrentIndex(
        bench->groupBox()->findData(QStringLiteral("kernel_latency")));
    series = qobject_cast<QBarSeries*>(bench->chart()->series().value(0));
    QCOMPARE(series->barSets().first()->count(), 2);
    QVERIFY(bench->chart()->title().contains(QStringLiteral("us")));

    // The export now carries the figures.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("device.json"));
    QVERIFY(panel.exportCurrentDevice(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("\"clworkbench.bench\""));
}

void TestDeviceBrowserPanel::benchmarkCancelStopsTheRun() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
    panel.deviceView()->setCurrentIndex(
        panel.deviceModel()->deviceIndex(QString::fromStdString(device.name())));
    BenchmarkPanel* bench = panel.benchmarkPanel();
    bench->quickBox()->setChecked(false); // clpeak's sizes: minutes, unless cancelled
    QSignalSpy finished(bench, &BenchmarkPanel::finished);
    QElapsedTimer clock;
    clock.start();
    bench->run();
    // Progress arrives from the worker while the GUI thread stays free.
    QTRY_VERIFY_WITH_TIMEOUT(bench->progressBar()->value() >= 1, 60000);
    QVERIFY(bench->statusText().startsWith(QStringLiteral("Step")));
    bench->cancelButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY(!finished.first().first().toBool());
    QVERIFY2(bench->statusText().startsWith(QStringLiteral("Cancelled")),
             qPrintable(bench->statusText()));
    QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(bench->runButton()->isEnabled());
    QVERIFY(!bench->currentResult()); // a cancelled run is not kept as the device's result
}

void TestDeviceBrowserPanel::benchmarkChartLeavesZeroCopyOut() {
    // A CPU device's transfers: copies of about 18 GB/s, a map that moved no data (17,809 GB/s,
    // the call alone). Made up, so that the flag is there whatever PoCL measures.
    engine::BenchmarkResult result;
    result.deviceName = "Fake CPU";
    result.figures = {{"transfer", "write_blocking", 18.25, "GB/s"},
                      {"transfer", "read_blocking", 17.5, "GB/s"},
                      {"transfer", "map_read", 17809.25, "GB/s", true},
                      {"transfer", "memcpy_from_mapped", 12.5, "GB/s"}};
    DeviceHosts hosts;
    EngineBridge bridge(2);
    BenchmarkPanel bench(bridge, hosts);
    bench.showResult(result);
    QCOMPARE(bench.groupBox()->currentData().toString(), QStringLiteral("transfer"));
    auto* series = qobject_cast<QBarSeries*>(bench.chart()->series().value(0));
    QVERIFY(series);
    const QBarSet* bars = series->barSets().value(0);
    QVERIFY(bars);
    QCOMPARE(bars->count(), 4);
    QCOMPARE(bars->at(0), 18.25);
    QCOMPARE(bars->at(2), 0.0); // no bar for the map: its number is no bandwidth
    QCOMPARE(bars->at(3), 12.5);
    const auto xAxes = bench.chart()->axes(Qt::Horizontal);
    auto* x = qobject_cast<QBarCategoryAxis*>(xAxes.value(0));
    QVERIFY(x);
    QCOMPARE(x->categories(),
             (QStringList{QStringLiteral("write_blocking"), QStringLiteral("read_blocking"),
                          QStringLiteral("map_read (zero-copy)"),
                          QStringLiteral("memcpy_from_mapped")}));
    // The scale comes from the real transfers alone.
    const auto yAxes = bench.chart()->axes(Qt::Vertical);
    auto* y = qobject_cast<QValueAxis*>(yAxes.value(0));
    QVERIFY(y);
    QCOMPARE(y->min(), 0.0);
    QVERIFY2(y->max() >= 18.25 && y->max() < 25, qPrintable(QString::number(y->max())));
    // The table says so too, and keeps the number.
    const BenchmarkResultsModel* model = bench.resultsModel();
    const QModelIndex map = model->index(2, BenchmarkResultsModel::ValueColumn);
    QCOMPARE(model->data(map).toString(), QStringLiteral("zero-copy"));
    QCOMPARE(model->data(map, BenchmarkResultsModel::ValueRole).toDouble(), 17809.25);
    QVERIFY(!bench.currentResult()); // shown, not kept as a device's result
}

void TestDeviceBrowserPanel::comparisonHighlightsDifferences() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // compared with a twin made from its snapshot entry
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
    // One real device and a twin with more compute units, on the same platform.
    DeviceSnapshot snapshot = panel.deviceModel()->snapshot();
    QVERIFY(!snapshot.platforms.isEmpty() && !snapshot.platforms[0].devices.isEmpty());
    DeviceEntry twin = snapshot.platforms[0].devices[0];
    twin.name = QStringLiteral("Bigger twin");
    twin.isDefault = false;
    for (DeviceProperty& property : twin.properties)
        if (property.name == QLatin1String("CL_DEVICE_MAX_COMPUTE_UNITS"))
            property.value = QStringLiteral("128");
        else if (property.name == QLatin1String("CL_DEVICE_NAME"))
            property.value = twin.name;
    snapshot.platforms[0].devices.append(twin);
    panel.showSnapshot(snapshot);

    ComparisonView* view = panel.comparisonView();
    QAbstractItemModelTester tester(view->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(view->summaryText().contains(QStringLiteral("Select two")));
    const QModelIndex platform = panel.deviceModel()->platformIndex(0);
    QItemSelection both(panel.deviceModel()->index(0, 0, platform),
                        panel.deviceModel()->index(1, 0, platform));
    panel.deviceView()->selectionModel()->select(both, QItemSelectionModel::ClearAndSelect |
                                                           QItemSelectionModel::Rows);
    QCOMPARE(view->model()->devices().size(), 2);
    QCOMPARE(view->model()->differingRowCount(), 2); // the name and the compute units
    QVERIFY2(view->summaryText().contains(QStringLiteral("2 row(s) differ")),
             qPrintable(view->summaryText()));

    // Differing rows are painted highlighted, the others not.
    DelegateProbe probe(DeviceComparisonModel::DifferentRole, -1);
    const int units = view->model()->rowOf(QStringLiteral("CL_DEVICE_MAX_COMPUTE_UNITS"));
    const int vendor = view->model()->rowOf(QStringLiteral("CL_DEVICE_VENDOR"));
    QStyleOptionViewItem option;
    probe.initStyleOption(&option, view->model()->index(units, 1));
    QCOMPARE(option.backgroundBrush.color(), HighlightDelegate::highlightColor());
    QStyleOptionViewItem plain;
    probe.initStyleOption(&plain, view->model()->index(vendor, 1));
    QVERIFY(plain.backgroundBrush.style() == Qt::NoBrush);
    QVERIFY(qobject_cast<HighlightDelegate*>(view->view()->itemDelegate()));

    // Only the differing rows, on request.
    view->onlyDifferences()->setChecked(true);
    QCOMPARE(view->view()->model()->rowCount(), 2);
    view->onlyDifferences()->setChecked(false);
    QCOMPARE(view->view()->model()->rowCount(), view->model()->rowCount());

    // Back to one device: a hint, no comparison.
    panel.deviceView()->selectionModel()->select(panel.deviceModel()->index(0, 0, platform),
                                                 QItemSelectionModel::ClearAndSelect |
                                                     QItemSelectionModel::Rows);
    QCOMPARE(view->model()->rowCount(), 0);
}

void TestDeviceBrowserPanel::failingPlatformShowsItsError() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000); // the host's, replaced below
    DeviceSnapshot snapshot;
    {
        engine::ScopedClApi scoped;
        scoped.api().clGetPlatformIDs = brokenPlatformIds;
        scoped.api().clGetPlatformInfo = brokenPlatformInfo;
        scoped.api().clGetDeviceIDs = brokenDeviceIds;
        snapshot = takeDeviceSnapshot();
    }
    panel.showSnapshot(throughCbor(snapshot));
    QCOMPARE(ready.count(), 2);
    QVERIFY2(panel.statusText().contains(QStringLiteral("1 platform(s) failed")),
             qPrintable(panel.statusText()));

    // The broken platform is listed with its error; the real ones keep their devices.
    const DeviceListModel* model = panel.deviceModel();
    const int broken = model->rowCount() - 1;
    const QModelIndex brokenRow = model->index(broken, 0);
    QCOMPARE(model->data(brokenRow).toString(), QStringLiteral("Broken ICD"));
    const QString error = model->data(brokenRow, DeviceListModel::ErrorRole).toString();
    QVERIFY2(error.contains(QStringLiteral("CL_OUT_OF_HOST_MEMORY")), qPrintable(error));
    QVERIFY(model->deviceIndex(QString::fromStdString(device.name())).isValid());

    // Selecting it says why, where the characterization would be.
    panel.deviceView()->setCurrentIndex(brokenRow);
    QVERIFY(panel.propertiesModel()->indexOf(QStringLiteral("CL_PLATFORM_NAME")).isValid());
    QVERIFY(!panel.benchmarkPanel()->runButton()->isEnabled());
}

void TestDeviceBrowserPanel::runtimeNodeShowsLoaderAndNullPlatform() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // the NULL platform's device is the loader's first platform's
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    QAbstractItemModelTester treeTester(panel.deviceModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester tester(panel.propertiesModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    panel.show();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);

    // The top row of the tree, before the platforms; the default device stays selected.
    const QModelIndex runtime = panel.deviceModel()->index(0, 0);
    QCOMPARE(panel.deviceModel()->data(runtime).toString(), QStringLiteral("OpenCL runtime"));
    QVERIFY(panel.deviceModel()->data(runtime, DeviceListModel::IsRuntimeRole).toBool());
    QVERIFY(panel.currentDevice());
    QVERIFY(!panel.currentRuntime());

    panel.deviceView()->setCurrentIndex(runtime);
    QVERIFY(panel.currentRuntime());
    QVERIFY(!panel.currentDevice());
    DevicePropertiesModel* properties = panel.propertiesModel();
    QCOMPARE(properties->data(properties->index(0, 0)).toString(), QStringLiteral("ICD loader"));
    QCOMPARE(properties->data(properties->index(1, 0)).toString(),
             QStringLiteral("NULL platform behavior"));
    QVERIFY(panel.propertiesView()->isExpanded(panel.propertiesView()->model()->index(1, 0)));
    QCOMPARE(panel.characterizationModel()->rowCount(), 0);
    QVERIFY(!panel.benchmarkPanel()->runButton()->isEnabled());
    const QModelIndex cpu =
        properties->indexOf(QStringLiteral("clCreateContextFromType(NULL, CL_DEVICE_TYPE_CPU)"));
    QVERIFY(cpu.isValid());
    // The NULL platform is the loader's first in a process with every driver (the runtime is
    // read there, not in one driver's host): one of the listed platforms, named in the row, or,
    // where that platform has no CPU (NVIDIA's), the call's error by its code.
    const auto& calls = panel.currentRuntime()->nullPlatform;
    const auto cpuCall = std::find_if(calls.begin(), calls.end(), [](const NullPlatformRow& row) {
        return row.call == QStringLiteral("clCreateContextFromType(NULL, CL_DEVICE_TYPE_CPU)");
    });
    QVERIFY(cpuCall != calls.end());
    const QString cpuText = properties->data(cpu.siblingAtColumn(1)).toString();
    if (cpuCall->succeeded) {
        QStringList listed;
        for (const PlatformEntry& platform : panel.deviceModel()->snapshot().platforms)
            listed << platform.name;
        QVERIFY2(listed.contains(cpuCall->platformName), qPrintable(cpuCall->platformName));
        QVERIFY2(cpuText.contains(cpuCall->platformName), qPrintable(cpuText));
    } else {
        QVERIFY2(cpuText.contains(cpuCall->codeName), qPrintable(cpuText));
    }
    // Debian's ICD loader (ocl-icd) names itself; one without ocl-icd's query (the Khronos
    // loader that CUDA ships) has a single row that says so.
    const bool named = engine::readIcdLoaderInfo().available;
    const QString loaderName =
        panel.currentRuntime()->icdLoaderValue(QStringLiteral("CL_ICDL_NAME"));
    QCOMPARE(!loaderName.isEmpty(), named);
    const QString loaderRow =
        named ? QStringLiteral("CL_ICDL_NAME") : QStringLiteral("clGetICDLoaderInfoOCLICD");
    const QString loaderValue =
        named ? loaderName : QString::fromUtf8(engine::kIcdLoaderNotSupported);

    // Searchable: the loader's rows by their C name, the calls by theirs.
    PropertiesPane* pane = panel.propertiesPane();
    QSortFilterProxyModel* shown = pane->filterModel();
    pane->filterEdit()->setText(loaderRow);
    QCOMPARE(shown->rowCount(), 1);
    QCOMPARE(shown->data(shown->index(0, 0)).toString(), QStringLiteral("ICD loader"));
    QCOMPARE(shown->rowCount(shown->index(0, 0)), 1);
    // Copyable: what is shown, as tab-separated text.
    pane->copySelection();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             loaderRow + QLatin1Char('\t') + loaderValue + QLatin1Char('\n'));
    pane->filterEdit()->setText(QStringLiteral("clCreateContextFromType"));
    QCOMPARE(shown->rowCount(), 1);
    QCOMPARE(shown->rowCount(shown->index(0, 0)), 6); // DEFAULT, CPU, GPU, ACCELERATOR, CUSTOM, ALL
    pane->filterEdit()->clear();

    // Exported, as JSON and as Markdown.
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("runtime.json"));
    QVERIFY2(panel.exportCurrentDevice(json), qPrintable(panel.statusText()));
    QVERIFY(panel.statusText().contains(QStringLiteral("Exported")));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray exported = file.readAll();
    QVERIFY(exported.contains("\"clworkbench.runtime\""));
    const QJsonObject exportedLoader =
        QJsonDocument::fromJson(exported).object().value(QStringLiteral("icdLoader")).toObject();
    QCOMPARE(exportedLoader.value(QStringLiteral("supported")).toBool(), named);
    QCOMPARE(exported.contains("CL_ICDL_NAME"), named);
    QVERIFY(exported.contains("clCreateContextFromType(NULL, CL_DEVICE_TYPE_ALL)"));
    const QString markdown = dir.filePath(QStringLiteral("runtime.md"));
    QVERIFY(panel.exportCurrentDevice(markdown));
    QFile markdownFile(markdown);
    QVERIFY(markdownFile.open(QIODevice::ReadOnly));
    const QByteArray text = markdownFile.readAll();
    QVERIFY(text.startsWith("# OpenCL runtime"));
    QVERIFY(text.contains("## NULL platform behavior"));
    QVERIFY(text.contains(loaderName.toUtf8()));
}

void TestDeviceBrowserPanel::runtimeNodeWithoutLoaderQuery() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // the platforms are listed as usual beside the runtime row
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000); // the host's, replaced below
    DeviceSnapshot snapshot;
    {
        engine::ScopedClApi scoped;
        scoped.api().clGetICDLoaderInfoOCLICD = nullptr;
        scoped.api().clGetDeviceIDs = [](cl_platform_id id, cl_device_type type, cl_uint capacity,
                                         cl_device_id* devices, cl_uint* count) -> cl_int {
            if (!id)
                return CL_INVALID_PLATFORM; // a loader with no default platform
            return ::clGetDeviceIDs(id, type, capacity, devices, count);
        };
        snapshot = takeDeviceSnapshot({}, /*characterize=*/false);
    }
    panel.showSnapshot(throughCbor(snapshot));
    const QModelIndex runtime = panel.deviceModel()->runtimeIndex();
    QCOMPARE(panel.deviceModel()
                 ->data(runtime.siblingAtColumn(DeviceListModel::VersionColumn))
                 .toString(),
             QStringLiteral("not supported by this ICD loader"));
    panel.deviceView()->setCurrentIndex(runtime);
    DevicePropertiesModel* properties = panel.propertiesModel();
    const QModelIndex loader = properties->indexOf(QStringLiteral("clGetICDLoaderInfoOCLICD"));
    QVERIFY(loader.isValid());
    QCOMPARE(properties->data(loader.siblingAtColumn(1)).toString(),
             QStringLiteral("not supported by this ICD loader"));
    const QModelIndex ids =
        properties->indexOf(QStringLiteral("clGetDeviceIDs(NULL, CL_DEVICE_TYPE_ALL, ...)"));
    QCOMPARE(properties->data(ids.siblingAtColumn(1)).toString(),
             QStringLiteral("No platform (CL_INVALID_PLATFORM)"));
    // No default platform: the default context is not attempted, and says why.
    const QModelIndex byDefault =
        properties->indexOf(QStringLiteral("clCreateContext(NULL, ...) [default]"));
    QCOMPARE(properties->data(byDefault, DevicePropertiesModel::RawValueRole).toString(),
             QStringLiteral("CL_INVALID_PLATFORM"));
    QVERIFY(properties->data(byDefault, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("Not attempted")));
}

QTEST_MAIN(TestDeviceBrowserPanel)
#include "tst_devicebrowserpanel.moc"
