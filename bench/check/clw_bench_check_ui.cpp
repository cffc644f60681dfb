// clw_bench_check_ui (issue 18): the longest stall of the workbench's event loop (offscreen)
// while a check runs (the matmul sample, F6), while a watch runs (the reduction's `stride`) and
// while a debug run stops and goes on (the reduction, a breakpoint at its add, work-item 3,
// continued through its five stops), measured as clw_bench_ui does (StallMeter: a 1 ms timer).
// Goal: no stall over 16 ms, in each.
#include "BenchReport.h"
#include "StallMeter.h"
#include "WaitFor.h"

#include "DebugActions.h"
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "debug/DebugController.h"
#include "debug/DebuggerPanel.h"
#include "editor/KernelEditor.h"
#include "launch/SessionController.h"
#include "session/SessionWorkflow.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMessageBox>

#include <cstdio>

using namespace clw;

namespace {

struct Measured {
    double longestMs = 0;
    double busyMs = 0;
    int overGoal = 0;
};

// Runs `start`, then the event loop until `done`, with the stall meter on.
Measured measure(const std::function<void()>& start, const std::function<bool()>& done) {
    bench::StallMeter meter;
    meter.start();
    start();
    if (!bench::waitFor(done, 300000)) {
        std::fprintf(stderr, "clw_bench_check_ui: it did not end in 5 minutes\n");
        std::exit(1);
    }
    meter.stop();
    return {meter.longestMs(), meter.longestBusyMs(), meter.overGoal()};
}

void print(const char* what, const Measured& measured) {
    bench::printFigure(std::string("longest_stall_") + what + "_ms", measured.longestMs, "ms");
    bench::printFigure(std::string("longest_stall_") + what + "_gui_thread_cpu_ms", measured.busyMs,
                       "ms");
    bench::printFigure(std::string("stalls_over_16ms_") + what, measured.overGoal, "stalls");
}

} // namespace

int main(int argc, char** argv) {
    if (argc > 1) {
        std::printf("clw_bench_check_ui: the longest GUI stall during a check, a watch and a "
                    "debug run on Oclgrind (offscreen)\n");
        return std::string(argv[1]) == "--help" ? 0 : 2;
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    app::WorkbenchContext context;
    app::MainWindow window(context);
    window.sessions()->setQuestion(
        [](const QString&, const QString&, QMessageBox::StandardButtons buttons) {
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::Yes;
        });
    window.show();
    QAction* check = window.findChild<QAction*>(QStringLiteral("checkAction"));
    const auto idle = [&] { return check->isEnabled() && !context.session().isBusy(); };

    window.sessions()->openSample(QStringLiteral(":/samples/matmul_local.clwb"));
    bench::waitFor([&] { return !context.session().kernels().empty() && idle(); }, 120000);
    const Measured checking =
        measure([&] { check->trigger(); }, [&] { return check->isEnabled(); });

    window.sessions()->openSample(QStringLiteral(":/samples/reduction.clwb"));
    bench::waitFor([&] { return !context.session().kernels().empty() && idle(); }, 120000);
    const Measured watching =
        measure([&] { window.startWatch(QString(), 12, QStringLiteral("stride")); },
                [&] { return check->isEnabled(); });

    auto* editor = qobject_cast<ui::KernelEditor*>(window.kernelEditor());
    editor->toggleBreakpoint(13);
    window.debuggerPanel()->workItemEdit()->setText(QStringLiteral("3"));
    ui::DebugController* debug = window.debugActions()->controller();
    int stops = 0;
    QObject::connect(debug, &ui::DebugController::paused, [&] {
        ++stops;
        QMetaObject::invokeMethod(debug, &ui::DebugController::continueRun, Qt::QueuedConnection);
    });
    const Measured debugging = measure([&] { window.debugActions()->debugOrStepOver(); },
                                       [&] { return !debug->isRunning(); });

    print("check", checking);
    print("watch", watching);
    print("debug", debugging);
    bench::printFigure("debug_stops", stops, "stops");
    bool ok =
        bench::printGoal("no_stall_over_16ms_check", checking.longestMs, "<=", bench::kFrameMs);
    ok = bench::printGoal("no_stall_over_16ms_watch", watching.longestMs, "<=", bench::kFrameMs) &&
         ok;
    ok = bench::printGoal("no_stall_over_16ms_debug", debugging.longestMs, "<=", bench::kFrameMs) &&
         ok;
    return ok ? 0 : 1;
}
