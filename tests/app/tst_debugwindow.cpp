// Breakpoints and stepping in the workbench (issue 18), as a person debugs: a breakpoint set in
// the editor's margin, a work-item chosen, Debug (F10) stops it there on Oclgrind with its locals;
// the vector-add sample stepped line by line, the reduction sample's loop continued breakpoint to
// breakpoint (the stride halving each time), to the next barrier, and another work-item followed
// while paused; a breakpoint on a line with no code, a work-item outside the range and no
// breakpoint at all each say so; Stop ends the run. With CLW_SCREENSHOT_DIR set (Xvfb), a
// screenshot of a pause is kept.
#include "DebugActions.h"
#include "MainWindow.h"
#include "SampleExpectations.h"
#include "WorkbenchContext.h"
#include "bridge/BufferSource.h"
#include "debug/DebugController.h"
#include "debug/DebuggerPanel.h"
#include "editor/KernelEditor.h"
#include "inspector/BufferInspector.h"
#include "launch/SessionController.h"
#include "session/SessionWorkflow.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QMessageBox>
#include <QTreeWidget>
#include <QtTest>

using namespace clw;

namespace {

std::vector<float> floatsOf(const std::shared_ptr<ui::BufferSource>& source) {
    if (!source)
        return {};
    std::vector<float> values(source->size() / sizeof(float));
    source->read(0,
                 {reinterpret_cast<unsigned char*>(values.data()), values.size() * sizeof(float)});
    return values;
}

class Debugging {
public:
    explicit Debugging(const char* sample)
        : window(context) {
        window.sessions()->setQuestion([](const QString&, const QString&,
                                          QMessageBox::StandardButtons buttons) {
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::Yes;
        });
        opened =
            window.sessions()->openSample(QStringLiteral(":/samples/") + QLatin1String(sample));
        editor = qobject_cast<ui::KernelEditor*>(window.kernelEditor());
        controller = window.debugActions()->controller();
        panel = window.debuggerPanel();
        QObject::connect(controller, &ui::DebugController::paused, controller,
                         [this](const ui::DebugStop& stop) { stops.append(stop); });
        QObject::connect(controller, &ui::DebugController::ended, controller,
                         [this](const QString& failure) {
                             endings.append(failure.isEmpty() ? QStringLiteral("ok") : failure);
                         });
    }
    QAction* action(const char* name) {
        return window.findChild<QAction*>(QString::fromLatin1(name));
    }
    // Triggers `name` and waits for the next pause (true) or the end of the run (false).
    bool next(const char* name) {
        const qsizetype pauses = stops.size(), ends = endings.size();
        action(name)->trigger();
        if (!QTest::qWaitFor([&] { return stops.size() > pauses || endings.size() > ends; },
                             120000))
            QTest::qFail("neither a pause nor the run's end came within 120 s", __FILE__,
                         __LINE__); // not read as the end
        return stops.size() > pauses;
    }
    QString local(const char* name) const { return panel->localValue(QLatin1String(name)); }

    app::WorkbenchContext context;
    app::MainWindow window;
    bool opened = false;
    ui::KernelEditor* editor = nullptr;
    ui::DebugController* controller = nullptr;
    ui::DebuggerPanel* panel = nullptr;
    QList<ui::DebugStop> stops;
    QStringList endings;
};

} // namespace

class TestDebugWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void vectorAddStepByStep() {
        Debugging d("vector_add.clwb");
        QVERIFY(d.opened && d.editor);
        // A click in the debug margin beside line 4 sets the breakpoint.
        Q_EMIT d.editor->marginClicked(ui::KernelEditor::kDebugMargin, 3, Qt::NoModifier);
        QCOMPARE(d.editor->breakpoints(), QList<int>{4});
        d.panel->workItemEdit()->setText(QStringLiteral("5"));
        QCOMPARE(d.action("debugAction")->shortcut(), QKeySequence(Qt::Key_F10));
        QVERIFY(d.next("debugAction"));
        QCOMPARE(d.stops.last().line, 4);
        QCOMPARE(d.stops.last().reason, QStringLiteral("breakpoint"));
        QCOMPARE(d.panel->statusText(), QStringLiteral("Paused at a breakpoint: line 4 of "
                                                       "vector_add.cl, work-item (5, 0, 0) of "
                                                       "vector_add"));
        QCOMPARE(d.editor->executionLine(), 4);
        QCOMPARE(d.local("a").left(2), QStringLiteral("0x"));
        // The Locals' types as the source spells them.
        const QList<QTreeWidgetItem*> a =
            d.panel->locals()->findItems(QStringLiteral("a"), Qt::MatchExactly, 0);
        QCOMPARE(a.size(), 1);
        QCOMPARE(a[0]->text(1), QStringLiteral("const float*"));
        QVERIFY(d.action("stepIntoAction")->isEnabled());

