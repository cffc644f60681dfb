// A driver that crashes in each kind of call, seen from the window (issue 17): the fake OpenCL
// driver of tests/fakecl, crashing as CLW_FAKE_CL_FAULT asks, in a build, an upload, a launch
// and the inspector's read. Each time the window stays up and says where the host stopped, in
// the status bar and the log (a run's also in its history row and the Launch panel); the text
// typed before the first crash stays in the editor and Save writes it; the history keeps every
// run; the next build or run starts a new host, which has the fault asked for then.
#include "MainWindow.h"
#include "SessionWindow.h"
#include "TouchSession.h"
#include "WorkbenchContext.h"
#include "editor/BuildController.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "inspector/BufferInspector.h"
#include "launch/HistoryPanel.h"
#include "launch/LaunchPanel.h"
#include "launch/LogPanel.h"
#include "launch/SessionController.h"
#include "models/RunHistoryModel.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/session/SessionFile.h"

#include <QAction>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStatusBar>
#include <QtTest>

using namespace clw;

namespace {

// The fake driver alone, failing as `fault` says, for the hosts started from now on.
QProcessEnvironment fakeDriver(const QString& fault) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral(CLW_FAKE_ICD_VENDORS));
    environment.insert(QStringLiteral("CLW_FAKE_CL_FAULT"), fault);
    return environment;
}

QString stopped(const char* what, const char* how) {
    return QStringLiteral("The device host for `CL Workbench Fake Platform` stopped while %1 (%2).")
        .arg(QLatin1String(what), QLatin1String(how));
}

QString lastWords(const char* call, const char* action) {
    return QStringLiteral("fake OpenCL driver: %1: %2 as CLW_FAKE_CL_FAULT asks")
        .arg(QLatin1String(call), QLatin1String(action));
}

} // namespace

