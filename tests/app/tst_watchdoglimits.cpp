// The session's watchdog limits in the window (issue 17): a session that gives launches 1 s has a
// kernel that never ends stopped by the watchdog after about a second, saying so with the limit,
// and the window stays alive; Run > Watchdog limits... edits the limits (the session is then
// modified), the next run and the status bar's countdown take them, and Save keeps them.
#include "MainWindow.h"
#include "SessionWindow.h"
#include "SpinSession.h"
#include "WorkbenchContext.h"
#include "launch/LaunchPanel.h"
#include "launch/SessionController.h"
#include "launch/WatchdogLimitsDialog.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/session/SessionFile.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QStatusBar>
#include <QtTest>

using namespace clw;

namespace {

// The spinning session with a launch limit of 1 s.
engine::Session spinSession() {
    engine::Session session = test::spinSession();
    session.watchdog.launchSeconds = 1;
    return session;
}

QString stoppedAfter(const char* limit) {
    return QStringLiteral("The device host for `Portable Computing Language` was stopped while "
                          "running `spin`: it ran past its limit of %1 s (the watchdog ended it).")
        .arg(QLatin1String(limit));
}

// Opens Run > Watchdog limits... and returns its dialog.
ui::WatchdogLimitsDialog* openLimitsDialog(app::MainWindow& window) {
    QAction* action = window.findChild<QAction*>(QStringLiteral("watchdogLimitsAction"));
    if (!action)
        return nullptr;
    action->trigger();
    return window.findChild<ui::WatchdogLimitsDialog*>(QStringLiteral("watchdogLimitsDialog"));
}

} // namespace

class TestWatchdogLimits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theSessionsLimitsEndAnEndlessKernelAndAreSaved() {
        test::SessionWindow opened(spinSession(), QStringLiteral("spin.clwb"));
        QVERIFY(opened.open());
        app::MainWindow& window = opened.window;
        const QString& file = opened.file;
        ui::SessionController& session = opened.context.session();
        QCOMPARE(session.watchdogLimits().launch, std::chrono::milliseconds(1000));
        QCOMPARE(session.watchdogLimits().build, std::chrono::milliseconds(120000));
        QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);

        // A 1 s launch limit: the watchdog ends the host after about a second.
        QElapsedTimer clock;
        clock.start();
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.isBusy(), 5000);
        qint64 longestPause = 0; // the window answers all along
        while (session.isBusy() && clock.elapsed() < 30000) {
            QElapsedTimer pause;
            pause.start();
            QTest::qWait(50);
            longestPause = std::max(longestPause, pause.elapsed());
        }
        const qint64 elapsed = clock.elapsed();
        QVERIFY(!session.isBusy());
        QVERIFY2(elapsed >= 900 && elapsed < 6000, qPrintable(QString::number(elapsed)));
        QVERIFY2(longestPause < 1000, qPrintable(QString::number(longestPause)));
        qInfo("stopped after %lld ms", elapsed);
        QCOMPARE(session.history().size(), std::size_t(1));
        const ui::RunRecord& record = session.history().front();
        QVERIFY(record.hostStopped);
        QVERIFY2(record.error.startsWith(stoppedAfter("1")), qPrintable(record.error));
        QVERIFY2(window.statusBar()->currentMessage().contains(
                     QStringLiteral("it ran past its limit of 1 s")),
                 qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(!session.isModified());

        // Cancel changes nothing.
        ui::WatchdogLimitsDialog* dialog = openLimitsDialog(window);
        QVERIFY(dialog);
        auto* launchBox = dialog->findChild<QDoubleSpinBox*>(QStringLiteral("launchLimitBox"));
        auto* buildBox = dialog->findChild<QDoubleSpinBox*>(QStringLiteral("buildLimitBox"));
        QVERIFY(launchBox && buildBox);
        QCOMPARE(launchBox->value(), 1.0);
        QCOMPARE(buildBox->value(), 120.0);
        launchBox->setValue(7);
        dialog->reject();
        QVERIFY(!session.isModified());
        QCOMPARE(session.session().watchdog.launchSeconds, 1.0);

        // OK edits the session: 3 s a launch, 90 s a build.
        QTRY_VERIFY(!window.findChild<ui::WatchdogLimitsDialog*>()); // the cancelled one is gone
        dialog = openLimitsDialog(window);
        QVERIFY(dialog);
        dialog->findChild<QDoubleSpinBox*>(QStringLiteral("launchLimitBox"))->setValue(3);
        dialog->findChild<QDoubleSpinBox*>(QStringLiteral("buildLimitBox"))->setValue(90);
        dialog->accept();
        QVERIFY(session.isModified());
        QVERIFY(session.session().watchdog == (engine::SessionWatchdog{3, 90}));
        QCOMPARE(session.watchdogLimits().launch, std::chrono::milliseconds(3000));

        // The next run (in a new host, which builds first) takes them.
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.isBusy(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!session.isBusy(), 60000);
        QCOMPARE(session.history().size(), std::size_t(2));
        QVERIFY2(session.history().back().error.startsWith(stoppedAfter("3")),
                 qPrintable(session.history().back().error));

        // Save keeps them; the file opens again with them.
        QVERIFY(window.sessions()->save());
        QVERIFY(!session.isModified());
        QFile saved(file);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY2(saved.readAll().contains(
                     "\"watchdog\": { \"launchSeconds\": 3, \"buildSeconds\": 90 }"),
                 qPrintable(file));
        QVERIFY(window.sessions()->open(file));
        QVERIFY(session.session().watchdog == (engine::SessionWatchdog{3, 90}));
        QVERIFY(!session.isModified());
    }

    void theCountdownCountsToTheSessionsLimit() {
        // The step's limit less the time it ran, in whole seconds up: a launch limited to 4 s
        // shows "Stopped in 3 s" after its first second (less, on a slow machine).
        engine::Session spin = spinSession();
        spin.watchdog.launchSeconds = 4;
        test::SessionWindow opened(spin, QStringLiteral("spin.clwb"));
        QVERIFY(opened.open());
        app::MainWindow& window = opened.window;
        ui::SessionController& session = opened.context.session();
        QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);
        const QLabel* countdown = window.findChild<QLabel*>(QStringLiteral("watchdogCountdown"));
        QVERIFY(countdown);
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(countdown->isVisible(), 5000);
        const QRegularExpression seconds(QStringLiteral("^Stopped in (\\d+) s unless it ends$"));
        const QRegularExpressionMatch shown = seconds.match(countdown->text());
        QVERIFY2(shown.hasMatch(), qPrintable(countdown->text()));
        QVERIFY2(shown.captured(1).toInt() >= 1 && shown.captured(1).toInt() <= 3,
                 qPrintable(countdown->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!session.isBusy(), 20000);
        QVERIFY2(session.history().back().error.startsWith(stoppedAfter("4")),
                 qPrintable(session.history().back().error));
    }
};

QTEST_MAIN(TestWatchdogLimits)
#include "tst_watchdoglimits.moc"
