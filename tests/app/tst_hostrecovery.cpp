// The workbench through a kernel that never ends (issue 17): the window runs it in the device host,
// stays responsive, Stop (Esc) ends the host at once, the history row says so, the text typed
// before is still in the editor and Save writes it, and the fixed kernel then runs in a new host.
#include "MainWindow.h"
#include "SessionWindow.h"
#include "SpinSession.h"
#include "WorkbenchContext.h"
#include "bridge/BufferSource.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "launch/LaunchPanel.h"
#include "launch/SessionController.h"
#include "launch/TimelineView.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/session/SessionFile.h"

#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QtTest>

using namespace clw;

namespace {

using test::spinSession;

} // namespace

class TestHostRecovery : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stopEndsAnEndlessKernelAndNothingIsLost() {
        test::SessionWindow opened(spinSession(), QStringLiteral("spin.clwb"));
        QVERIFY(opened.open());
        app::MainWindow& window = opened.window;
        const QString& file = opened.file;
        ui::SessionController& session = opened.context.session();
        QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);

        // Text typed before the run, not saved yet.
        ui::KernelEditor* editor = window.editorWorkspace()->tabs()->currentEditor();
        editor->setText(editor->text() + QStringLiteral("// typed before the run\n"));
        QVERIFY(session.isModified());

        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.isBusy(), 5000);
        // The kernel runs for good; the window keeps answering meanwhile.
        QElapsedTimer responsive;
        responsive.start();
        QTest::qWait(1500);
        QVERIFY(session.isBusy());
        QVERIFY(responsive.elapsed() < 3000);
        // The status bar counts down to the watchdog's end of the launch (10 s by default).
        const QLabel* countdown = window.findChild<QLabel*>(QStringLiteral("watchdogCountdown"));
        QVERIFY(countdown);
        QTRY_VERIFY(countdown->isVisible());
        // The edit above makes the run build first (a countdown from the build's 120 s, which a
        // loaded machine shows for a while): wait for the launch's.
        const QRegularExpression seconds(QStringLiteral("^Stopped in (\\d+) s unless it ends$"));
        const auto launchCountdown = [&] {
            const QRegularExpressionMatch shown = seconds.match(countdown->text());
            return shown.hasMatch() && shown.captured(1).toInt() <= 10;
        };
        QTRY_VERIFY_WITH_TIMEOUT(launchCountdown(), 120000);
        const QRegularExpressionMatch shown = seconds.match(countdown->text());
        QVERIFY2(shown.hasMatch(), qPrintable(countdown->text()));
        QVERIFY2(shown.captured(1).toInt() >= 5 && shown.captured(1).toInt() <= 9,
                 qPrintable(countdown->text()));

        QAction* stop = window.findChild<QAction*>(QStringLiteral("stopAction"));
        QVERIFY(stop);
        QCOMPARE(stop->shortcut(), QKeySequence(Qt::Key_Escape));
        QElapsedTimer clock;
        clock.start();
        stop->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!session.isBusy(), 5000);
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(!countdown->isVisible());

        QCOMPARE(session.history().size(), std::size_t(1));
        const ui::RunRecord& record = session.history().front();
        QVERIFY(record.hostStopped);
        QCOMPARE(record.error, QStringLiteral("The device host for `Portable Computing Language` "
                                              "was stopped while running `spin`: Stop was "
                                              "pressed."));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Stop was pressed")),
                 qPrintable(window.statusBar()->currentMessage()));
        QCOMPARE(window.launchPanel()->errorText(),
                 record.error + QStringLiteral("\nRun again to start a new host."));
        const auto* timeline = window.findChild<ui::TimelineView*>(QStringLiteral("timelineView"));
        QVERIFY(timeline);
        QTRY_COMPARE(timeline->emptyHint(),
                     QStringLiteral("Run 1 failed before a launch or transfer finished: nothing to "
                                    "place here. Select an earlier run in History to see its "
                                    "timeline."));

        // Nothing typed is lost, and Save writes it.
        QVERIFY(editor->text().endsWith(QStringLiteral("// typed before the run\n")));
        QVERIFY(window.sessions()->save());
        const engine::Session saved = engine::SessionFile::read(file.toStdString()).session;
        QVERIFY(QString::fromStdString(saved.sources.files.front().text)
                    .endsWith(QStringLiteral("// typed before the run\n")));

        // Restart: a new host with the program built and the buffers from their initial contents,
        // shown in the inspector; nothing launched.
        QAction* restart = window.findChild<QAction*>(QStringLiteral("restartAction"));
        QVERIFY(restart);
        QSignalSpy ready(&session, &ui::SessionController::buffersReady);
        restart->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() && !session.isBusy(), 120000);
        QVERIFY(session.isBuilt());
        QCOMPARE(session.history().size(), std::size_t(1));
        const auto restored = session.bufferSource(QStringLiteral("x"));
        QVERIFY(restored);
        int initial = -1;
        restored->read(0, {reinterpret_cast<unsigned char*>(&initial), sizeof initial});
        QCOMPARE(initial, 0);

        // The fixed kernel runs in that host.
        editor->setText(QStringLiteral("__kernel void spin(__global int* x) { x[0] = 9; }\n"));
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 2 && !session.isBusy(), 120000);
        QVERIFY2(session.history().back().ok, qPrintable(session.history().back().error));
        const auto x = session.bufferSource(QStringLiteral("x"));
        QVERIFY(x);
        int value = 0;
        x->read(0, {reinterpret_cast<unsigned char*>(&value), sizeof value});
        QCOMPARE(value, 9);
    }
};

QTEST_MAIN(TestHostRecovery)
#include "tst_hostrecovery.moc"
