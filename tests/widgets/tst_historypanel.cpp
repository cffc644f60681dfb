// HistoryPanel: the table over the run history, the timeline of the selected (or latest) run,
// restore and compare, first over a model filled directly, then over a SessionController that
// really runs a kernel on the test device (restore puts an earlier configuration back into the
// session's launch).
#include "launch/HistoryPanel.h"
#include "launch/LogPanel.h"
#include "launch/SessionController.h"
#include "launch/TimelineView.h"
#include "models/RunHistoryModel.h"

#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"

#include "TestDevice.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace clw::ui;
namespace engine = clw::engine;

namespace {

constexpr std::uint64_t kBase = 5'000'000'000ULL;

RunCommand kernelCommand(const char* label, std::uint64_t start, std::uint64_t end) {
    RunCommand command;
    command.kind = RunCommand::Kind::Kernel;
    command.label = QString::fromUtf8(label);
    command.times = {kBase + start, kBase + start, kBase + start, kBase + end};
    return command;
}

engine::SessionLaunch scaleLaunch(std::uint64_t global, std::uint64_t local, const char* factor) {
    engine::SessionLaunch launch;
    launch.name = "scale";
    launch.kernel = "scale";
    engine::SessionArgument buffer;
    buffer.kind = engine::SessionArgument::Kind::Buffer;
    buffer.buffer = "a";
    engine::SessionArgument scalar;
    scalar.kind = engine::SessionArgument::Kind::Scalar;
    scalar.value = factor;
    launch.arguments = {buffer, scalar};
    launch.global = {global};
    if (local)
        launch.local = {local};
    return launch;
}

RunRecord makeRecord(int id, int launchIndex, engine::SessionLaunch launch, double ns,
                     RunRecord::Mode mode = RunRecord::Mode::Run) {
    RunRecord record;
    record.id = id;
    record.mode = mode;
    record.when = QDateTime::currentDateTime();
    record.launchIndex = launchIndex;
    record.global = launch.global;
    record.local = launch.local;
    record.launch = std::move(launch);
    record.deviceName = QStringLiteral("pthread-cpu");
    record.ok = true;
    record.kernelNs = {ns};
    const std::uint64_t start = std::uint64_t(id) * 1'000'000;
    record.commands = {kernelCommand("scale", start, start + std::uint64_t(ns))};
    return record;
}

QList<int> timelineRuns(const TimelineView* timeline) {
    QList<int> ids;
    for (const RunRecord& record : timeline->records())
        ids.append(record.id);
    return ids;
}

void selectRows(QTableView* table, const QList<int>& rows) {
    table->clearSelection();
    for (int row : rows)
        table->selectionModel()->select(table->model()->index(row, 0),
                                        QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

const char* kScaleSource = R"(
__kernel void scale(__global float* a, float factor) {
    a[get_global_id(0)] *= factor;
}
)";

} // namespace

class TestHistoryPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tableTimelineRestoreCompare();
    void comparisonText();
    void restoreThroughController();
};

