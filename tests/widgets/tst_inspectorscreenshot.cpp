// A real screenshot of the buffer inspector under Xvfb (xcb platform, run through xvfb-run by
// CTest): a 2D float buffer on PoCL shown as a table (with a NaN cell highlighted), its histogram
// and its 2D view. The picture is kept as build/.../artifacts/inspector.png and its pixels are
// checked: the NaN colour in the table, the histogram's bars, and colormap colours in the 2D view.
#include "bridge/DeviceBufferSource.h"
#include "bridge/EngineBridge.h"
#include "inspector/AnalysisPanel.h"
#include "inspector/BufferCellDelegate.h"
#include "inspector/BufferInspector.h"
#include "inspector/BufferTableView.h"
#include "inspector/Colormap.h"
#include "inspector/HeatMapPanel.h"
#include "inspector/HeatMapView.h"
#include "inspector/HistogramView.h"
#include "inspector/StatisticsTable.h"
#include "models/AnalysisRunner.h"
#include "models/BufferTableModel.h"

#include "TestDevice.h"

#include <QDir>
#include <QGuiApplication>
#include <QScreen>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

#include <cmath>

using namespace clw;
using namespace clw::ui;

namespace {

bool near(QColor a, QColor b, int tolerance = 40) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
               std::abs(a.blue() - b.blue()) <
           tolerance;
}

// Pixels of the picture inside `widget` (mapped into `window`) that `match`.
template <class Match>
int count(const QImage& shot, const QWidget* widget, const QWidget* window, Match match) {
    const qreal ratio = shot.devicePixelRatio();
    const QPoint topLeft = widget->mapTo(window, QPoint(0, 0));
    const QRect rect = QRectF(topLeft.x() * ratio, topLeft.y() * ratio, widget->width() * ratio,
                              widget->height() * ratio)
                           .toAlignedRect()
                           .intersected(shot.rect());
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            n += match(shot.pixelColor(x, y));
    return n;
}

} // namespace

class TestInspectorScreenshot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsTableHistogramAndImage();
};

void TestInspectorScreenshot::showsTableHistogramAndImage() {
    QVERIFY2(QGuiApplication::platformName() == QLatin1String("xcb"),
             "run under Xvfb with QT_QPA_PLATFORM=xcb (ctest -R widgets.inspectorscreenshot)");
    CLW_REQUIRE_DEVICE(device);
    const engine::Context context(device);
    const engine::CommandQueue queue(context, device);
    constexpr int kWidth = 256;
    constexpr int kHeight = 128;
    std::vector<float> values(kWidth * kHeight);
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x)
            values[size_t(y * kWidth + x)] =
                std::sin(x * 0.05f) * std::cos(y * 0.08f) + 0.002f * float(x);
    values[1] = NAN; // a NaN in the first rows of the table
    const engine::Buffer buffer(context, CL_MEM_READ_WRITE, values.size() * 4);
    queue.write(buffer, 0, values.size() * 4, values.data());

    EngineBridge bridge;
    BufferInspector inspector(bridge, nullptr);
    inspector.setWindowTitle(QStringLiteral("Buffer inspector"));
    inspector.resize(1280, 720);
    inspector.show();
    QVERIFY(QTest::qWaitForWindowExposed(&inspector));
    engine::ElementFormat format;
    format.type = "float";
    format.shape.dimensions = 2;
    format.shape.width = kWidth;
    inspector.addBuffer(QStringLiteral("wave"),
                        std::make_shared<DeviceBufferSource>(buffer, queue, values.size() * 4),
                        format);
    inspector.analysis()->tabs()->setCurrentIndex(1); // the histogram
    QTRY_VERIFY_WITH_TIMEOUT(inspector.model()->isWindowLoaded(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(inspector.analysis()->histogram()->pointCount() > 0, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(!inspector.heatMap()->view()->image().isNull(), 30000);
    QTest::qWait(300); // let the X server show the repaint

    QScreen* screen = inspector.screen();
    QVERIFY(screen);
    const QImage shot = screen->grabWindow(inspector.winId()).toImage();
    QVERIFY(!shot.isNull());
    const QString artifacts = QStringLiteral(CLW_ARTIFACTS_DIR);
    QVERIFY(QDir().mkpath(artifacts));
    const QString path = artifacts + QStringLiteral("/inspector.png");
    QVERIFY2(shot.save(path), qPrintable(path));
    qInfo().noquote() << "screenshot:" << path;

    const QWidget* table = inspector.tableView()->table()->viewport();
    const int nanPixels = count(shot, table, &inspector, [](QColor c) {
        return near(c, BufferCellDelegate::nanColor(), 12);
    });
    QVERIFY2(nanPixels > 200, "the NaN cell is not highlighted in the table");
    const QWidget* histogram = inspector.analysis()->histogram();
    const int bars = count(shot, histogram, &inspector,
                           [](QColor c) { return near(c, QColor(70, 130, 180), 30); });
    QVERIFY2(bars > 500, "no histogram bars");
    const Colormap viridis(Colormap::Viridis);
    const int mapped = count(shot, inspector.heatMap()->view(), &inspector, [&](QColor c) {
        // Sampled every 16th entry: colormap colours, not the grey background.
        for (size_t i = 0; i < 256; i += 16)
            if (near(c, QColor(viridis.table()[i]), 30))
                return true;
        return false;
    });
    const QWidget* view = inspector.heatMap()->view();
    QVERIFY2(mapped > view->width() * view->height() / 4, "the 2D view shows no colormap image");
}

QTEST_MAIN(TestInspectorScreenshot)
#include "tst_inspectorscreenshot.moc"
