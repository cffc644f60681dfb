// RunHistoryModel under QAbstractItemModelTester: rows appended and inserted as the history
// grows (selection kept), a reset for another history, the cells of real records, and the
// grouping of a session run's records.
#include "models/DurationText.h"
#include "models/RunHistoryModel.h"
#include "models/SummaryLine.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace clw::ui;
namespace engine = clw::engine;

namespace {

RunRecord makeRecord(int id, int launchIndex, const std::string& kernel,
                     std::vector<double> kernelNs, RunRecord::Mode mode = RunRecord::Mode::Run) {
    RunRecord record;
    record.id = id;
    record.mode = mode;
    record.when = QDateTime(QDate(2024, 5, 17), QTime(14, 3, id));
    record.launchIndex = launchIndex;
    record.launch.name = kernel;
    record.launch.kernel = kernel;
    record.launch.global = {1024};
    record.launch.repeat = int(kernelNs.size());
    record.deviceName = QStringLiteral("pthread-cpu");
    record.ok = true;
    record.global = {1024};
    record.local = {64};
    record.kernelNs = std::move(kernelNs);
    return record;
}

QString cell(const RunHistoryModel& model, int row, int column, int role = Qt::DisplayRole) {
    return model.data(model.index(row, column), role).toString();
}

} // namespace

class TestRunHistoryModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void appendAndCells();
    void setHistoryInsertsOrResets();
    void failedRunShowsItsError();
    void aStoppedHostShowsItsLastWords();
    void runGroups();
    void durations();
};

void TestRunHistoryModel::appendAndCells() {
    RunHistoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(RunHistoryModel::ColumnCount));

    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.append(makeRecord(7, 0, "add", {12000, 10000, 11000}));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.rowCount(), 1);

    QCOMPARE(model.data(model.index(0, RunHistoryModel::IdColumn)).toInt(), 7);
    QCOMPARE(cell(model, 0, RunHistoryModel::WhenColumn), QStringLiteral("14:03:07"));
    QCOMPARE(cell(model, 0, RunHistoryModel::LaunchColumn), QStringLiteral("add"));
    QCOMPARE(cell(model, 0, RunHistoryModel::DeviceColumn), QStringLiteral("pthread-cpu"));
    QCOMPARE(cell(model, 0, RunHistoryModel::GlobalColumn), QStringLiteral("1024"));
    QCOMPARE(cell(model, 0, RunHistoryModel::LocalColumn), QStringLiteral("64"));
    QCOMPARE(cell(model, 0, RunHistoryModel::RepeatsColumn), QStringLiteral("3"));
    QCOMPARE(cell(model, 0, RunHistoryModel::MinColumn), QStringLiteral("10.00"));
    QCOMPARE(cell(model, 0, RunHistoryModel::MedianColumn), QStringLiteral("11.00"));
    QCOMPARE(cell(model, 0, RunHistoryModel::MaxColumn), QStringLiteral("12.00"));
    QCOMPARE(cell(model, 0, RunHistoryModel::StatusColumn), QStringLiteral("ok"));
    QCOMPARE(model.data(model.index(0, 3), RunHistoryModel::RunIdRole).toInt(), 7);
    QCOMPARE(model.data(model.index(0, 0), RunHistoryModel::MedianNsRole).toDouble(), 11000.0);
    QVERIFY(model.data(model.index(0, 0), RunHistoryModel::OkRole).toBool());
    QVERIFY(cell(model, 0, RunHistoryModel::MedianColumn, Qt::ToolTipRole)
                .contains(QStringLiteral("median 11.0 µs")));
    QCOMPARE(model.headerData(RunHistoryModel::MedianColumn, Qt::Horizontal).toString(),
             QStringLiteral("Median (µs)"));

    // A named launch shows its kernel too; a RunN says how many times it ran; a 2D size reads
    // "16 x 16"; no local size reads "auto".
    RunRecord named =
        makeRecord(8, 1, "blur", std::vector<double>(10, 5000), RunRecord::Mode::RunN);
    named.launch.name = "blur rows";
    named.global = {256, 128};
    named.local.clear();
    model.append(named);
    QCOMPARE(cell(model, 1, RunHistoryModel::LaunchColumn),
             QStringLiteral("blur rows (blur) · run ×10"));
    QCOMPARE(cell(model, 1, RunHistoryModel::GlobalColumn), QStringLiteral("256 x 128"));
    QCOMPARE(cell(model, 1, RunHistoryModel::LocalColumn), QStringLiteral("auto"));
    QCOMPARE(model.rowOf(8), 1);
    QCOMPARE(model.rowOf(99), -1);
    QCOMPARE(model.findRun(8)->launch.name, std::string("blur rows"));
    QVERIFY(!model.recordAt(2));
}

