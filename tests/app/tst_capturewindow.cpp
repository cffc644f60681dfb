// File > Capture from program... (issue 62, point 4), offscreen: the C++ test program captured
// from the window lists its two launches (kernel, sizes, device, time), shows its output and its
// timeline; a double click opens a launch as the session, whose run equals the program's result
// (the log's line, the inspector's diff against the expected result) or, with the expected file
// changed, says where it differs. Stop ends a program that would run on and keeps what it
// captured; a request with no program, or a program that is not there, says so.
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "capture/CaptureDialog.h"
#include "inspector/BufferInspector.h"
#include "inspector/DiffPanel.h"
#include "launch/LaunchPanel.h"
#include "launch/LogPanel.h"
#include "launch/SessionController.h"
#include "launch/TimelineView.h"

#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionFile.h"

#include "TestDevice.h"
#include "TestPython.h"

#include <QAction>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace clw;

namespace {

// Opens the capture window from the File menu's action.
ui::CaptureDialog* openCaptureWindow(app::MainWindow& window) {
    auto* action = window.findChild<QAction*>(QStringLiteral("captureAction"));
    if (!action)
        return nullptr;
    action->trigger();
    return window.captureDialog();
}

void doubleClickRow(QTableWidget* table, int row) {
    const QRect cell = table->visualItemRect(table->item(row, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
}

} // namespace

class TestCaptureWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("clworkbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_capturewindow"));
    }

    void capturesListsOpensAndRunsEqual() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        QTemporaryDir dir;
        app::WorkbenchContext context;
        app::MainWindow window(context);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::CaptureDialog* dialog = openCaptureWindow(window);
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());

        ui::CaptureRequest request;
        request.program = QStringLiteral(CLW_CAPTURE_CPP);
        request.arguments = {dir.filePath(QStringLiteral("own folder"))};
        request.launch = QStringLiteral("all");
        request.outFolder = dir.filePath(QStringLiteral("sessions"));
        dialog->setRequest(request);
        QCOMPARE(dialog->request().arguments, request.arguments); // quoted, read back whole
        QSignalSpy loaded(dialog, &ui::CaptureDialog::timelineLoaded);
        QTest::mouseClick(dialog->captureButton(), Qt::LeftButton);
        QVERIFY(dialog->stopButton()->isEnabled());
        QVERIFY(!dialog->captureButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 180000);
        QVERIFY(dialog->captureButton()->isEnabled());
        QVERIFY(!dialog->stopButton()->isEnabled());

        const QString status = dialog->statusLabel()->text();
        QVERIFY2(status.startsWith(QStringLiteral("The program ended normally. 2 sessions in ")),
                 qPrintable(status));
        const ui::CaptureProgress& progress = dialog->process().progress();
        QVERIFY(progress.calls > 10);
        QCOMPARE(progress.launches, std::uint64_t(2));
        QCOMPARE(progress.captured, std::uint64_t(2));
        // 16 KiB buffers read before and after each launch: add's a, b and c, square's c.
        QCOMPARE(progress.bytes, std::uint64_t((3 + 1) * 2 * 4096 * 4));
        QTableWidget* table = dialog->launchTable();
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("add"));
        QCOMPARE(table->item(1, 0)->text(), QStringLiteral("square"));
        QCOMPARE(table->item(1, 1)->text(), QStringLiteral("2"));
        QCOMPARE(table->item(1, 2)->text(), QStringLiteral("4096"));
        QCOMPARE(table->item(1, 3)->text(), QStringLiteral("64"));
        QVERIFY(!table->item(1, 4)->text().isEmpty());
        QVERIFY(table->item(1, 5)->text() != QStringLiteral("not timed"));
        QVERIFY2(dialog->outputView()->toPlainText().contains(QStringLiteral("c.bin: 4096 floats")),
                 qPrintable(dialog->outputView()->toPlainText()));
        // The timeline: both kernels and the program's read of c (its buffers start from host
        // memory, with no write), one record a launch and one for the read after the last.
        QCOMPARE(int(dialog->timeline()->records().size()), 3);
        QCOMPARE(dialog->timeline()->records()[1].launch.kernel, std::string("square"));
        QCOMPARE(dialog->timeline()->barCount(), 3);

        // The program's result for square is changed in its session: the run differs there.
        const QString square = dialog->entries()[1].session;
        engine::Session session = engine::SessionFile::read(square.toStdString()).session;
        const engine::SessionBuffer* c = session.findBuffer("c");
        QVERIFY(c && !c->expected.empty());
        const std::filesystem::path expectedPath =
            std::filesystem::path(square.toStdString()).parent_path() / c->expected;
        engine::NpyArray expected = engine::NpyFile::read(expectedPath);
        const float planted = 12345.0f;
        std::memcpy(expected.data.data() + 7 * sizeof(float), &planted, sizeof planted);
        engine::NpyFile::write(expectedPath, expected);

        // A double click on "add" opens it; its run equals the program's.
        ui::SessionController& controller = context.session();
        doubleClickRow(table, 0);
        QTRY_VERIFY_WITH_TIMEOUT(controller.filePath().endsWith(QStringLiteral("add-1.clwb")),
                                 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.kernels().empty() && !controller.isBusy(), 120000);
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(controller.history().size() == 1 && !controller.isBusy(), 120000);
        QVERIFY2(controller.history().front().ok, qPrintable(controller.history().front().error));
        QVERIFY2(window.logPanel()->text().contains(QStringLiteral(
                     "expected c: equals the captured result (4096 elements, bit for bit)")),
                 qPrintable(window.logPanel()->text()));
        ui::BufferInspector* inspector = window.bufferInspector();
        inspector->showBuffer(QStringLiteral("c"));
        QTRY_COMPARE_WITH_TIMEOUT(inspector->diff()->summary(),
                                  QStringLiteral("No difference in 4096 elements"), 20000);

        // "square" through Open session: one element differs from the changed result.
        table->selectRow(1);
        QTest::mouseClick(dialog->openButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(controller.filePath().endsWith(QStringLiteral("square-2.clwb")),
                                 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.kernels().empty() && !controller.isBusy(), 120000);
        window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(controller.history().size() == 1 && !controller.isBusy(), 120000);
        QVERIFY2(window.logPanel()->text().contains(
                     QStringLiteral("expected c: DIFFERS from the captured result in 1 of 4096 "
                                    "elements (exact); first at 7: ")),
                 qPrintable(window.logPanel()->text()));
        QVERIFY2(window.statusBar()->currentMessage().startsWith(
                     QStringLiteral("The run's outputs differ from the captured program's")),
                 qPrintable(window.statusBar()->currentMessage()));
        inspector->showBuffer(QStringLiteral("c"));
        QTRY_VERIFY_WITH_TIMEOUT(
            inspector->diff()->summary().startsWith(QStringLiteral("1 of 4096 elements differ")),
            20000);
        QVERIFY(inspector->diff()->result() && inspector->diff()->result()->changed() == 1);
    }

    void stopKeepsWhatWasCaptured() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        QTemporaryDir dir;
        app::WorkbenchContext context;
        app::MainWindow window(context);
        ui::CaptureDialog* dialog = openCaptureWindow(window);
        QVERIFY(dialog);
        ui::CaptureRequest request;
        // The C++ program's two launches, then two minutes of nothing.
        request.program = test::testPython();
        request.arguments = {QStringLiteral("-c"),
                             QStringLiteral("import subprocess, sys, time\n"
                                            "subprocess.run(sys.argv[1:], check=True)\n"
                                            "time.sleep(120)\n"),
                             QStringLiteral(CLW_CAPTURE_CPP), dir.filePath(QStringLiteral("own"))};
        request.launch = QStringLiteral("all");
        request.outFolder = dir.filePath(QStringLiteral("sessions"));
        dialog->setRequest(request);
        QSignalSpy loaded(dialog, &ui::CaptureDialog::timelineLoaded);
        QTest::mouseClick(dialog->captureButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->process().progress().captured, std::uint64_t(2), 180000);
        QElapsedTimer stopping;
        stopping.start();
        QTest::mouseClick(dialog->stopButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        QVERIFY2(stopping.elapsed() < 20000, "the program was not stopped");
        QVERIFY2(dialog->statusLabel()->text().startsWith(
                     QStringLiteral("The program was stopped. 2 sessions in ")),
                 qPrintable(dialog->statusLabel()->text()));
        QCOMPARE(dialog->launchTable()->rowCount(), 2);
    }

    void badInputIsSaid() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        ui::CaptureDialog* dialog = openCaptureWindow(window);
        QVERIFY(dialog);
        QTemporaryDir dir;
        ui::CaptureRequest request;
        request.outFolder = dir.filePath(QStringLiteral("sessions"));
        dialog->setRequest(request);
        QTest::mouseClick(dialog->captureButton(), Qt::LeftButton);
        QCOMPARE(dialog->statusLabel()->text(),
                 QStringLiteral("Give the program to run: its path, or a name found on PATH."));
        QVERIFY(dialog->captureButton()->isEnabled());
        request.program = dir.filePath(QStringLiteral("no-such-program"));
        request.launch = QStringLiteral("5..2");
        dialog->setRequest(request);
        QTest::mouseClick(dialog->captureButton(), Qt::LeftButton);
        QVERIFY2(dialog->statusLabel()->text().startsWith(QStringLiteral("Launches: first, last")),
                 qPrintable(dialog->statusLabel()->text()));
        request.launch = QStringLiteral("first");
        dialog->setRequest(request);
        QTest::mouseClick(dialog->captureButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->captureButton()->isEnabled(), 30000);
        QVERIFY2(dialog->statusLabel()->text().startsWith(
                     QStringLiteral("Nothing captured: cannot start '%1'").arg(request.program)),
                 qPrintable(dialog->statusLabel()->text()));
    }
};

QTEST_MAIN(TestCaptureWindow)
#include "tst_capturewindow.moc"
