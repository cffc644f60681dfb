// TimelineView offscreen: bars painted where the profiling times put them (pixels sampled from
// grab()), lanes per kind, the lighter wait before a command starts, zoom (buttons, keys,
// Ctrl+wheel about the cursor) and pan, the tooltip and hit test of a bar, clicking a bar
// selects its run, and the hint when there is nothing to show.
#include "launch/TimelineView.h"
#include "models/DurationText.h"

#include <QApplication>
#include <QImage>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QWheelEvent>
#include <QtTest>

#include <cmath>

using namespace clw::ui;

namespace {

// A device clock far from zero, as drivers report it.
constexpr std::uint64_t kBase = 7'000'000'000'000ULL;

RunCommand command(RunCommand::Kind kind, const char* label, std::uint64_t queued,
                   std::uint64_t submitted, std::uint64_t started, std::uint64_t ended) {
    RunCommand c;
    c.kind = kind;
    c.label = QString::fromUtf8(label);
    c.times = {kBase + queued, kBase + submitted, kBase + started, kBase + ended};
    return c;
}

// Upload 1..11 µs, kernel queued at 30 µs, started at 40 µs, ended at 80 µs, download 90..100 µs
// (ns from kBase). The first command queued is at 1 µs, the origin of the axis.
RunRecord makeRun(int id = 3) {
    RunRecord record;
    record.id = id;
    record.launch.name = "add";
    record.launch.kernel = "add";
    record.ok = true;
    record.kernelNs = {40000};
    record.commands = {
        command(RunCommand::Kind::Upload, "upload a", 1000, 1000, 1000, 11000),
        command(RunCommand::Kind::Kernel, "add", 30000, 32000, 40000, 80000),
        command(RunCommand::Kind::Download, "download c", 90000, 90000, 90000, 100000)};
    return record;
}

QRgb pixel(const QImage& image, QPointF at) {
    return image.pixel(int(std::floor(at.x())), int(std::floor(at.y())));
}

// Mouse events the way a person makes them, through the widget's event handlers.
void sendMouse(QWidget* widget, QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
    QMouseEvent event(type, QPointF(at), widget->mapToGlobal(QPointF(at)), Qt::LeftButton, buttons,
                      Qt::NoModifier);
    QApplication::sendEvent(widget, &event);
}

} // namespace

class TestTimelineView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void barsArePaintedAtTheirTimes();
    void lanesPerKindAndLaterRecords();
    void zoomChangesBarWidth();
    void panByDragAndWheel();
    void toolTipAndHitTest();
    void clickSelectsRun();
    void emptyShowsHint();
};