void TestHistoryPanel::tableTimelineRestoreCompare() {
    HistoryPanel panel;
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* table = panel.findChild<QTableView*>(QStringLiteral("historyTable"));
    auto* restore = panel.findChild<QPushButton*>(QStringLiteral("restoreButton"));
    auto* compare = panel.findChild<QPushButton*>(QStringLiteral("compareButton"));
    auto* comparison = panel.findChild<QLabel*>(QStringLiteral("comparisonLabel"));
    auto* timeline = panel.findChild<TimelineView*>(QStringLiteral("timelineView"));
    QVERIFY(table && restore && compare && comparison && timeline);
    QCOMPARE(timeline, panel.timeline());
    QCOMPARE(timeline->barCount(), 0);

    // A session of two launches run once (runs 1 and 2), then launch 0 alone ten times (3).
    engine::SessionLaunch first = scaleLaunch(1024, 64, "2");
    engine::SessionLaunch second = scaleLaunch(1024, 64, "2");
    second.name = "scale again";
    panel.model()->append(makeRecord(1, 0, first, 40000));
    panel.model()->append(makeRecord(2, 1, second, 42000));
    QCOMPARE(table->model()->rowCount(), 2);
    // Nothing selected: the timeline shows the latest run of the session, both its launches.
    QCOMPARE(timelineRuns(timeline), QList<int>({1, 2}));
    QCOMPARE(timeline->barCount(), 2);

    engine::SessionLaunch changed = scaleLaunch(2048, 128, "0.5");
    changed.repeat = 10;
    std::vector<RunRecord> history = panel.model()->history();
    history.push_back(makeRecord(3, 0, changed, 20000, RunRecord::Mode::RunN));
    panel.model()->setHistory(history);
    QCOMPARE(timelineRuns(timeline), QList<int>({3}));
    QVERIFY(!restore->isEnabled());
    QVERIFY(!compare->isEnabled());

    // Selecting run 2 shows its session run (1 and 2) and outlines it.
    selectRows(table, {1});
    QCOMPARE(panel.selectedRunIds(), QList<int>({2}));
    QCOMPARE(timelineRuns(timeline), QList<int>({1, 2}));
    QCOMPARE(timeline->selectedRun(), 2);
    QVERIFY(restore->isEnabled());
    QVERIFY(!compare->isEnabled());

    // Clicking run 1's bar on the timeline selects its row, keeping what the timeline shows.
    QTest::mouseClick(timeline, Qt::LeftButton, {}, timeline->barRect(0, 0).center().toPoint());
    QCOMPARE(panel.selectedRunIds(), QList<int>({1}));
    QCOMPARE(timelineRuns(timeline), QList<int>({1, 2}));
    QCOMPARE(timeline->selectedRun(), 1);

    // Restore: without a controller, the panel says which run.
    QSignalSpy restored(&panel, &HistoryPanel::restoreRequested);
    QTest::mouseClick(restore, Qt::LeftButton);
    QCOMPARE(restored.count(), 1);
    QCOMPARE(restored.front().front().toInt(), 1);

    // Compare runs 1 and 3.
    selectRows(table, {0, 2});
    QVERIFY(!restore->isEnabled());
    QVERIFY(compare->isEnabled());
    QCOMPARE(timelineRuns(timeline), QList<int>({1, 2, 3}));
    QTest::mouseClick(compare, Qt::LeftButton);
    const QString text = comparison->text();
    QVERIFY2(text.contains(QStringLiteral("Run #1 against run #3")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Global: 1024 → 2048")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Local: 64 → 128")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Argument 1: 2 → 0.5")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("Argument 0")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Median: 40.0 µs → 20.0 µs, ratio 0.500")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("run #3 is 2.00× faster")), qPrintable(text));

    // Another history (a session opened): the rows and the timeline follow, nothing selected.
    panel.model()->setHistory({makeRecord(1, 0, first, 30000)});
    QCOMPARE(table->model()->rowCount(), 1);
    QVERIFY(panel.selectedRunIds().isEmpty());
    QCOMPARE(timelineRuns(timeline), QList<int>({1}));
    QCOMPARE(timeline->records().front().kernelNs.front(), 30000.0);
    QVERIFY(!comparison->text().contains(QStringLiteral("Run #1 against")));
}

void TestHistoryPanel::comparisonText() {
    const RunRecord a = makeRecord(4, 0, scaleLaunch(1024, 64, "2"), 10000);
    RunRecord b = makeRecord(9, 0, scaleLaunch(1024, 64, "2"), 15000);
    QString text = HistoryPanel::comparisonText(a, b);
    QVERIFY2(text.contains(QStringLiteral("Same configuration.")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("ratio 1.500 (run #9 is 1.50× slower)")),
             qPrintable(text));

    // Argument names come from the kernel's signature when given; a buffer swapped and an
    // argument added read as such; a failed run says why instead of a ratio.
    b.launch.arguments[0].buffer = "b";
    engine::SessionArgument local;
    local.kind = engine::SessionArgument::Kind::Local;
    local.localBytes = 256;
    b.launch.arguments.push_back(local);
    b.launch.offset = {32};
    b.deviceName = QStringLiteral("gpu");
    b.ok = false;
    b.error = QStringLiteral("CL_OUT_OF_RESOURCES");
    engine::KernelSignature signature;
    signature.name = "scale";
    signature.args.resize(2);
    signature.args[0].name = "a";
    signature.args[1].name = "factor";
    text = HistoryPanel::comparisonText(a, b, &signature);
    QVERIFY2(text.contains(QStringLiteral("Argument 0 (a): buffer a → buffer b")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Argument 2: (none) → 256 bytes of local memory")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Offset: none → 32")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Device: pthread-cpu → gpu")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Run #9 failed: CL_OUT_OF_RESOURCES")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("Median")), qPrintable(text));
}