        // Step over (F10 again): line 5, where i holds the global id; then line 6; then the
        // work-item ends and the run with it.
        QVERIFY(d.next("debugAction"));
        QCOMPARE(d.stops.last().line, 5);
        QCOMPARE(d.local("i"), QStringLiteral("5"));
        QCOMPARE(d.editor->executionLine(), 5);
        QVERIFY(d.next("debugAction"));
        QCOMPARE(d.stops.last().line, 6);
        QVERIFY(!d.next("debugAction"));
        QCOMPARE(d.endings, QStringList{QStringLiteral("ok")});
        QCOMPARE(d.editor->executionLine(), 0);
        QVERIFY(!d.action("stepIntoAction")->isEnabled());
        QVERIFY(d.action("debugAction")->isEnabled());
    }

    void reductionLoopBreakpointToBreakpoint() {
        Debugging d("reduction.clwb");
        QVERIFY(d.opened);
        d.editor->toggleBreakpoint(13);
        d.panel->workItemEdit()->setText(QStringLiteral("group 0 local 3")); // global id 3
        // Work-item 3 adds in at strides 64, 32, 16, 8 and 4 (3 < stride), then leaves the loop.
        QVERIFY(d.next("debugAction"));
        QStringList strides{d.local("stride")};
        QCOMPARE(d.local("gid"), QStringLiteral("3"));
        QCOMPARE(d.local("lid"), QStringLiteral("3"));
        QCOMPARE(d.local("n"), QStringLiteral("4096"));
        // The inspector has the buffers and the group's __local memory as they are at the pause:
        // work-items 0 to 2 have added their stride-64 partner already, 3 and up not yet.
        ui::BufferInspector* inspector = d.window.bufferInspector();
        const auto in = floatsOf(inspector->source(QStringLiteral("debug: in")));
        const auto scratch =
            floatsOf(inspector->source(QStringLiteral("debug: scratch (__local)")));
        QCOMPARE(in.size(), size_t(4096));
        QCOMPARE(scratch.size(), size_t(128));
        const std::vector<float> host =
            test::filledFloats(test::bufferOf(d.context.session().session(), "in"));
        QCOMPARE(in, host);
        QCOMPARE(scratch[0], host[0] + host[64]);
        QCOMPARE(scratch[2], host[2] + host[66]);
        QCOMPARE(scratch[3], host[3]);
        QCOMPARE(scratch[70], host[70]);
        while (d.next("continueAction"))
            strides << d.local("stride");
        QCOMPARE(strides,
                 (QStringList{QStringLiteral("64"), QStringLiteral("32"), QStringLiteral("16"),
                              QStringLiteral("8"), QStringLiteral("4")}));
        QCOMPARE(d.endings.last(), QStringLiteral("ok"));
    }

    void toTheBarrierAndAnotherWorkItem() {
        Debugging d("reduction.clwb");
        d.editor->toggleBreakpoint(13);
        d.panel->workItemEdit()->setText(QStringLiteral("3"));
        QVERIFY(d.next("debugAction"));
        QCOMPARE(d.local("stride"), QStringLiteral("64"));
        // The barrier at line 15 lets every work-item of the group through: work-item 3 stops
        // at its next line, the loop's closing brace (line 16, its jump back), the stride still
        // 64.
        QVERIFY(d.next("toBarrierAction"));
        QCOMPARE(d.stops.last().reason, QStringLiteral("barrier"));
        QCOMPARE(d.stops.last().line, 16);
        QCOMPARE(d.local("stride"), QStringLiteral("64"));
        QVERIFY2(d.panel->statusText().startsWith(QStringLiteral("Paused after a barrier")),
                 qPrintable(d.panel->statusText()));
        // Follow work-item 20 instead: the group is past the stride-64 step, so it stops at its
        // add of the stride-32 step.
        d.panel->workItemEdit()->setText(QStringLiteral("20"));
        const qsizetype pauses = d.stops.size();
        Q_EMIT d.panel->workItemEdit()->editingFinished();
        QTRY_VERIFY_WITH_TIMEOUT(d.stops.size() > pauses || !d.endings.isEmpty(), 120000);
        QVERIFY(d.stops.size() > pauses);
        QCOMPARE(d.stops.last().workItem, (engine::CheckIds{20, 0, 0}));
        QCOMPARE(d.stops.last().line, 13);
        QCOMPARE(d.local("lid"), QStringLiteral("20"));
        QCOMPARE(d.local("stride"), QStringLiteral("32"));

        const QString shots = qEnvironmentVariable("CLW_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            d.window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&d.window));
            QVERIFY(QDir().mkpath(shots));
            QTest::qWait(300);
            QVERIFY(d.window.grab().save(QDir(shots).filePath(QStringLiteral("debug_paused.png"))));
        }

        // Stop debugging ends the run where it is.
        d.action("stopDebugAction")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!d.endings.isEmpty(), 60000);
        QCOMPARE(d.endings.last(), QStringLiteral("The debug run was stopped."));
        QVERIFY(!d.controller->isRunning());
    }

    void requestsThatCannotWorkSayWhy() {
        Debugging d("reduction.clwb");
        const engine::Session before = d.context.session().session();
        // No breakpoint.
        d.action("debugAction")->trigger();
        QCOMPARE(d.panel->statusText(),
                 QStringLiteral("No breakpoint: click the left margin of the editor beside a line "
                                "to set one, then Debug (F10)."));
        QVERIFY(!d.controller->isRunning());
        // No work-item.
        d.editor->toggleBreakpoint(13);
        d.panel->workItemEdit()->setText(QStringLiteral("first"));
        d.action("debugAction")->trigger();
        QCOMPARE(d.panel->statusText(),
                 QStringLiteral("'first' is no work-item: type its global id, \"5\" or \"3, 1\", "
                                "or \"group 2 local 5\""));
        d.panel->workItemEdit()->setText(QStringLiteral("group 1 local 200"));
        d.action("debugAction")->trigger();
        QCOMPARE(d.panel->statusText(),
                 QStringLiteral("local id 200 is past the work-group size 128"));
        QVERIFY(!d.controller->isRunning());
        // A line with no code (a comment) and a work-item outside the range: the run says so and
        // goes to its end without stopping.
        d.editor->toggleBreakpoint(13);
        d.editor->toggleBreakpoint(14);
        d.panel->workItemEdit()->setText(QStringLiteral("5000"));
        QSignalSpy problems(d.controller, &ui::DebugController::problem);
        QVERIFY(!d.next("debugAction"));
        QCOMPARE(problems.size(), 2);
        QCOMPARE(problems[0].at(0).toString(),
                 QStringLiteral("line 14 holds no code, so a breakpoint there never stops: put it "
                                "on a line with a statement"));
        QCOMPARE(problems[1].at(0).toString(),
                 QStringLiteral("work-item (5000, 0, 0) is outside the range of partial_sums "
                                "(4096 x 1 x 1 work-items): follow one inside it"));
        QVERIFY2(d.panel->statusText().contains(QStringLiteral("outside the range")),
                 qPrintable(d.panel->statusText()));
        QCOMPARE(d.context.session().session(), before);
    }
};

QTEST_MAIN(TestDebugWindow)
#include "tst_debugwindow.moc"
