#include "InspectorMeasurement.h"

#include "BenchReport.h"
#include "CountingBufferSource.h"
#include "Stopwatch.h"

#include "bridge/EngineBridge.h"
#include "inspector/BufferInspector.h"
#include "inspector/BufferTableView.h"
#include "models/BufferTableModel.h"

#include <QEventLoop>
#include <QFile>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <stdexcept>

namespace clw::bench {

namespace {

// Notes when a widget is first painted with its rows loaded: the paint event arrives before the
// painting, which then draws the loaded rows.
class FirstLoadedPaint : public QObject {
public:
    FirstLoadedPaint(const ui::BufferTableModel& model, const Stopwatch& clock)
        : m_model(model)
        , m_clock(clock) {}
    double seconds = -1;
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Paint && seconds < 0 && m_model.rowCount() > 0 &&
            m_model.isWindowLoaded())
            seconds = m_clock.seconds();
        return false;
    }

private:
    const ui::BufferTableModel& m_model;
    const Stopwatch& m_clock;
};

// Runs the event loop until `done` holds or `seconds` passed; false on timeout. The loop sleeps
// between events; `done` is looked at every millisecond.
template <class F>
bool waitFor(F done, double seconds) {
    const Stopwatch clock;
    QEventLoop loop;
    QTimer check;
    check.setInterval(1);
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done() || clock.seconds() > seconds)
            loop.quit();
    });
    check.start();
    if (!done())
        loop.exec();
    return done();
}

} // namespace

double residentMiB(long long pid) {
    QFile status(pid ? QStringLiteral("/proc/%1/status").arg(pid)
                     : QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
    return 0;
}

InspectorFigures measureInspector(MeasuringApplication& app,
                                  std::shared_ptr<ui::BufferSource> source,
                                  std::shared_ptr<ui::BufferSource> before, int steps) {
    // Qt's own first-window costs (fonts, the platform) are not the inspector's.
    {
        QWidget warmUp;
        warmUp.resize(200, 100);
        warmUp.show();
        waitFor([] { return false; }, 0.2);
    }
    ui::EngineBridge bridge;
    const double baseline = residentMiB();
    double peak = baseline;
    InspectorFigures figures;
    figures.scrollSteps = steps;

    const auto counted = std::make_shared<CountingBufferSource>(std::move(source));

    ui::BufferInspector inspector(bridge, nullptr);
    inspector.resize(1400, 900);
    inspector.show();
    waitFor([] { return false; }, 0.1);
    ui::BufferTableModel* model = inspector.model();
    ui::BufferTableView* view = inspector.tableView();
    // First rows: from handing over the buffer to a paint of the table with its rows loaded.
    Stopwatch firstClock;
    FirstLoadedPaint painted(*model, firstClock);
    view->table()->viewport()->installEventFilter(&painted);
    const QString name = QStringLiteral("bench");
    firstClock.restart();
    inspector.addBuffer(name, counted);
    if (before)
        inspector.setBeforeLaunch(name, before);
    const bool first = waitFor([&] { return painted.seconds >= 0; }, 30);
    waitFor([] { return false; }, 0.02); // let that paint finish
    figures.firstRowsMs = painted.seconds * 1000;
    if (!first || model->rowCount() == 0)
        throw std::runtime_error("the first rows never showed: " +
                                 inspector.statusText().toStdString());

    // Scroll from the first element to the last in steps, as a dragged scroll bar does, one step
    // per timer tick, while the event loop runs freely (paints, page reads arriving).
    QScrollBar* bar = view->scrollBar();
    int step = 0;
    QTimer ticker;
    ticker.setInterval(4);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        ++step;
        bar->setValue(int(qint64(bar->maximum()) * step / steps));
        peak = std::max(peak, residentMiB());
        if (step >= steps)
            ticker.stop();
    });
    const Stopwatch scrollClock;
    app.startMeasuring();
    ticker.start();
    waitFor([&] { return step >= steps; }, 300);
    const bool last =
        waitFor([&] { return model->isWindowLoaded() && model->readsInFlight() == 0; }, 30);
    waitFor([] { return false; }, 0.05); // the last paint
    app.stopMeasuring();
    figures.scrollSeconds = scrollClock.seconds();
    figures.longestStallMs = app.longestMs();
    peak = std::max(peak, residentMiB());
    figures.extraMiB = peak - baseline;
    figures.pagesHeld = double(model->pagesHeld());
    figures.pageKiBHeld = double(model->bytesHeld()) / 1024;
    figures.reads = counted->reads();
    figures.bytesRead = counted->bytesRead();
    figures.lastValue =
        model->data(model->index(model->rowCount() - 1, model->firstValueColumn())).toString();
    figures.lastElement = model->elementAt(model->rowCount() - 1);
    if (!last || figures.lastElement != model->elementCount() - 1)
        throw std::runtime_error("scrolling did not reach the last element (at " +
                                 std::to_string(figures.lastElement) + ")");
    return figures;
}

void printInspectorFigures(const std::string& prefix, const InspectorFigures& figures) {
    printFigure(prefix + "_first_rows", figures.firstRowsMs, "ms");
    printFigure(prefix + "_scroll_steps", figures.scrollSteps, "steps");
    printFigure(prefix + "_scroll_time", figures.scrollSeconds, "s");
    printFigure(prefix + "_longest_stall", figures.longestStallMs, "ms");
    printFigure(prefix + "_extra_memory", figures.extraMiB, "MiB");
    printFigure(prefix + "_pages_held", figures.pagesHeld, "pages");
    printFigure(prefix + "_page_bytes_held", figures.pageKiBHeld, "KiB");
    printFigure(prefix + "_reads", double(figures.reads), "reads");
    printFigure(prefix + "_bytes_read", double(figures.bytesRead) / (1 << 20), "MiB");
}

} // namespace clw::bench