void TestRunHistoryModel::setHistoryInsertsOrResets() {
    RunHistoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    std::vector<RunRecord> history{makeRecord(1, 0, "add", {1000})};
    model.setHistory(history);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 0);

    // The history grew by two: two rows inserted at the end, no reset.
    history.push_back(makeRecord(2, 0, "add", {2000}));
    history.push_back(makeRecord(3, 0, "add", {3000}));
    model.setHistory(history);
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(inserted.last().at(1).toInt(), 1);
    QCOMPARE(inserted.last().at(2).toInt(), 2);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.rowCount(), 3);

    // The same history again changes nothing structural.
    model.setHistory(history);
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(reset.count(), 0);

    // Another session: ids start again, so the model resets.
    model.setHistory({makeRecord(1, 0, "mul", {500})});
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(cell(model, 0, RunHistoryModel::LaunchColumn), QStringLiteral("mul"));

    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestRunHistoryModel::failedRunShowsItsError() {
    RunHistoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    RunRecord failed = makeRecord(4, 0, "add", {});
    failed.ok = false;
    failed.error = QStringLiteral("CL_INVALID_WORK_GROUP_SIZE: local size 48 does not divide the "
                                  "global size 1024\nTry a local size of 64.");
    model.append(failed);
    QCOMPARE(cell(model, 0, RunHistoryModel::StatusColumn),
             QStringLiteral("CL_INVALID_WORK_GROUP_SIZE: local size 48 does not divide the global "
                            "size 1024"));
    QCOMPARE(cell(model, 0, RunHistoryModel::StatusColumn, Qt::ToolTipRole), failed.error);
    QVERIFY(cell(model, 0, RunHistoryModel::MedianColumn).isEmpty());
    QVERIFY(cell(model, 0, RunHistoryModel::RepeatsColumn).isEmpty());
    QVERIFY(!model.data(model.index(0, 0), RunHistoryModel::OkRole).toBool());
}

// A run whose device host crashed: one line says how, and what the driver said last, not the
// heading of its words (summaryLine), nor its stack.
void TestRunHistoryModel::aStoppedHostShowsItsLastWords() {
    RunHistoryModel model;
    RunRecord crashed = makeRecord(5, 0, "add", {});
    crashed.ok = false;
    crashed.hostStopped = true;
    const QString stop = QStringLiteral("The device host for `Portable Computing Language` "
                                        "stopped while running `add` (SIGABRT).");
    crashed.error = stop + QStringLiteral(" Its last words:\nLLVM ERROR: out of memory\n"
                                          "pocl_binary.c:771: Assertion 'len > 0' failed.\n"
                                          "Where it stopped:\nclworkbench-host(+0x78e68)\n");
    model.append(crashed);
    QCOMPARE(cell(model, 0, RunHistoryModel::StatusColumn),
             QStringLiteral("host stopped: ") + stop +
                 QStringLiteral(" Its last words: pocl_binary.c:771: Assertion 'len > 0' failed."));
    QCOMPARE(cell(model, 0, RunHistoryModel::StatusColumn, Qt::ToolTipRole), crashed.error);

    // A stop with a stack and no words, one with a heading and nothing under it, a plain line.
    QCOMPARE(summaryLine(stop + QStringLiteral("\nWhere it stopped:\nclworkbench-host(+0x1)")),
             stop);
    QCOMPARE(summaryLine(stop + QStringLiteral(" Its last words:\n\nWhere it stopped:\nx")), stop);
    QCOMPARE(summaryLine(QStringLiteral("Built.")), QStringLiteral("Built."));
}

void TestRunHistoryModel::runGroups() {
    RunHistoryModel model;
    // Two session runs of launches 0 and 1; launch 1 run ten times (launch 0 once before it, as
    // a plain run); a sweep of launch 0 (nothing before it); one more session run.
    model.setHistory({makeRecord(1, 0, "a", {1}), makeRecord(2, 1, "b", {1}),
                      makeRecord(3, 0, "a", {1}), makeRecord(4, 1, "b", {1}),
                      makeRecord(5, 0, "a", {1}),
                      makeRecord(6, 1, "b", {1, 1}, RunRecord::Mode::RunN),
                      makeRecord(7, 0, "a", {1}, RunRecord::Mode::Sweep),
                      makeRecord(8, 0, "a", {1}), makeRecord(9, 1, "b", {1})});
    QCOMPARE(model.runGroup(0), QList<int>({0, 1}));
    QCOMPARE(model.runGroup(1), QList<int>({0, 1}));
    QCOMPARE(model.runGroup(3), QList<int>({2, 3}));
    QCOMPARE(model.runGroup(4), QList<int>({4, 5}));
    QCOMPARE(model.runGroup(5), QList<int>({4, 5}));
    QCOMPARE(model.runGroup(6), QList<int>({6}));
    QCOMPARE(model.latestRunGroup(), QList<int>({7, 8}));
    QCOMPARE(model.runGroup(11), QList<int>());
    // A launch that failed ends its run: the next run starts again at launch 0.
    model.setHistory(
        {makeRecord(1, 0, "a", {}), makeRecord(2, 0, "a", {1}), makeRecord(3, 1, "b", {1})});
    QCOMPARE(model.runGroup(0), QList<int>({0}));
    QCOMPARE(model.runGroup(1), QList<int>({1, 2}));
    model.clear();
    QCOMPARE(model.latestRunGroup(), QList<int>());
}

void TestRunHistoryModel::durations() {
    QCOMPARE(formatDuration(850), QStringLiteral("850 ns"));
    QCOMPARE(formatDuration(12345), QStringLiteral("12.3 µs"));
    QCOMPARE(formatDuration(4.56e6), QStringLiteral("4.56 ms"));
    QCOMPARE(formatDuration(250e6), QStringLiteral("250 ms"));
    QCOMPARE(formatDuration(1.5e9), QStringLiteral("1.50 s"));
}

QTEST_GUILESS_MAIN(TestRunHistoryModel)
#include "tst_runhistorymodel.moc"
