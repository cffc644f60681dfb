// A device host that ends while the workbench waits on nothing (issue 17): killed here as the
// system's OOM killer would, between two runs. The window says so in the status bar, where it
// can be read, and in the log; the inspector keeps the rows it read and, on Reload, says why it
// cannot read them again; the next run starts a new host. Linux: the host is found in /proc.
#include "ChildHosts.h"
#include "MainWindow.h"
#include "SessionWindow.h"
#include "WorkbenchContext.h"
#include "editor/BuildController.h"
#include "editor/EditorWorkspace.h"
#include "inspector/BufferInspector.h"
#include "launch/LaunchPanel.h"
#include "launch/LogPanel.h"
#include "launch/SessionController.h"
#include "models/BufferTableModel.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/session/SessionFile.h"

#include <QAction>
#include <QLabel>
#include <QStatusBar>
#include <QToolButton>
#include <QtTest>

#include <csignal>

using namespace clw;

namespace {

const char* kPlatform = "Portable Computing Language";

// x = 0, 1, 2, ... 15, and a kernel that adds 100 to each.
engine::Session addHundred() {
    return engine::SessionFile::parse(R"({"format": "clworkbench-session", "version": 1,
      "sources": {"main": "add.cl", "files": [{"name": "add.cl",
        "text": "__kernel void add(__global int* x) { x[get_global_id(0)] += 100; }\n"}],
        "includeDirs": []},
      "options": "", "devices": [],
      "buffers": [{"name": "x", "type": "int", "shape": [16], "access": "read_write",
                   "init": {"fill": "ramp", "start": 0, "step": 1}, "output": true}],
      "launches": [{"kernel": "add", "global": [16], "arguments": [{"buffer": "x"}]}]})")
        .session;
}

// The text of element `row`'s value in the inspector's table.
QString shownValue(const QAbstractItemModel& model, int row) {
    int column = 0;
    while (column < model.columnCount() &&
           model.headerData(column, Qt::Horizontal).toString() != QStringLiteral("Offset"))
        ++column;
    return model.data(model.index(row, column + 1)).toString();
}

} // namespace

class TestHostEndsIdle : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aHostKilledBetweenRunsIsSaidAndNothingShownIsLost() {
        test::SessionWindow opened(addHundred(), QStringLiteral("add.clwb"));
        QVERIFY(opened.open());
        app::MainWindow& window = opened.window;
        app::WorkbenchContext& context = opened.context;
        ui::SessionController& session = context.session();
        QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 1 && !session.isBusy(), 120000);
        QVERIFY2(session.history().front().ok, qPrintable(session.history().front().error));
        ui::BufferInspector* inspector = window.bufferInspector();
        inspector->showBuffer(QStringLiteral("x"));
        ui::BufferTableModel* model = inspector->model();
        QTRY_COMPARE_WITH_TIMEOUT(shownValue(*model, 5), QStringLiteral("105"), 20000);
        // Nothing waits on the host: no build of the editor's, no read of the inspector's.
        QTRY_VERIFY_WITH_TIMEOUT(!window.editorWorkspace()->builds()->isBuilding() &&
                                     !window.editorWorkspace()->builds()->isLivePending() &&
                                     model->isWindowLoaded(),
                                 120000);
        QTest::qWait(200);

        const std::vector<pid_t> hosts = test::childHostsOf(QString::fromLatin1(kPlatform));
        QCOMPARE(int(hosts.size()), 1);
        QCOMPARE(::kill(hosts.front(), SIGKILL), 0);
        const QString ended = QStringLiteral("The device host for `Portable Computing Language` "
                                             "stopped while idle (SIGKILL). The next build or run "
                                             "starts a new one.");
        QTRY_COMPARE_WITH_TIMEOUT(window.statusBar()->currentMessage(), ended, 15000);
        QVERIFY2(window.logPanel()->text().contains(
                     ended + QStringLiteral(" Run > Restart Device Host brings the session's "
                                            "buffers back now.")),
                 qPrintable(window.logPanel()->text()));
        // The message has room: the permanent widgets on its right leave it most of the bar.
        const QLabel* device = window.findChild<QLabel*>(QStringLiteral("deviceStatus"));
        QVERIFY(device);
        const int messageWidth = window.statusBar()->fontMetrics().horizontalAdvance(
            ended.left(ended.indexOf(QLatin1Char('.')) + 1));
        QVERIFY2(device->geometry().left() > messageWidth,
                 qPrintable(
                     QStringLiteral("%1 <= %2").arg(device->geometry().left()).arg(messageWidth)));

        // Reload keeps what was read and says why it cannot read again.
        QToolButton* reload = nullptr;
        for (QToolButton* button : inspector->findChildren<QToolButton*>())
            if (button->text() == QStringLiteral("Reload"))
                reload = button;
        QVERIFY(reload);
        reload->click();
        QVERIFY2(inspector->statusText().startsWith(
                     QStringLiteral("The device host for `Portable Computing Language` stopped "
                                    "while idle (SIGKILL). These contents were in it: the rows "
                                    "read before stay shown")),
                 qPrintable(inspector->statusText()));
        QCOMPARE(shownValue(*model, 5), QStringLiteral("105"));
        QVERIFY(window.logPanel()->text().contains(QStringLiteral("Buffer inspector: The device "
                                                                  "host for `Portable Computing "
                                                                  "Language` stopped while idle")));

        // The next run starts a new host, and the inspector shows its x.
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 2 && !session.isBusy(), 120000);
        QVERIFY2(session.history().back().ok, qPrintable(session.history().back().error));
        QVERIFY2(!window.statusBar()->currentMessage().contains(QStringLiteral("stopped")),
                 qPrintable(window.statusBar()->currentMessage())); // cleared as the run began
        QCOMPARE(int(test::childHostsOf(QString::fromLatin1(kPlatform)).size()), 1);
        inspector->showBuffer(QStringLiteral("x"));
        QTRY_COMPARE_WITH_TIMEOUT(shownValue(*inspector->model(), 5), QStringLiteral("105"), 20000);

        // A host that lists devices, killed once the browser has them: the log says what lists
        // them again, and nothing of the session's buffers.
        QTRY_VERIFY_WITH_TIMEOUT(context.hasDevices(), 60000);
        int listing = 0;
        for (const test::ChildHost& host : test::childHosts())
            if (host.platform.isEmpty()) {
                QCOMPARE(::kill(host.pid, SIGKILL), 0);
                ++listing;
            }
        QVERIFY(listing >= 1);
        const QString relist = QStringLiteral(" stopped while idle (SIGKILL). Devices > Refresh "
                                              "lists the devices with a new one.");
        QTRY_COMPARE_WITH_TIMEOUT(window.logPanel()->text().count(relist), listing, 15000);
        QCOMPARE(window.logPanel()->text().count(QStringLiteral("session's buffers back")), 1);
    }
};

QTEST_MAIN(TestHostEndsIdle)
#include "tst_hostendsidle.moc"
