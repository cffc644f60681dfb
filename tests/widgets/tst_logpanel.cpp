// LogPanel: timestamped read-only lines, errors and warnings coloured, text kept literal, Clear;
// and what a SessionController reports (a failed build logged once, a run with its time, a
// sweep's best and worst) in the words the log uses.
#include "launch/LogPanel.h"
#include "launch/SessionController.h"
#include "models/RunRecord.h"

#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"

#include "TestDevice.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBlock>
#include <QtTest>

using namespace clw::ui;
namespace engine = clw::engine;

namespace {

// The colour of the text after the timestamp in line `line`.
QColor messageColor(QPlainTextEdit* view, int line) {
    const QTextBlock block = view->document()->findBlockByNumber(line);
    QColor color;
    for (auto it = block.begin(); !it.atEnd(); ++it)
        color = it.fragment().charFormat().foreground().color();
    return color;
}

} // namespace

class TestLogPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void linesLevelsAndClear();
    void reportTexts();
    void failedBuildIsLoggedOnce();
    void mismatchesAreLoggedAsWarnings();
};

void TestLogPanel::linesLevelsAndClear() {
    LogPanel log;
    auto* view = log.findChild<QPlainTextEdit*>(QStringLiteral("logView"));
    QVERIFY(view);
    QVERIFY(view->isReadOnly());
    QCOMPARE(log.lineCount(), 0);

    log.append(LogPanel::Level::Info, QStringLiteral("Built in 12 ms"));
    log.warning(QStringLiteral("The session was recovered"));
    log.error(QStringLiteral("launch 'add': CL_INVALID_WORK_GROUP_SIZE\nTry a local size of 64."));
    log.info(QStringLiteral("<b>not bold</b> & kept"));
    QCOMPARE(log.lineCount(), 4);

    const QStringList lines = log.text().split(QLatin1Char('\n'));
    const QRegularExpression stamped(QStringLiteral("^\\d\\d:\\d\\d:\\d\\d  "));
    QVERIFY2(stamped.match(lines[0]).hasMatch(), qPrintable(lines[0]));
    QVERIFY(lines[0].endsWith(QStringLiteral("  Built in 12 ms")));
    // A message of two lines stays one entry.
    QVERIFY(log.text().contains(QStringLiteral("CL_INVALID_WORK_GROUP_SIZE\nTry a local size")));
    QVERIFY(log.text().endsWith(QStringLiteral("<b>not bold</b> & kept")));

    // Errors red, warnings amber, information in the text colour.
    QCOMPARE(messageColor(view, 2), QColor(0xc0, 0x00, 0x00));
    QCOMPARE(messageColor(view, 1), QColor(0xb3, 0x6b, 0x00));
    QCOMPARE(messageColor(view, 0), log.palette().color(QPalette::Text));

    auto* clear = log.findChild<QPushButton*>(QStringLiteral("clearLogButton"));
    QVERIFY(clear);
    QTest::mouseClick(clear, Qt::LeftButton);
    QCOMPARE(log.lineCount(), 0);
    QVERIFY(log.text().isEmpty());
}

void TestLogPanel::reportTexts() {
    RunRecord record;
    record.id = 5;
    record.launch.kernel = "add";
    record.global = {1024};
    record.local = {64};
    record.ok = true;
    record.kernelNs = {12000, 10000, 11000};
    QCOMPARE(LogPanel::runText(record),
             QStringLiteral("Run #5, add (global 1024, local 64): median 11.0 µs (min 10.0 µs, "
                            "max 12.0 µs) over 3 runs"));
    record.kernelNs = {2500000};
    QCOMPARE(LogPanel::runText(record),
             QStringLiteral("Run #5, add (global 1024, local 64): 2.50 ms"));
    record.ok = false;
    record.error = QStringLiteral("CL_OUT_OF_RESOURCES");
    QCOMPARE(LogPanel::runText(record),
             QStringLiteral("Run #5, add (global 1024, local 64) failed: CL_OUT_OF_RESOURCES"));

    SweepResult sweep;
    sweep.launchIndex = 0;
    sweep.points = {{{16}, true, {}, 0, 9000, 0},
                    {{32}, false, QStringLiteral("too big"), 0, 0, 0},
                    {{64}, true, {}, 0, 4000, 0}};
    sweep.best = 2;
    sweep.worst = 0;
    QCOMPARE(LogPanel::sweepText(sweep, QStringLiteral("add")),
             QStringLiteral("Sweep of add: 2 of 3 local sizes ran; best 64 at 4.00 µs, worst 16 at "
                            "9.00 µs"));
    sweep.best = sweep.worst = -1;
    QCOMPARE(LogPanel::sweepText(sweep, {}),
             QStringLiteral("Sweep of launch 1: none of 3 local sizes ran."));
    QCOMPARE(LogPanel::buildText(true, QStringLiteral("Built in 12 ms")),
             QStringLiteral("Built in 12 ms"));
    QCOMPARE(LogPanel::buildText(false, QStringLiteral("kernel.cl:3:5: error: x")),
             QStringLiteral("Build failed: kernel.cl:3:5: error: x"));
    QCOMPARE(LogPanel::buildText(false, QStringLiteral("The build failed: x")),
             QStringLiteral("The build failed: x"));
}