void TestTimelineView::barsArePaintedAtTheirTimes() {
    TimelineView view;
    view.resize(900, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setRecords({makeRun()});
    QCOMPARE(view.barCount(), 3);

    // Fitted: the whole 99 µs (1 to 100 µs) spans the plot, linear in time.
    const QRectF upload = view.barRect(0, 0);
    const QRectF kernel = view.barRect(0, 1);
    const QRectF download = view.barRect(0, 2);
    QVERIFY(upload.left() > 0 && download.right() < view.width());
    QCOMPARE(upload.left(), view.xForNs(0));
    QCOMPARE(kernel.left(), view.xForNs(39000));
    QCOMPARE(kernel.right(), view.xForNs(79000));
    QVERIFY(std::abs(kernel.width() / upload.width() - 4.0) < 1e-6);
    QVERIFY(std::abs((download.right() - upload.left()) - 99000 / view.nsPerPixel()) < 1e-6);
    // Lanes top to bottom: uploads, kernels, downloads.
    QVERIFY(upload.top() < kernel.top() && kernel.top() < download.top());

    const QImage image = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRgb background = view.palette().color(QPalette::Base).rgb();
    // Each bar is painted in its kind's colour at its computed place (the top rows of a bar are
    // clear of its label).
    for (auto [rect, kind] :
         {std::pair{upload, RunCommand::Kind::Upload}, std::pair{kernel, RunCommand::Kind::Kernel},
          std::pair{download, RunCommand::Kind::Download}}) {
        for (double fraction : {0.1, 0.5, 0.9}) {
            const QPointF at(rect.left() + fraction * rect.width(), rect.top() + 1.5);
            QCOMPARE(pixel(image, at), TimelineView::kindColor(kind).rgb());
            QVERIFY(pixel(image, at) != background);
        }
    }
    // The kernel waited from 29 to 39 µs: lighter, and thinner, before its bar.
    const QPointF waiting(view.xForNs(34000), kernel.center().y());
    QCOMPARE(pixel(image, waiting),
             TimelineView::kindColor(RunCommand::Kind::Kernel).lighter(175).rgb());
    QVERIFY(pixel(image, QPointF(waiting.x(), kernel.top() + 1.5)) !=
            TimelineView::kindColor(RunCommand::Kind::Kernel).rgb());
    // Nothing of the kernel's before it was queued, nor after it ended, in its lane.
    for (double ns : {10000.0, 20000.0, 85000.0, 95000.0}) {
        const QRgb there = pixel(image, QPointF(view.xForNs(ns), kernel.top() + 1.5));
        QVERIFY(there != TimelineView::kindColor(RunCommand::Kind::Kernel).rgb());
        QVERIFY(there != TimelineView::kindColor(RunCommand::Kind::Kernel).lighter(175).rgb());
    }
}

void TestTimelineView::lanesPerKindAndLaterRecords() {
    TimelineView view;
    view.resize(900, 240);
    RunRecord second = makeRun(4);
    // A second launch of the same run, later on the same device clock, with a fill.
    for (RunCommand& c : second.commands) {
        c.times.queued += 200000;
        c.times.submitted += 200000;
        c.times.started += 200000;
        c.times.ended += 200000;
    }
    second.commands.push_back(
        command(RunCommand::Kind::Fill, "fill tmp", 150000, 150000, 150000, 160000));
    // A command a driver gave no times for is left out.
    second.commands.push_back(command(RunCommand::Kind::Kernel, "untimed", 0, 0, 0, 0));
    second.commands.back().times = {};
    view.setRecords({makeRun(3), second});
    QCOMPARE(view.barCount(), 7);
    QVERIFY(view.barRect(1, 4).isEmpty());
    // Four lanes: uploads, fills, kernels, downloads.
    const QRectF fill = view.barRect(1, 3);
    QVERIFY(view.barRect(0, 0).top() < fill.top());
    QVERIFY(fill.top() < view.barRect(0, 1).top());
    // Both records' kernels share a lane; the second starts 200 µs after the first.
    QCOMPARE(view.barRect(1, 1).top(), view.barRect(0, 1).top());
    QCOMPARE(view.barRect(1, 1).left() - view.barRect(0, 1).left(), 200000 / view.nsPerPixel());
    QCOMPARE(view.barRect(1, 2).right(), view.xForNs(299000));
}

void TestTimelineView::zoomChangesBarWidth() {
    TimelineView view;
    view.resize(900, 200);
    view.setRecords({makeRun()});
    const double fitted = view.barRect(0, 1).width();

    view.zoomIn();
    QVERIFY(std::abs(view.barRect(0, 1).width() / fitted - 1.5) < 1e-6);
    view.zoomOut();
    QVERIFY(std::abs(view.barRect(0, 1).width() / fitted - 1.0) < 1e-6);

    // Keys: + zooms in, - out, F fits again.
    QTest::keyClick(&view, Qt::Key_Plus);
    QTest::keyClick(&view, Qt::Key_Plus);
    QVERIFY(std::abs(view.barRect(0, 1).width() / fitted - 2.25) < 1e-6);
    QTest::keyClick(&view, Qt::Key_Minus);
    QVERIFY(std::abs(view.barRect(0, 1).width() / fitted - 1.5) < 1e-6);
    QTest::keyClick(&view, Qt::Key_F);
    QCOMPARE(view.barRect(0, 1).width(), fitted);

    // Ctrl+wheel zooms about the cursor: the kernel's start stays under it.
    const QPointF at(view.barRect(0, 1).left(), view.barRect(0, 1).center().y());
    QWheelEvent wheel(at, view.mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QVERIFY(view.barRect(0, 1).width() > fitted * 1.4);
    QVERIFY(std::abs(view.barRect(0, 1).left() - at.x()) < 1e-6);

    // The painted bar is wider too.
    const QImage image = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRectF kernel = view.barRect(0, 1);
    QCOMPARE(pixel(image, QPointF(kernel.left() + fitted * 1.2, kernel.top() + 1.5)),
             TimelineView::kindColor(RunCommand::Kind::Kernel).rgb());
}

void TestTimelineView::panByDragAndWheel() {
    TimelineView view;
    view.resize(900, 200);
    view.setRecords({makeRun()});
    view.zoomIn();
    view.zoomIn();
    const double before = view.barRect(0, 1).left();
    const QPoint from = view.barRect(0, 1).center().toPoint();
    sendMouse(&view, QEvent::MouseButtonPress, from, Qt::LeftButton);
    sendMouse(&view, QEvent::MouseMove, from + QPoint(30, 0), Qt::LeftButton);
    sendMouse(&view, QEvent::MouseMove, from + QPoint(60, 0), Qt::LeftButton);
    sendMouse(&view, QEvent::MouseButtonRelease, from + QPoint(60, 0), Qt::NoButton);
    QVERIFY(std::abs(view.barRect(0, 1).left() - (before + 60)) < 1e-6);

    // A plain wheel pans too (down: later times come in from the right).
    const QPointF at(view.width() / 2.0, 100);
    QWheelEvent wheel(at, view.mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QVERIFY(view.barRect(0, 1).left() < before + 60);

    // Panning never loses the commands: dragged far away, half a view stays.
    sendMouse(&view, QEvent::MouseButtonPress, from, Qt::LeftButton);
    sendMouse(&view, QEvent::MouseMove, from + QPoint(5000, 0), Qt::LeftButton);
    sendMouse(&view, QEvent::MouseButtonRelease, from + QPoint(5000, 0), Qt::NoButton);
    QVERIFY(view.barRect(0, 0).left() < view.width());
}

void TestTimelineView::toolTipAndHitTest() {
    TimelineView view;
    view.resize(900, 200);
    const RunRecord run = makeRun();
    view.setRecords({run});
    const QRectF kernel = view.barRect(0, 1);

    const QPoint onKernel = kernel.center().toPoint();
    const RunCommand* hit = view.commandAt(onKernel);
    QVERIFY(hit);
    QCOMPARE(hit->label, QStringLiteral("add"));
    QCOMPARE(hit, &view.records()[0].commands[1]);
    QCOMPARE(view.recordAt(onKernel)->id, 3);

    const QString tip = view.toolTipAt(onKernel);
    QVERIFY2(tip.contains(QStringLiteral("add (kernel)")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Run #3")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Duration: 40.0 µs")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Waited 10.0 µs")), qPrintable(tip));
    // Times from the first command queued (the upload, at 1 µs).
    QVERIFY2(tip.contains(QStringLiteral("Queued +29.0 µs, submitted +31.0 µs, started +39.0 µs, "
                                         "ended +79.0 µs")),
             qPrintable(tip));

    // The wait before the kernel belongs to the kernel as well.
    QCOMPARE(view.commandAt(QPoint(int(view.xForNs(34000)), onKernel.y())), hit);
    // Between bars, above the lanes, or in another lane's empty part: nothing.
    QVERIFY(!view.commandAt(QPoint(int(view.xForNs(20000)), onKernel.y())));
    QVERIFY(!view.commandAt(QPoint(onKernel.x(), 2)));
    QVERIFY(!view.commandAt(QPoint(onKernel.x(), int(view.barRect(0, 0).center().y()))));
    QVERIFY(view.toolTipAt(QPoint(onKernel.x(), 2)).isEmpty());
    QCOMPARE(view.commandAt(view.barRect(0, 2).center().toPoint())->label,
             QStringLiteral("download c"));
}

void TestTimelineView::clickSelectsRun() {
    TimelineView view;
    view.resize(900, 200);
    view.setRecords({makeRun(3), makeRun(5)});
    QSignalSpy selected(&view, &TimelineView::runSelected);
    // Both runs overlap in time here; the first record's bar is found first.
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.barRect(0, 0).center().toPoint());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.front().front().toInt(), 3);
    QCOMPARE(view.selectedRun(), 3);
    // A click on nothing selects nothing.
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(5, 5));
    QCOMPARE(selected.count(), 1);

    // The selected run is outlined: the bar's inner edge changes colour.
    view.setSelectedRun(0);
    const QRectF upload = view.barRect(0, 0);
    const QPoint edge(int(upload.center().x()), int(upload.top()) + 1);
    const QRgb plain = view.grab().toImage().pixel(edge);
    view.setSelectedRun(3);
    QVERIFY(view.grab().toImage().pixel(edge) != plain);
}

void TestTimelineView::emptyShowsHint() {
    TimelineView view;
    view.resize(600, 160);
    view.setRecords({});
    QCOMPARE(view.barCount(), 0);
    QVERIFY(!view.commandAt(QPoint(300, 80)));
    QVERIFY(view.toolTipAt(QPoint(300, 80)).isEmpty());
    const QImage image = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRgb background = view.palette().color(QPalette::Base).rgb();
    // The hint is drawn in the middle band; the corners stay empty.
    int hintPixels = 0;
    for (int y = 50; y < 110; ++y)
        for (int x = 0; x < image.width(); ++x)
            hintPixels += image.pixel(x, y) != background ? 1 : 0;
    QVERIFY(hintPixels > 50);
    QCOMPARE(image.pixel(2, 2), background);
    QCOMPARE(
        view.emptyHint(),
        QStringLiteral("No launches or transfers yet: run the session (F5) to see them here."));

    // Records whose commands have no profiling times: no bars, a hint still.
    RunRecord untimed = makeRun();
    for (RunCommand& c : untimed.commands)
        c.times = {};
    view.setRecords({untimed});
    QCOMPARE(view.barCount(), 0);
    QVERIFY(!view.grab().toImage().isNull());
    QCOMPARE(view.emptyHint(),
             QStringLiteral("These runs have no profiling times to place on a time axis."));

    // The latest run failed before anything finished (its device host crashed): said so, not
    // "no launches yet" after runs that had some.
    RunRecord crashed;
    crashed.id = 4;
    crashed.ok = false;
    crashed.hostStopped = true;
    view.setRecords({crashed});
    QCOMPARE(view.emptyHint(),
             QStringLiteral("Run 4 failed before a launch or transfer finished: nothing to place "
                            "here. Select an earlier run in History to see its timeline."));

    view.setRecords({makeRun()});
    QVERIFY(view.barCount() > 0);
    QVERIFY(view.emptyHint().isEmpty());
}

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
