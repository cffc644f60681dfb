// printf per work-item (issue 19) in the Output dock: a run's record keeps each printed line's
// work-item (and through the device host's JSON), the filter by work-item or work-group, a 2-D
// kernel run on the test device whose lines show their work-items, filtered and grouped, and a
// click on a line that chooses its work-item: the signal's global id, the Watch dock's row and
// cell, and the debugger's followed work-item.
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "bridge/RunRecordWire.h"
#include "debug/DebuggerPanel.h"
#include "debug/WatchPanel.h"
#include "launch/OutputPanel.h"
#include "launch/PrintedWorkItemLinks.h"
#include "launch/SessionController.h"
#include "launch/WorkItemFilter.h"
#include "models/RunRecord.h"

#include "TestDevice.h"

#include <QCheckBox>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTreeWidget>
#include <QtTest>

using namespace clw::ui;
namespace engine = clw::engine;
using engine::CheckIds;

namespace {

// Work-items with an even x print two lines with one printf: their ids, as the kernel sees them.
const char* kSayKernel = "__kernel void say(__global int* out) {\n"
                         "    const int x = get_global_id(0), y = get_global_id(1);\n"
                         "    out[y * 4 + x] = x;\n"
                         "    if (x % 2 == 0)\n"
                         "        printf(\"item %d %d\\nsecond line of %d %d\\n\", x, y, x, y);\n"
                         "}\n";

engine::Session saySession() {
    engine::Session session;
    session.sources = engine::SourceSet::single(kSayKernel, "say.cl");
    engine::SessionBuffer out;
    out.name = "out";
    out.elementType = "int";
    out.shape = {8};
    session.buffers = {out};
    engine::SessionLaunch launch;
    launch.kernel = "say";
    engine::SessionArgument argument;
    argument.kind = engine::SessionArgument::Kind::Buffer;
    argument.buffer = "out";
    launch.arguments = {argument};
    launch.global = {4, 2};
    launch.local = {2, 1};
    session.launches = {launch};
    return session;
}

// A watch of a 2-D launch of 4 x 2 work-items whose value is each work-item's linear index.
engine::WatchReport watchReport(std::vector<std::uint64_t> global,
                                std::vector<std::uint64_t> local) {
    engine::WatchedRun run;
    run.kernel = "say";
    run.global = std::move(global);
    run.local = std::move(local);
    run.type = "int";
    for (std::uint64_t i = 0; i < run.workItems(); ++i) {
        run.values.push_back(double(i));
        run.passes.push_back(1);
    }
    engine::WatchReport report;
    report.launches = {{"say", run}};
    return report;
}

engine::WatchRequest watchRequest() {
    engine::WatchRequest request;
    request.file = "say.cl";
    request.line = 3;
    request.expression = "x";
    return request;
}

QStringList workItemColumn(const QTreeWidget* view) {
    QStringList column;
    for (int i = 0; i < view->topLevelItemCount(); ++i)
        column << view->topLevelItem(i)->text(OutputPanel::WorkItemColumn);
    return column;
}

void click(QTreeWidget* view, QTreeWidgetItem* item) {
    view->scrollToItem(item);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualItemRect(item).center());
}

int selectedRow(const WatchPanel& watch) {
    const QModelIndexList rows = watch.table()->selectionModel()->selectedRows();
    return rows.size() == 1 ? rows.front().row() : -1;
}

// `record` as a device host sends it (its typed form, encoded and read back) and as the workbench
// reads it, with `session`'s launches.
RunRecord throughTheHost(const RunRecord& record, const engine::Session& session) {
    engine::wire::RunRecord sent;
    recordToWire(record, sent);
    engine::wire::RunRecord received;
    if (!received.ParseFromString(sent.SerializeAsString()))
        throw std::runtime_error("a record's typed form does not read back");
    return recordFromWire(received, session, QStringLiteral("a device"));
}

} // namespace

class TestOutputPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aRecordKeepsEachLinesWorkItem() {
        RunRecord record;
        record.setOutput(
            {{CheckIds{3, 1, 0}, "a"}, {std::nullopt, "driver"}, {CheckIds{4, 0, 0}, ""}});
        QCOMPARE(record.output, QStringLiteral("a\ndriver\n\n"));
        std::vector<OutputLine> lines = record.outputLines();
        QCOMPARE(lines.size(), std::size_t(3));
        QCOMPARE(lines[0].workItem, std::optional(CheckIds{3, 1, 0}));
        QCOMPARE(lines[1].workItem, std::optional<CheckIds>());
        QCOMPARE(lines[1].text, QStringLiteral("driver"));
        QCOMPARE(lines[2].workItem, std::optional(CheckIds{4, 0, 0}));
        QCOMPARE(lines[2].text, QString());

        // "Run N times" appends a batch's lines after the first's, each keeping its work-item.
        RunRecord batch;
        batch.setOutput({{CheckIds{9, 0, 0}, "b"}});
        batch.outputDropped = 7;
        record.appendOutput(batch);
        lines = record.outputLines();
        QCOMPARE(lines.size(), std::size_t(4));
        QCOMPARE(lines[3].workItem, std::optional(CheckIds{9, 0, 0}));
        QCOMPARE(lines[3].text, QStringLiteral("b"));
        QCOMPARE(record.outputDropped, std::uint64_t(7));

