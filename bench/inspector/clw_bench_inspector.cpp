// clw_bench_inspector (issue 8): the buffer inspector over a 1 GiB float buffer on the device
// (PoCL by default). Reports the time from handing the buffer to the inspector to its first rows
// painted, the longest GUI-thread stall (one pass of the event loop) while the table scrolls from
// the first element to the last, and the memory the inspector added to the process. Runs offscreen
// unless QT_QPA_PLATFORM says otherwise. --quick uses 64 MiB.
#include "BenchOptions.h"
#include "BenchReport.h"
#include "Stopwatch.h"

#include "bridge/DeviceBufferSource.h"
#include "bridge/EngineBridge.h"
#include "inspector/BufferInspector.h"
#include "inspector/BufferTableView.h"
#include "models/BufferTableModel.h"

#include "clw/engine/Kernel.h"
#include "clw/engine/Program.h"

#include <QApplication>
#include <QEventLoop>
#include <QFile>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace clw;

namespace {

// Resident memory of this process in MiB (Linux); 0 where /proc is missing.
double residentMiB() {
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
    return 0;
}

// An application that times every event it delivers on the GUI thread (outermost deliveries
// only: nested ones are part of them). The longest is the longest stall a person would feel:
// paints, page reads arriving, scroll-bar changes, timers.
class MeasuringApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override {
        if (m_depth++ > 0) {
            const bool handled = QApplication::notify(receiver, event);
            --m_depth;
            return handled;
        }
        const bench::Stopwatch clock;
        const bool handled = QApplication::notify(receiver, event);
        --m_depth;
        if (m_measuring)
            m_longest = std::max(m_longest, clock.seconds());
        return handled;
    }
    void startMeasuring() {
        m_longest = 0;
        m_measuring = true;
    }
    void stopMeasuring() { m_measuring = false; }
    double longestMs() const { return m_longest * 1000; }

private:
    int m_depth = 0;
    bool m_measuring = false;
    double m_longest = 0;
};

// Notes when a widget is first painted with its rows loaded: the paint event arrives before the
// painting, which then draws the loaded rows.
class FirstLoadedPaint : public QObject {
public:
    FirstLoadedPaint(const ui::BufferTableModel& model, const bench::Stopwatch& clock)
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
    const bench::Stopwatch& m_clock;
};

// Runs the event loop until `done` holds or `seconds` passed; false on timeout. The loop sleeps
// between events; `done` is looked at every millisecond.
template <class F>
bool waitFor(F done, double seconds) {
    const bench::Stopwatch clock;
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

int main(int argc, char** argv) {
    const auto options = bench::parseBenchOptions(
        argc, argv, "Buffer inspector: first rows, scroll stalls and memory on a 1 GiB buffer");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    MeasuringApplication app(argc, argv);
    const engine::Device device = bench::requireDevice(options);
    const size_t bytes = options.quick ? (64ull << 20) : (1ull << 30);
    const size_t count = bytes / sizeof(float);
    if (device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() < bytes) {
        std::fprintf(stderr, "the device allocates at most %llu bytes at once; %zu are needed\n",
                     static_cast<unsigned long long>(device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>()),
                     bytes);
        return 1;
    }

    // The buffer: element i holds i (as a float), written by the device so that its pages are
    // resident before the baseline is taken.
    const engine::Context context(device);
    const engine::CommandQueue queue(context, device);
    const engine::Buffer buffer(context, CL_MEM_READ_WRITE, bytes);
    const engine::Program program = engine::Program::fromSource(
        context, "__kernel void ramp(__global float* out) { size_t i = get_global_id(0); "
                 "out[i] = (float)i; }");
    if (!program.build().ok()) {
        std::fprintf(stderr, "the ramp kernel did not build\n");
        return 1;
    }
    const engine::Kernel ramp(program, "ramp");
    ramp.setArg(0, buffer);
    queue.ndRange(ramp, engine::NDRange(count));
    queue.finish();
    auto source = std::make_shared<ui::DeviceBufferSource>(buffer, queue, bytes);

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

    ui::BufferInspector inspector(bridge, nullptr);
    inspector.resize(1400, 900);
    inspector.show();
    waitFor([] { return false; }, 0.1);
    ui::BufferTableModel* model = inspector.model();
    ui::BufferTableView* view = inspector.tableView();
    // First rows: from handing over the buffer to a paint of the table with its rows loaded.
    bench::Stopwatch firstClock;
    FirstLoadedPaint painted(*model, firstClock);
    view->table()->viewport()->installEventFilter(&painted);
    firstClock.restart();
    inspector.addBuffer(QStringLiteral("bench"), source);
    const bool first = waitFor([&] { return painted.seconds >= 0; }, 30);
    waitFor([] { return false; }, 0.02); // let that paint finish
    const double firstRowsMs = painted.seconds * 1000;
    if (!first || model->rowCount() == 0) {
        std::fprintf(stderr, "the first rows never showed\n");
        return 1;
    }

    // Scroll from the first element to the last in steps, as a dragged scroll bar does, one step
    // per timer tick, while the event loop runs freely (paints, page reads arriving).
    QScrollBar* bar = view->scrollBar();
    const int steps = options.quick ? 200 : 1000;
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
    const bench::Stopwatch scrollClock;
    app.startMeasuring();
    ticker.start();
    waitFor([&] { return step >= steps; }, 300);
    const bool last =
        waitFor([&] { return model->isWindowLoaded() && model->readsInFlight() == 0; }, 30);
    waitFor([] { return false; }, 0.05); // the last paint
    app.stopMeasuring();
    const double scrollSeconds = scrollClock.seconds();
    peak = std::max(peak, residentMiB());
    const QString lastValue =
        model->data(model->index(model->rowCount() - 1, model->firstValueColumn())).toString();
    const quint64 lastElement = model->elementAt(model->rowCount() - 1);
    if (!last || lastElement != count - 1) {
        std::fprintf(stderr, "scrolling did not reach the last element (at %llu)\n",
                     static_cast<unsigned long long>(lastElement));
        return 1;
    }
    std::printf("last row: element %llu = %s\n", static_cast<unsigned long long>(lastElement),
                lastValue.toUtf8().constData());

    const double extraMiB = peak - baseline;
    bench::printFigure("inspector_buffer_size", double(bytes) / (1 << 20), "MiB");
    bench::printFigure("inspector_first_rows", firstRowsMs, "ms");
    bench::printFigure("inspector_scroll_steps", steps, "steps");
    bench::printFigure("inspector_scroll_time", scrollSeconds, "s");
    bench::printFigure("inspector_longest_stall", app.longestMs(), "ms");
    bench::printFigure("inspector_extra_memory", extraMiB, "MiB");
    bench::printFigure("inspector_pages_held", double(model->pagesHeld()), "pages");
    bench::printFigure("inspector_page_bytes_held", double(model->bytesHeld()) / 1024, "KiB");
    bench::printGoal("inspector_first_rows_ms", firstRowsMs, "<", 200);
    bench::printGoal("inspector_longest_stall_ms", app.longestMs(), "<", 16);
    bench::printGoal("inspector_extra_memory_mib", extraMiB, "<", 64);
    return 0;
}
