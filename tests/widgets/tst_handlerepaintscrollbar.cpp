// HandleRepaintScrollBar offscreen: a value change repaints where the handle was and where it is,
// not the whole bar; any other change, and a page held down, repaints it whole; and after many
// steps, small and large, the window holds the pixels a whole repaint of the bar gives (read from
// the window's backing store, which the offscreen platform grabs).
#include "inspector/HandleRepaintScrollBar.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QImage>
#include <QPaintEvent>
#include <QScreen>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QWindow>
#include <QtTest>

using namespace clw::ui;

namespace {

// What the watched widget was asked to paint, each paint event's region united.
class PaintedRegion : public QObject {
public:
    explicit PaintedRegion(QWidget& widget) { widget.installEventFilter(this); }
    void clear() {
        region = {};
        paints = 0;
    }
    QRegion region;
    int paints = 0;

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Paint) {
            region += static_cast<QPaintEvent*>(event)->region();
            ++paints;
        }
        return false;
    }
};

QRect handleOf(const QScrollBar& bar) {
    QStyleOptionSlider option;
    option.initFrom(&bar);
    option.orientation = bar.orientation();
    option.minimum = bar.minimum();
    option.maximum = bar.maximum();
    option.sliderPosition = bar.sliderPosition();
    option.sliderValue = bar.value();
    option.singleStep = bar.singleStep();
    option.pageStep = bar.pageStep();
    option.upsideDown = bar.invertedAppearance();
    return bar.style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider,
                                       &bar);
}

// A tall bar over a buffer's worth of rows, shown in a window of its own, with its paints watched.
struct TallBar {
    QWidget window;
    HandleRepaintScrollBar* bar = new HandleRepaintScrollBar(Qt::Vertical);
    PaintedRegion painted{*bar};
    TallBar() {
        auto* layout = new QHBoxLayout(&window);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(bar);
        bar->setRange(0, 1'000'000'000);
        bar->setPageStep(40);
        window.resize(40, 800);
        window.show();
    }
    // Exposed and painted whole once; what is watched starts after that paint.
    bool paintedWhole() {
        if (!QTest::qWaitForWindowExposed(&window))
            return false;
        painted.clear();
        bar->update();
        const bool painting = QTest::qWaitFor([this] { return painted.paints > 0; });
        QTest::qWait(20); // any paint still due, such as the exposure's
        const bool whole = painting && painted.region.boundingRect() == bar->rect();
        painted.clear();
        return whole;
    }
};

} // namespace

class TestHandleRepaintScrollBar : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aValueChangeRepaintsTheHandleAlone();
    void otherChangesRepaintTheWholeBar();
    void stepsLeaveThePixelsOfAWholeRepaint();
};

void TestHandleRepaintScrollBar::aValueChangeRepaintsTheHandleAlone() {
    TallBar tall;
    QScrollBar& bar = *tall.bar;
    PaintedRegion& painted = tall.painted;
    QVERIFY(tall.paintedWhole());
    QVERIFY(bar.height() > 700);

    const QRect before = handleOf(bar);
    bar.setValue(400'000'000);
    const QRect after = handleOf(bar);
    QVERIFY(after.top() > before.bottom()); // two places far apart
    QTRY_VERIFY(painted.paints > 0);
    QVERIFY(painted.region.contains(before));
    QVERIFY(painted.region.contains(after));
    // Only the two places, with their margins (4 pixels each side): the rows between them are not
    // repainted.
    const int betweenRow = (before.bottom() + after.top()) / 2;
    QVERIFY(!painted.region.contains(QPoint(bar.width() / 2, betweenRow)));
    QVERIFY(painted.region.boundingRect().height() < bar.height());
    int paintedRows = 0;
    for (const QRect& part : painted.region)
        paintedRows += part.height();
    QVERIFY2(paintedRows <= before.height() + after.height() + 16,
             qPrintable(QStringLiteral("%1 rows repainted for handles of %2 and %3")
                            .arg(paintedRows)
                            .arg(before.height())
                            .arg(after.height())));
}

void TestHandleRepaintScrollBar::otherChangesRepaintTheWholeBar() {
    TallBar tall;
    QScrollBar& bar = *tall.bar;
    PaintedRegion& painted = tall.painted;
    QVERIFY(tall.paintedWhole());

    bar.setRange(0, 1000); // the handle grows: everything moves
    QTRY_VERIFY(painted.paints > 0);
    QCOMPARE(painted.region.boundingRect(), bar.rect());
    QCOMPARE(painted.region.rectCount(), 1);

    // A click below the handle pages down and holds the page pressed: the whole bar.
    painted.clear();
    const int value = bar.value();
    const QRect handle = handleOf(bar);
    QTest::mousePress(&bar, Qt::LeftButton, {}, QPoint(bar.width() / 2, handle.bottom() + 40));
    QCOMPARE(bar.value(), value + bar.pageStep());
    // (The press itself repaints the page at once; the whole bar follows.)
    QTRY_COMPARE(painted.region.boundingRect(), bar.rect());
    QTest::mouseRelease(&bar, Qt::LeftButton, {}, QPoint(bar.width() / 2, handle.bottom() + 40));

    // The value change right after it, before a paint, still repaints the whole bar.
    painted.clear();
    bar.setPageStep(100);
    bar.setValue(500);
    QTRY_VERIFY(painted.paints > 0);
    QCOMPARE(painted.region.boundingRect(), bar.rect());
}

void TestHandleRepaintScrollBar::stepsLeaveThePixelsOfAWholeRepaint() {
    TallBar tall;
    QScrollBar& bar = *tall.bar;
    QVERIFY(tall.paintedWhole());
    // Dragged in small steps, some of them before a paint, then jumps both ways.
    for (int step = 1; step <= 300; ++step) {
        bar.setValue(step * 1'000'000);
        if (step % 3 == 0)
            QCoreApplication::processEvents();
    }
    for (int value : {900'000'000, 10'000'000, 600'000'000, 599'000'000}) {
        bar.setValue(value);
        QCoreApplication::processEvents();
    }
    QTest::qWait(50);

    const QImage shown = tall.window.screen()
                             ->grabWindow(tall.window.winId())
                             .toImage()
                             .copy(bar.geometry())
                             .convertToFormat(QImage::Format_RGB32);
    const QImage whole = bar.grab().toImage().convertToFormat(QImage::Format_RGB32);
    QCOMPARE(shown.size(), whole.size());
    int differing = 0;
    for (int y = 0; y < whole.height(); ++y)
        for (int x = 0; x < whole.width(); ++x)
            differing += shown.pixel(x, y) != whole.pixel(x, y);
    QCOMPARE(differing, 0);
    // The handle is where the last value puts it, and nowhere else: the groove's colour above it.
    const QRect handle = handleOf(bar);
    QVERIFY(handle.top() > 400);
    QVERIFY(whole.pixel(bar.width() / 2, handle.center().y()) !=
            whole.pixel(bar.width() / 2, handle.top() - 100));
}

QTEST_MAIN(TestHandleRepaintScrollBar)
#include "tst_handlerepaintscrollbar.moc"
