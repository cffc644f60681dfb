// A real screenshot of the device browser under Xvfb (xcb platform, run through xvfb-run by
// CTest): the PoCL device's property table, the measured-peaks chart of a made-up transfer result
// with a zero-copy map, and the comparison of the device with a twin that differs in two rows.
// The panel shows one tab at a time, so the three tabs are grabbed in turn and kept side by side
// as build/.../artifacts/devicebrowser.png. Pixels of each grab are checked: text in the property
// table, the bar colour in the bars of the real copies and none above the zero-copy map, and the
// highlight colour on the differing comparison rows and not on equal ones.
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "devices/BenchmarkPanel.h"
#include "devices/ComparisonView.h"
#include "devices/DeviceBrowserPanel.h"
#include "devices/HighlightDelegate.h"
#include "devices/PropertiesPane.h"
#include "models/DeviceComparisonModel.h"
#include "models/DeviceListModel.h"
#include "models/DevicePropertiesModel.h"

#include "TestDevice.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QPainter>
#include <QScreen>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

#include <cmath>

using namespace clw;
using namespace clw::ui;

namespace {

bool near(QColor a, QColor b, int tolerance) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
               std::abs(a.blue() - b.blue()) <
           tolerance;
}

// A rectangle of `widget` (in its coordinates) in the picture of `window`.
QRect inShot(const QImage& shot, const QWidget* widget, const QWidget* window, const QRect& rect) {
    const qreal ratio = shot.devicePixelRatio();
    const QPoint topLeft = widget->mapTo(window, rect.topLeft());
    return QRectF(topLeft.x() * ratio, topLeft.y() * ratio, rect.width() * ratio,
                  rect.height() * ratio)
        .toAlignedRect()
        .intersected(shot.rect());
}

// Pixels of a rectangle of the picture that `match`.
template <class Match>
int count(const QImage& shot, const QRect& rect, Match match) {
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            n += match(shot.pixelColor(x, y));
    return n;
}

QImage grab(QWidget* window) {
    QTest::qWait(300); // let the X server show the repaint
    QScreen* screen = window->screen();
    return screen ? screen->grabWindow(window->winId()).toImage() : QImage();
}

} // namespace

class TestDeviceBrowserScreenshot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsPropertiesChartAndComparison();
};