void TestLogPanel::failedBuildIsLoggedOnce() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge;
    SessionController controller(bridge, hosts);
    LogPanel log(controller);

    engine::Session session;
    session.sources = engine::SourceSet::single("__kernel void broken(__global float* a) {\n"
                                                "    a[0] = undefined_name;\n}\n",
                                                "broken.cl");
    controller.openSession(session, {});
    controller.chooseDevice(QString::fromStdString(device.name()));
    QSignalSpy finished(&controller, &SessionController::buildFinished);
    QSignalSpy errors(&controller, &SessionController::errorOccurred);
    controller.build();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1 && !controller.isBusy(), 120000);
    QVERIFY(!finished.front().at(0).toBool());
    QCOMPARE(errors.count(), 1);

    const QString text = log.text();
    QVERIFY2(text.contains(QStringLiteral("New session.")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Building for ")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("undefined_name")), qPrintable(text));
    // The controller reported the failure twice (build finished, error); the log has it once.
    QCOMPARE(text.count(QStringLiteral("undefined_name")), 1);
    QVERIFY2(!text.contains(QStringLiteral("Error in build")), qPrintable(text));
    auto* view = log.findChild<QPlainTextEdit*>(QStringLiteral("logView"));
    QCOMPARE(messageColor(view, log.lineCount() - 1), QColor(0xc0, 0x00, 0x00));

    // An error of its own (no such launch to repeat) is logged with where it happened.
    controller.runRepeated(5, 3);
    QCOMPARE(errors.count(), 2);
    QVERIFY2(log.text().contains(QStringLiteral("Error in run: ")), qPrintable(log.text()));
}

void TestLogPanel::mismatchesAreLoggedAsWarnings() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge;
    SessionController controller(bridge, hosts);
    LogPanel log(controller);

    engine::Session session;
    session.sources = engine::SourceSet::single("__kernel void k(__global float* a) {\n"
                                                "    a[get_global_id(0)] = 1.0f;\n}\n",
                                                "k.cl");
    session.options = "-I no-such-folder-here";
    engine::SessionBuffer ints;
    ints.name = "a";
    ints.elementType = "int";
    ints.shape = {4};
    session.buffers = {ints};
    engine::SessionLaunch launch;
    launch.kernel = "k";
    engine::SessionArgument a;
    a.kind = engine::SessionArgument::Kind::Buffer;
    a.buffer = "a";
    launch.arguments = {a};
    launch.global = {4};
    session.launches = {launch};
    controller.openSession(session, {});
    controller.chooseDevice(QString::fromStdString(device.name()));
    QSignalSpy ran(&controller, &SessionController::runFinished);
    controller.run();
    QTRY_VERIFY_WITH_TIMEOUT(ran.count() == 1 && !controller.isBusy(), 120000);
    QVERIFY(ran.front().at(0).value<RunRecord>().ok);
    const QString text = log.text();
    QVERIFY2(text.contains(QStringLiteral("options: -I no-such-folder-here: the folder does not "
                                          "exist")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("buffer 'a' holds int, the kernel reads float: it runs")),
             qPrintable(text));
}

QTEST_MAIN(TestLogPanel)
#include "tst_logpanel.moc"