void TestHistoryPanel::restoreThroughController() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge;
    SessionController controller(bridge, hosts);

    engine::Session session;
    session.title = "scale";
    session.sources = engine::SourceSet::single(kScaleSource, "scale.cl");
    engine::SessionBuffer buffer;
    buffer.name = "a";
    buffer.shape = {1024};
    buffer.init.fill.kind = engine::FillSpec::Kind::Ramp;
    session.buffers = {buffer};
    session.launches = {scaleLaunch(1024, 64, "2")};
    controller.openSession(session, {});
    controller.chooseDevice(QString::fromStdString(device.name()));

    HistoryPanel panel(controller);
    LogPanel log(controller);
    panel.resize(900, 600);
    auto* table = panel.findChild<QTableView*>(QStringLiteral("historyTable"));
    auto* restore = panel.findChild<QPushButton*>(QStringLiteral("restoreButton"));
    auto* compare = panel.findChild<QPushButton*>(QStringLiteral("compareButton"));
    auto* comparison = panel.findChild<QLabel*>(QStringLiteral("comparisonLabel"));
    QSignalSpy errors(&controller, &SessionController::errorOccurred);

    // Run 1 as configured, then change the launch and run again (run 2).
    controller.run();
    QTRY_VERIFY_WITH_TIMEOUT(controller.history().size() == 1 && !controller.isBusy(), 120000);
    QVERIFY2(controller.history().front().ok, qPrintable(controller.history().front().error));
    QCOMPARE(table->model()->rowCount(), 1);
    // The timeline has the run: the upload of `a` and the kernel.
    QCOMPARE(panel.timeline()->records().size(), size_t(1));
    QVERIFY(panel.timeline()->barCount() >= 2);

    controller.setLaunch(0, scaleLaunch(512, 32, "3"));
    controller.run();
    QTRY_VERIFY_WITH_TIMEOUT(controller.history().size() == 2 && !controller.isBusy(), 120000);
    QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.front().at(1).toString()));
    QCOMPARE(table->model()->rowCount(), 2);
    QCOMPARE(timelineRuns(panel.timeline()), QList<int>({2}));

    // Compare names the kernel's arguments from the build.
    selectRows(table, {0, 1});
    QTest::mouseClick(compare, Qt::LeftButton);
    QVERIFY2(comparison->text().contains(QStringLiteral("Global: 1024 → 512")),
             qPrintable(comparison->text()));
    QVERIFY2(comparison->text().contains(QStringLiteral("Argument 1 (factor): 2 → 3")),
             qPrintable(comparison->text()));
    QVERIFY2(comparison->text().contains(QStringLiteral("Median: ")),
             qPrintable(comparison->text()));

    // Restore run 1: the session's launch is run 1's configuration again.
    selectRows(table, {0});
    QSignalSpy changed(&controller, &SessionController::sessionChanged);
    QTest::mouseClick(restore, Qt::LeftButton);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(controller.session().launches.front(), controller.record(1)->launch);
    QCOMPARE(controller.session().launches.front().global, std::vector<std::uint64_t>{1024});
    QCOMPARE(controller.session().launches.front().arguments[1].value, std::string("2"));
    QVERIFY(controller.isModified());

    // The log has the build and both runs with their times.
    const QString logged = log.text();
    QVERIFY2(logged.contains(QStringLiteral("Run #1, scale (global 1024, local 64): ")),
             qPrintable(logged));
    QVERIFY2(logged.contains(QStringLiteral("Run #2, scale (global 512, local 32): ")),
             qPrintable(logged));
    // A run builds what was not built yet.
    QVERIFY2(logged.contains(QStringLiteral("Built ")), qPrintable(logged));

    // A new session clears the history and the timeline.
    controller.openSession(session, {});
    QCOMPARE(table->model()->rowCount(), 0);
    QCOMPARE(panel.timeline()->barCount(), 0);
}

QTEST_MAIN(TestHistoryPanel)
#include "tst_historypanel.moc"