void TestDeviceBrowserScreenshot::showsPropertiesChartAndComparison() {
    QVERIFY2(QGuiApplication::platformName() == QLatin1String("xcb"),
             "run under Xvfb with QT_QPA_PLATFORM=xcb (ctest -R widgets.devicebrowserscreenshot)");
    CLW_REQUIRE_DEVICE(device);
    const QString deviceName = QString::fromStdString(device.name());
    DeviceHosts hosts;
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge, hosts);
    panel.setWindowTitle(QStringLiteral("Device browser"));
    panel.resize(1500, 800);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);

    // The test device and a twin of it with another name and a newer driver, on the same
    // platform: one real device is enough to show differing rows, and both rows are in view.
    DeviceSnapshot snapshot = panel.deviceModel()->snapshot();
    const DeviceEntry* real = nullptr;
    PlatformEntry* home = nullptr;
    for (PlatformEntry& platform : snapshot.platforms)
        for (const DeviceEntry& entry : platform.devices)
            if (entry.name == deviceName) {
                real = &entry;
                home = &platform;
            }
    QVERIFY2(real, qPrintable(deviceName));
    DeviceEntry twin = *real;
    twin.name = QStringLiteral("Newer driver twin");
    twin.isDefault = false;
    for (DeviceProperty& property : twin.properties)
        if (property.name == QLatin1String("CL_DRIVER_VERSION"))
            property.value = QStringLiteral("7.0");
        else if (property.name == QLatin1String("CL_DEVICE_NAME"))
            property.value = twin.name;
    home->devices.append(twin);
    panel.showSnapshot(snapshot);
    const QModelIndex realRow = panel.deviceModel()->deviceIndex(deviceName);
    const QModelIndex twinRow = panel.deviceModel()->deviceIndex(twin.name);
    QVERIFY(realRow.isValid() && twinRow.isValid());
    // The current row (properties, benchmarks) first: setting it replaces the selection.
    panel.deviceView()->setCurrentIndex(realRow);
    QCOMPARE(panel.currentDevice()->name, deviceName);
    panel.deviceView()->selectionModel()->select(realRow, QItemSelectionModel::Select |
                                                              QItemSelectionModel::Rows);
    panel.deviceView()->selectionModel()->select(twinRow, QItemSelectionModel::Select |
                                                              QItemSelectionModel::Rows);
    ComparisonView* comparison = panel.comparisonView();
    QCOMPARE(comparison->model()->devices().size(), 2);
    QCOMPARE(comparison->model()->differingRowCount(), 2); // the name and the driver version

    // A CPU device's transfers, made up so that the zero-copy map is there whatever PoCL
    // measures: copies of about 18 GB/s, and a map that moved no data (17,809 GB/s).
    engine::BenchmarkResult result;
    result.deviceName = device.name();
    result.figures = {{"transfer", "write_blocking", 18.25, "GB/s"},
                      {"transfer", "read_blocking", 17.5, "GB/s"},
                      {"transfer", "map_read", 17809.0, "GB/s", true},
                      {"transfer", "memcpy_from_mapped", 17.75, "GB/s"}};
    BenchmarkPanel* bench = panel.benchmarkPanel();
    bench->showResult(result);
    // Room for the chart's category labels, "map_read (zero-copy)" among them: the table of four
    // figures needs less than the panel's default share.
    auto* benchSplitter = bench->findChild<QSplitter*>(QString(), Qt::FindDirectChildrenOnly);
    QVERIFY(benchSplitter);
    benchSplitter->setSizes({460, 1000});
    QCOMPARE(bench->groupBox()->currentData().toString(), QStringLiteral("transfer"));

    // The three tabs in turn, grabbed and kept side by side in one picture before any check.
    panel.tabs()->setCurrentWidget(panel.propertiesPane());
    const QImage properties = grab(&panel);
    panel.tabs()->setCurrentWidget(bench);
    const QImage peaks = grab(&panel);
    panel.tabs()->setCurrentWidget(comparison);
    const QImage compared = grab(&panel);
    QVERIFY(!properties.isNull() && !peaks.isNull() && !compared.isNull());
    QImage picture(properties.width() + peaks.width() + compared.width(),
                   std::max({properties.height(), peaks.height(), compared.height()}),
                   QImage::Format_RGB32);
    picture.fill(Qt::white);
    {
        QPainter painter(&picture);
        painter.drawImage(0, 0, properties);
        painter.drawImage(properties.width(), 0, peaks);
        painter.drawImage(properties.width() + peaks.width(), 0, compared);
    }
    const QString artifacts = QStringLiteral(CLW_ARTIFACTS_DIR);
    QVERIFY(QDir().mkpath(artifacts));
    const QString path = artifacts + QStringLiteral("/devicebrowser.png");
    QVERIFY2(picture.save(path), qPrintable(path));
    qInfo().noquote() << "screenshot:" << path;

    // 1. The property table of the device: text in its rows, the device's name among it.
    QTreeView* tree = panel.propertiesView();
    const QColor base = tree->palette().color(QPalette::Base);
    const QColor alternate = tree->palette().color(QPalette::AlternateBase);
    // Text: far from both row backgrounds (the tree draws no other dark pixels in its rows).
    const auto text = [&](QColor c) { return !near(c, base, 150) && !near(c, alternate, 150); };
    const QWidget* treeArea = tree->viewport();
    const QRect treeRect = inShot(properties, treeArea, &panel, treeArea->rect());
    // The rows' backgrounds fill the table, and text is written on them.
    const int rowPixels = count(
        properties, treeRect, [&](QColor c) { return near(c, base, 6) || near(c, alternate, 6); });
    QVERIFY2(rowPixels > treeRect.width() * treeRect.height() / 2,
             qPrintable(QStringLiteral("%1 of %2 pixels are row backgrounds")
                            .arg(rowPixels)
                            .arg(treeRect.width() * treeRect.height())));
    const int textPixels = count(properties, treeRect, text);
    QVERIFY2(textPixels > 10000, qPrintable(QStringLiteral("%1 text pixels").arg(textPixels)));
    const QModelIndex nameValue =
        qobject_cast<QSortFilterProxyModel*>(tree->model())
            ->mapFromSource(panel.propertiesModel()
                                ->indexOf(QStringLiteral("CL_DEVICE_NAME"))
                                .siblingAtColumn(DevicePropertiesModel::ValueColumn));
    QVERIFY(nameValue.isValid());
    const QRect nameCell = tree->visualRect(nameValue);
    QVERIFY2(treeArea->rect().contains(nameCell), "CL_DEVICE_NAME is not in view");
    const int nameText = count(properties, inShot(properties, treeArea, &panel, nameCell), text);
    QVERIFY2(nameText > 50, "the device's name is not written in the property table");

    // 2. The chart: one bar per real copy, none for the zero-copy map.
    QChart* chart = bench->chart();
    auto* series = qobject_cast<QBarSeries*>(chart->series().value(0));
    QVERIFY(series);
    QBarSet* bars = series->barSets().value(0);
    QVERIFY(bars && bars->count() == 4);
    QCOMPARE(bars->at(2), 0.0);
    const QColor barColour = bars->color(); // the chart theme's, read as shown
    const QGraphicsView* chartView = chart->scene()->views().value(0);
    QVERIFY(chartView);
    const QWidget* chartArea = chartView->viewport();
    // Where the bar of category `i` stands (from 0 to `value`), in the picture.
    const auto barRect = [&](int i, double value) {
        const qreal half = series->barWidth() / 2;
        const QPointF a = chart->mapToScene(chart->mapToPosition(QPointF(i - half, value), series));
        const QPointF b = chart->mapToScene(chart->mapToPosition(QPointF(i + half, 0), series));
        const QRect rect =
            QRectF(chartView->mapFromScene(a), chartView->mapFromScene(b)).normalized().toRect();
        return inShot(peaks, chartArea, &panel, rect.adjusted(2, 2, -2, -2)); // no edges
    };
    const auto bar = [&](QColor c) { return near(c, barColour, 30); };
    int barPixels = 0;
    for (int i : {0, 1, 3}) {
        const QRect rect = barRect(i, bars->at(i));
        QVERIFY2(rect.width() > 10 && rect.height() > 100,
                 qPrintable(QStringLiteral("bar %1 is only %2x%3")
                                .arg(i)
                                .arg(rect.width())
                                .arg(rect.height())));
        const int filled = count(peaks, rect, bar);
        // The value's label sits inside the bar's top: most of the bar, not all, is its colour.
        QVERIFY2(filled > rect.width() * rect.height() * 7 / 10,
                 qPrintable(QStringLiteral("bar %1: %2 of %3 pixels")
                                .arg(i)
                                .arg(filled)
                                .arg(rect.width() * rect.height())));
        barPixels += filled;
    }
    // Above the zero-copy map, as high as the tallest bar: no bar at all.
    const QRect zeroCopy = barRect(2, bars->at(0));
    QVERIFY(zeroCopy.height() > 100);
    QCOMPARE(count(peaks, zeroCopy, bar), 0);
    // Nowhere else in the chart a bar either: its colour is where the three bars are.
    const int chartBarPixels =
        count(peaks, inShot(peaks, chartArea, &panel, chartArea->rect()), bar);
    QVERIFY2(chartBarPixels >= barPixels && chartBarPixels < barPixels * 13 / 10,
             qPrintable(QStringLiteral("%1 bar pixels in the chart, %2 inside the three bars")
                            .arg(chartBarPixels)
                            .arg(barPixels)));

    // 3. The comparison: the differing rows highlighted, the equal ones not.
    QTableView* table = comparison->view();
    const QWidget* tableArea = table->viewport();
    auto* filter = qobject_cast<QSortFilterProxyModel*>(table->model());
    QVERIFY(filter);
    const auto rowRect = [&](const QString& name) {
        const QModelIndex first =
            filter->mapFromSource(comparison->model()->index(comparison->model()->rowOf(name), 0));
        const QModelIndex last = first.siblingAtColumn(filter->columnCount() - 1);
        const QRect rect = table->visualRect(first).united(table->visualRect(last));
        return tableArea->rect().contains(rect) ? inShot(compared, tableArea, &panel, rect)
                                                : QRect();
    };
    const QColor highlight = HighlightDelegate::highlightColor();
    const auto lit = [&](QColor c) { return near(c, highlight, 12); };
    for (const char* name : {"CL_DEVICE_NAME", "CL_DRIVER_VERSION"}) {
        const QRect row = rowRect(QLatin1String(name));
        QVERIFY2(row.isValid(), name);
        QVERIFY2(count(compared, row, lit) > row.width() * row.height() / 2, name);
    }
    for (const char* name : {"CL_DEVICE_VENDOR", "CL_DEVICE_TYPE", "CL_DEVICE_VERSION"}) {
        const QRect row = rowRect(QLatin1String(name));
        QVERIFY2(row.isValid(), name);
        QVERIFY2(count(compared, row, lit) == 0, name);
    }
}

QTEST_MAIN(TestDeviceBrowserScreenshot)
#include "tst_devicebrowserscreenshot.moc"