        // Through the device host.
        engine::Session session = saySession();
        record.launchIndex = 0;
        const RunRecord back = throughTheHost(record, session);
        QCOMPARE(back.output, record.output);
        QCOMPARE(back.outputWorkItems, record.outputWorkItems);
        QCOMPARE(RunRecord::workItemText({3, 1, 0}), QStringLiteral("3,1,0"));
    }

    // What a device host sends of a record and what the workbench fills in itself (its device,
    // its kernel times, what it left out at its default) come back as they were.
    void aRecordComesBackWholeThroughTheHost() {
        const engine::Session session = saySession();
        RunRecord record;
        record.mode = RunRecord::Mode::RunN;
        record.when = QDateTime::fromMSecsSinceEpoch(1795772832926, Qt::UTC);
        record.launchIndex = 0;
        record.launch = session.launches[0];
        record.launch.local = {2, 2};
        record.launch.repeat = 2;
        record.deviceName = QStringLiteral("a device");
        record.global = {4, 2};
        record.local = {2, 2};
        record.commands = {{RunCommand::Kind::Upload, QStringLiteral("upload out"), {1, 2, 3, 5}},
                           {RunCommand::Kind::Kernel, QStringLiteral("say"), {10, 20, 30, 47}},
                           {RunCommand::Kind::Kernel, QStringLiteral("say"), {50, 60, 70, 81}}};
        record.kernelNs = {17, 11};
        record.ok = false;
        record.error = QStringLiteral("launch 'say': out of resources");
        record.hostStopped = true;
        record.warnings = {QStringLiteral("a warning")};
        record.output = QStringLiteral("x\n");
        record.outputDropped = 3;
        record.outputWorkItems = {{0, CheckIds{1, 2, 0}}};

        const RunRecord back = throughTheHost(record, session);
        QCOMPARE(back.mode, record.mode);
        QCOMPARE(back.when, record.when);
        QCOMPARE(back.launch.local, record.launch.local);
        QCOMPARE(back.launch.repeat, 2);
        QCOMPARE(back.launch.kernel, std::string("say"));
        QCOMPARE(back.deviceName, record.deviceName);
        QCOMPARE(back.global, record.global);
        QCOMPARE(back.local, record.local);
        QCOMPARE(back.kernelNs, record.kernelNs);
        QCOMPARE(back.commands.size(), std::size_t(3));
        QCOMPARE(back.commands[0].label, QStringLiteral("upload out"));
        QCOMPARE(back.commands[0].kind, RunCommand::Kind::Upload);
        QCOMPARE(back.commands[2].times.ended, cl_ulong(81));
        // The launch's own kernel commands travel as their times alone, named again on arrival.
        engine::wire::RunRecord sentWhole;
        recordToWire(record, sentWhole);
        QVERIFY(sentWhole.commands(1).own_kernel());
        QVERIFY(sentWhole.commands(1).label().empty());
        QCOMPARE(sentWhole.commands(1).ended(), std::uint64_t(47));
        QVERIFY(!sentWhole.commands(0).own_kernel());
        QCOMPARE(sentWhole.commands(0).label(), std::string("upload out"));
        QCOMPARE(back.commands[1].kind, RunCommand::Kind::Kernel);
        QCOMPARE(back.commands[1].label, QStringLiteral("say"));
        QCOMPARE(back.commands[1].times.started, cl_ulong(30));
        QCOMPARE(back.ok, false);
        QCOMPARE(back.error, record.error);
        QCOMPARE(back.hostStopped, true);
        QCOMPARE(back.warnings, record.warnings);
        QCOMPARE(back.output, record.output);
        QCOMPARE(back.outputDropped, std::uint64_t(3));
        QCOMPARE(back.outputWorkItems, record.outputWorkItems);

        // What the workbench's session tells is left out and comes back from the session: the
        // global size the session gives, the launch's kernel name on its commands.
        RunRecord plain;
        plain.when = record.when;
        plain.launchIndex = 0;
        plain.launch = session.launches[0];
        plain.launch.name = "greeting"; // its kernel commands are called so
        plain.ok = true;
        plain.global = session.launches[0].global;
        plain.commands = {{RunCommand::Kind::Kernel, QStringLiteral("greeting"), {1, 2, 3, 9}}};
        engine::wire::RunRecord sent;
        recordToWire(plain, sent);
        QCOMPARE(sent.global_size(), 0);
        QCOMPARE(sent.commands_size(), 1);
        QVERIFY(sent.commands(0).own_kernel() && sent.commands(0).label().empty());
        QCOMPARE(sent.launch_local_size(), 2);
        QVERIFY(sent.error().empty() && sent.warnings_size() == 0 && sent.output().empty());
        engine::Session named = session;
        named.launches[0].name = "greeting";
        const RunRecord plainBack = throughTheHost(plain, named);
        QCOMPARE(plainBack.mode, RunRecord::Mode::Run);
        QCOMPARE(plainBack.launch.repeat, 1);
        QCOMPARE(plainBack.launch.local, session.launches[0].local);
        QCOMPARE(plainBack.global, session.launches[0].global);
        QVERIFY(plainBack.local.empty());
        QCOMPARE(plainBack.commands.size(), std::size_t(1));
        QCOMPARE(plainBack.commands[0].label, QStringLiteral("greeting"));
        QCOMPARE(plainBack.kernelNs, std::vector<double>{6});
        QVERIFY(plainBack.ok && !plainBack.hostStopped && plainBack.error.isEmpty());
        // A launch that failed says so, and a global size other than the session's is sent.
        plain.ok = false;
        plain.global = {8, 2};
        const RunRecord failedBack = throughTheHost(plain, named);
        QVERIFY(!failedBack.ok);
        QCOMPARE(failedBack.global, (std::vector<std::uint64_t>{8, 2}));
    }

    void theFilter() {
        QString problem;
        const auto all = WorkItemFilter::parse(QStringLiteral("  "), {}, problem);
        QVERIFY(all && all->matches(std::nullopt) && all->matches(CheckIds{1, 2, 3}));
        const auto item = WorkItemFilter::parse(QStringLiteral("5"), {}, problem);
        QVERIFY(item);
        QVERIFY(item->matches(CheckIds{5, 0, 0}));
        QVERIFY(!item->matches(CheckIds{5, 1, 0}));
        QVERIFY(!item->matches(std::nullopt));
        const auto twoD = WorkItemFilter::parse(QStringLiteral("3, 1"), {}, problem);
        QVERIFY(twoD && twoD->matches(CheckIds{3, 1, 0}) && !twoD->matches(CheckIds{1, 3, 0}));
        QVERIFY(WorkItemFilter::parse(QStringLiteral("3,1,2"), {}, problem)
                    ->matches(CheckIds{3, 1, 2}));
        const auto group = WorkItemFilter::parse(QStringLiteral("Group 1, 1"), {2, 1}, problem);
        QVERIFY(group);
        QCOMPARE(group->kind(), WorkItemFilter::Kind::WorkGroup);
        QVERIFY(group->matches(CheckIds{2, 1, 0}) && group->matches(CheckIds{3, 1, 0}));
        QVERIFY(!group->matches(CheckIds{1, 1, 0}) && !group->matches(CheckIds{2, 0, 0}));
        QVERIFY(!WorkItemFilter::parse(QStringLiteral("x = 5"), {}, problem));
        QVERIFY2(problem.contains(QStringLiteral("is no work-item")), qPrintable(problem));
        QVERIFY(!WorkItemFilter::parse(QStringLiteral("group 2"), {}, problem));
        QVERIFY2(problem.contains(QStringLiteral("work-group size")), qPrintable(problem));
        QVERIFY(!WorkItemFilter::parse(QStringLiteral("1, 2, 3, 4"), {}, problem));
    }

    void theWatchSelectsAGlobalId() {
        WatchPanel watch;
        watch.setReport(watchReport({2, 2, 2}, {1, 1, 1}), watchRequest(), QStringLiteral("dev"));
        QVERIFY(watch.selectGlobalId({1, 0, 1}));
        QCOMPARE(watch.findChild<QSpinBox*>(QStringLiteral("watchSlice"))->value(), 1);
        QCOMPARE(selectedRow(watch), 5);
        QCOMPARE(watch.hoverText(), QStringLiteral("work-item (1, 0, 1), group (1, 0, 1), local "
                                                   "(0, 0, 0): 5"));
        // Outside the launch: nothing changes.
        QVERIFY(!watch.selectGlobalId({2, 0, 0}));
        QCOMPARE(selectedRow(watch), 5);
        // 1-D: the cell in its work-group's row.
        watch.setReport(watchReport({8}, {4}), watchRequest(), QStringLiteral("dev"));
        QVERIFY(watch.selectGlobalId({6, 0, 0}));
        QCOMPARE(selectedRow(watch), 6);
        QCOMPARE(watch.hoverText(), QStringLiteral("work-item (6), group (1), local (2): 6"));
        QVERIFY(!watch.selectGlobalId({6, 1, 0}));
    }

    void aRunsLinesWithTheirWorkItems() {
        CLW_REQUIRE_DEVICE(device);
        DeviceHosts hosts;
        EngineBridge bridge;
        SessionController controller(bridge, hosts);
        OutputPanel output(controller);
        WatchPanel watch;
        DebuggerPanel debugger;
        linkPrintedWorkItems(output, watch, debugger);
        output.resize(800, 600);
        output.show();

        controller.openSession(saySession(), {});
        controller.chooseDevice(QString::fromStdString(device.name()));
        QSignalSpy ran(&controller, &SessionController::runFinished);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(ran.count() == 1 && !controller.isBusy(), 120000);
        QVERIFY2(ran.front().at(0).value<RunRecord>().ok,
                 qPrintable(ran.front().at(0).value<RunRecord>().error));

        // Every line names the work-item that printed it: the ids in its own text.
        QTreeWidget* view = output.lines();
        QCOMPARE(view->topLevelItemCount(), 8);
        QCOMPARE(output.statusText(), QStringLiteral("8 lines"));
        for (int i = 0; i < view->topLevelItemCount(); ++i) {
            const QTreeWidgetItem* item = view->topLevelItem(i);
            const QStringList said = item->text(OutputPanel::TextColumn).split(QLatin1Char(' '));
            QVERIFY2(said.size() >= 3, qPrintable(item->text(OutputPanel::TextColumn)));
            QCOMPARE(item->text(OutputPanel::WorkItemColumn),
                     said[said.size() - 2] + QLatin1Char(',') + said.last() + QStringLiteral(",0"));
        }

        // One work-item, typed as a person would.
        output.filterEdit()->setText(QStringLiteral("2, 1"));
        QCOMPARE(workItemColumn(view),
                 (QStringList{QStringLiteral("2,1,0"), QStringLiteral("2,1,0")}));
        QCOMPARE(output.text(), QStringLiteral("item 2 1\nsecond line of 2 1\n"));
        QCOMPARE(output.statusText(), QStringLiteral("2 of 8 lines"));
        // One work-group of 2 x 1: group (0, 1) holds work-items (0, 1) and (1, 1).
        output.filterEdit()->setText(QStringLiteral("group 0 1"));
        QCOMPARE(workItemColumn(view),
                 (QStringList{QStringLiteral("0,1,0"), QStringLiteral("0,1,0")}));
        // A filter that means nothing says so and hides nothing.
        output.filterEdit()->setText(QStringLiteral("two"));
        QCOMPARE(view->topLevelItemCount(), 8);
        QVERIFY2(output.statusText().contains(QStringLiteral("'two' is no work-item")),
                 qPrintable(output.statusText()));

        // Grouped: each work-item once, in order, its two lines under it.
        output.filterEdit()->clear();
        output.groupToggle()->setChecked(true);
        QCOMPARE(workItemColumn(view),
                 (QStringList{QStringLiteral("0,0,0"), QStringLiteral("2,0,0"),
                              QStringLiteral("0,1,0"), QStringLiteral("2,1,0")}));
        for (int i = 0; i < view->topLevelItemCount(); ++i) {
            QCOMPARE(view->topLevelItem(i)->childCount(), 2);
            QCOMPARE(view->topLevelItem(i)->text(OutputPanel::TextColumn),
                     QStringLiteral("2 lines"));
        }
        QCOMPARE(view->topLevelItem(3)->child(1)->text(OutputPanel::TextColumn),
                 QStringLiteral("second line of 2 1"));
        QCOMPARE(output.text().count(QLatin1Char('\n')), 8);

        // A click on a line chooses its work-item: the Watch dock's row and cell, the debugger's.
        watch.setReport(watchReport({4, 2}, {2, 1}), watchRequest(), QStringLiteral("dev"));
        QSignalSpy chosen(&output, &OutputPanel::workItemChosen);
        QSignalSpy follow(&debugger, &DebuggerPanel::followRequested);
        click(view, view->topLevelItem(3)->child(1));
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.front().at(0).value<CheckIds>(), (CheckIds{2, 1, 0}));
        QCOMPARE(selectedRow(watch), 6);
        QCOMPARE(watch.hoverText(),
                 QStringLiteral("work-item (2, 1), group (1, 1), local (0, 0): 6"));
        QCOMPARE(debugger.workItemEdit()->text(), QStringLiteral("2, 1"));
        QCOMPARE(follow.count(), 1);
        QCOMPARE(follow.front().at(0).value<CheckIds>(), (CheckIds{2, 1, 0}));
        // A work-item's group chooses it too.
        click(view, view->topLevelItem(1));
        QCOMPARE(chosen.count(), 2);
        QCOMPARE(chosen.last().at(0).value<CheckIds>(), (CheckIds{2, 0, 0}));
        QCOMPARE(selectedRow(watch), 2);
        QCOMPARE(debugger.workItemEdit()->text(), QStringLiteral("2"));
    }
};

QTEST_MAIN(TestOutputPanel)
#include "tst_outputpanel.moc"