class TestWindowCrashes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        // The window's first hosts, the listing ones included, see the fake driver alone.
        qputenv("OCL_ICD_VENDORS", CLW_FAKE_ICD_VENDORS);
        qputenv("CLW_FAKE_CL_FAULT", "clBuildProgram:abort");
    }

    void eachKindOfCrashIsSaidAndNothingIsLost() {
        test::SessionWindow opened(test::touchSession(), QStringLiteral("touch.clwb"));
        app::WorkbenchContext& context = opened.context;
        context.hosts().setEnvironment(fakeDriver(QStringLiteral("clBuildProgram:abort")));
        QVERIFY(opened.open());
        app::MainWindow& window = opened.window;
        ui::SessionController& session = context.session();

        // A build: the session's, as it opens, crashes its host. The editor's build of the same
        // text may wait on that host too: then the stop names both, since which one the driver
        // was in cannot be told.
        ui::KernelEditor* editor = window.editorWorkspace()->tabs()->currentEditor();
        editor->setText(editor->text() + QStringLiteral("// typed before the crash\n"));
        const QRegularExpression buildStopped(
            QStringLiteral("^build: The device host for `CL Workbench Fake Platform` stopped "
                           "while building `k\\.cl`( for the editor| for the session and the "
                           "editor)? \\(SIGABRT\\)\\. Its last words: ") +
            QRegularExpression::escape(lastWords("clBuildProgram", "abort")) + QStringLiteral("$"));
        // Every message shown, for the failure's text: a message stays 15 s, the wait is longer.
        QStringList shown;
        connect(window.statusBar(), &QStatusBar::messageChanged, this,
                [&shown](const QString& message) { shown.append(message); });
        QTRY_VERIFY2_WITH_TIMEOUT(
            buildStopped.match(window.statusBar()->currentMessage()).hasMatch(),
            qPrintable(QStringLiteral("shown: ") + shown.join(QLatin1String(" | "))), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!session.isBusy(), 120000);
        QVERIFY(window.isVisible());
        QVERIFY2(window.logPanel()->text().contains(lastWords("clBuildProgram", "abort")),
                 qPrintable(window.logPanel()->text()));
        QVERIFY(editor->text().endsWith(QStringLiteral("// typed before the crash\n")));
        QVERIFY(window.sessions()->save());
        const engine::Session saved = engine::SessionFile::read(opened.file.toStdString()).session;
        QVERIFY(QString::fromStdString(saved.sources.files.front().text)
                    .endsWith(QStringLiteral("// typed before the crash\n")));

        // An upload, then a launch: each run fails, marked in its history row.
        const struct {
            const char* call;
            const char* action;
            const char* signal;
        } runs[] = {{"clEnqueueWriteBuffer", "abort", "SIGABRT"},
                    {"clEnqueueNDRangeKernel", "segv", "SIGSEGV"}};
        const ui::RunHistoryModel* history = window.historyPanel()->model();
        const auto editorAtRest = [&] {
            return !window.editorWorkspace()->builds()->isBuilding() &&
                   !window.editorWorkspace()->builds()->isLivePending();
        };
        for (const auto& run : runs) {
            // The run alone waits on its host: the stop names it alone.
            QTRY_VERIFY_WITH_TIMEOUT(editorAtRest(), 60000);
            context.hosts().setEnvironment(fakeDriver(
                QStringLiteral("%1:%2").arg(QLatin1String(run.call), QLatin1String(run.action))));
            const std::size_t before = session.history().size();
            window.launchPanel()->runAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == before + 1 && !session.isBusy(),
                                     120000);
            const ui::RunRecord& record = session.history().back();
            QVERIFY(record.hostStopped);
            QVERIFY2(record.error.startsWith(stopped("running `touch`", run.signal)),
                     qPrintable(record.error));
            QVERIFY2(record.error.contains(lastWords(run.call, run.action)),
                     qPrintable(record.error));
            const QModelIndex status =
                history->index(int(before), ui::RunHistoryModel::StatusColumn);
            QCOMPARE(history->data(status).toString(),
                     QStringLiteral("host stopped: ") + stopped("running `touch`", run.signal) +
                         QStringLiteral(" Its last words: ") + lastWords(run.call, run.action));
            QVERIFY2(window.statusBar()->currentMessage().contains(
                         stopped("running `touch`", run.signal)),
                     qPrintable(window.statusBar()->currentMessage()));
            QVERIFY(window.launchPanel()->errorText().endsWith(
                QStringLiteral("\nRun again to start a new host.")));
        }

        // A buffer read: the run is well, the inspector's first read of x crashes the host.
        context.hosts().setEnvironment(fakeDriver(QStringLiteral("clEnqueueReadBuffer:exit")));
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 3 && !session.isBusy(), 120000);
        QVERIFY2(session.history().back().ok, qPrintable(session.history().back().error));
        ui::BufferInspector* inspector = window.bufferInspector();
        inspector->showBuffer(QStringLiteral("x"));
        // The table's read or the statistics' read, whichever comes first, meets the end.
        const QString readStopped = stopped("reading a buffer for the inspector", "exit status 3");
        QTRY_VERIFY2_WITH_TIMEOUT(inspector->statusText().contains(readStopped),
                                  qPrintable(inspector->statusText()), 20000);
        QVERIFY2(!inspector->statusText().contains(QLatin1Char('\n')),
                 qPrintable(inspector->statusText()));
        QVERIFY2(window.logPanel()->text().contains(QStringLiteral("Buffer inspector: ")),
                 qPrintable(window.logPanel()->text()));
        QVERIFY2(window.logPanel()->text().contains(lastWords("clEnqueueReadBuffer", "exit")),
                 qPrintable(window.logPanel()->text()));

        // Nothing of the session was lost: its runs, and the text typed before the first crash.
        QCOMPARE(session.history().size(), std::size_t(3));
        QCOMPARE(history->rowCount(), 3);
        QVERIFY(editor->text().endsWith(QStringLiteral("// typed before the crash\n")));

        // Without a fault, the next run is well in a new host, and the inspector reads its x.
        context.hosts().setEnvironment(fakeDriver(QString()));
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 4 && !session.isBusy(), 120000);
        QVERIFY2(session.history().back().ok, qPrintable(session.history().back().error));
    }
};

QTEST_MAIN(TestWindowCrashes)
#include "tst_windowcrashes.moc"
