// Check findings as values (issue 18): their JSON form round-trips, a malformed line is refused
// naming its line, the one-line description says what, where and who, and makeCheckReport
// matches kernel runs to launches and names the session's files and buffers.
#include "clw/engine/debug/CheckRange.h"
#include "clw/engine/debug/CheckReport.h"
#include "clw/engine/debug/WatchPlan.h"

#include <cmath>
#include <limits>

#include <QtTest>

namespace engine = clw::engine;

namespace {

engine::CheckFinding raceFinding() {
    engine::CheckFinding finding;
    finding.kind = engine::CheckKind::ReadWriteRace;
    finding.memory = engine::CheckMemory::Local;
    finding.kernel = "rotate";
    finding.argument = 2;
    finding.variable = "tile";
    finding.place = {"input.cl", 10, 15};
    finding.other = {"input.cl", 12, 29};
    finding.workItems = {{0, 0, 0}, {1, 0, 0}, {64, 0, 0}};
    finding.workGroups = {{0, 0, 0}, {1, 0, 0}};
    finding.byteOffsets = {0, 1, 2, 3, 4, 5, 6, 7};
    finding.workItemCount = 3;
    finding.occurrences = 3;
    return finding;
}

engine::Session twoLaunchSession() {
    engine::Session session;
    session.sources.files = {{"main.cl", ""}, {"common.h", ""}};
    session.sources.mainFile = "main.cl";
    engine::SessionLaunch first;
    first.kernel = "rotate";
    first.name = "first rotate";
    engine::SessionArgument in, out, local;
    in.kind = out.kind = engine::SessionArgument::Kind::Buffer;
    in.buffer = "in";
    out.buffer = "out";
    local.kind = engine::SessionArgument::Kind::Local;
    local.localBytes = 256;
    first.arguments = {in, out, local};
    engine::SessionLaunch second = first;
    second.name.clear();
    session.launches = {first, second};
    return session;
}

} // namespace

class TestCheckFindings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonRoundTrip() {
        engine::CheckedKernelRun run;
        run.kernel = "rotate";
        run.global = {256};
        run.local = {64};
        run.workGroups = 4;
        run.findings = {raceFinding()};
        const auto back = engine::parseCheckedRuns(engine::checkedRunToJson(run).dump() + "\n\n");
        QCOMPARE(back.size(), size_t(1));
        QCOMPARE(back[0].kernel, run.kernel);
        QCOMPARE(back[0].global, run.global);
        QCOMPARE(back[0].workGroups, std::uint64_t(4));
        const engine::CheckFinding& finding = back[0].findings.at(0);
        const engine::CheckFinding expected = raceFinding();
        QCOMPARE(finding.kind, expected.kind);
        QCOMPARE(finding.memory, expected.memory);
        QCOMPARE(finding.argument, 2);
        QVERIFY(finding.place == expected.place);
        QVERIFY(finding.other == expected.other);
        QCOMPARE(finding.workItems, expected.workItems);
        QCOMPARE(finding.workGroups, expected.workGroups);
        QCOMPARE(finding.byteOffsets, expected.byteOffsets);
        QCOMPARE(finding.occurrences, std::uint64_t(3));
    }

    void malformedLinesAreRefusedWithTheirNumber() {
        const std::string good = engine::checkedRunToJson({"k", {1}, {1}, 1, {}}).dump();
        const struct {
            std::string text;
            const char* message;
        } cases[] = {
            {good + "\n{\"kernel\": 3, \"findings\": []}\n",
             "line 2: check findings: \"kernel\" is not a string"},
            {good + "\n" + good + "\n{\"kernel\": \"k\"}",
             "line 3: check findings: no \"findings\""},
            {"{\"kernel\":\"k\",\"findings\":[{\"kind\":\"teleport\",\"kernel\":\"k\"}]}",
             "line 1: check findings: unknown kind \"teleport\""},
            {"{\"kernel\":\"k\",\"findings\":[{\"kind\":\"out-of-bounds-read\",\"kernel\":\"k\","
             "\"workItems\":[[1,2]]}]}",
             "line 1: check findings: an entry of \"workItems\" is not three ids"},
            {"{\"kernel\":\"k\",\"findings\":[{\"kind\":\"out-of-bounds-read\",\"kernel\":\"k\","
             "\"byteOffsets\":[-4]}]}",
             "line 1: check findings: \"byteOffsets\" holds something other than a count"},
        };
        for (const auto& bad : cases) {
            try {
                engine::parseCheckedRuns(bad.text);
                QFAIL(qPrintable(QString::fromStdString("accepted: " + bad.text)));
            } catch (const engine::CheckFindingsError& error) {
                QCOMPARE(QString::fromUtf8(error.what()), QString::fromUtf8(bad.message));
            }
        }
        QVERIFY_THROWS_EXCEPTION(engine::CheckFindingsError,
                                 engine::parseCheckedRuns("{\"kernel\": \"k\", \"findings\": [}"));
    }

    void descriptions() {
        engine::CheckFinding race = raceFinding();
        race.place.file = "race.cl";
        QCOMPARE(engine::formatCheckFinding(race, "rotate"),
                 std::string("race.cl:10:15: error: data race (read-write) on __local `tile` "
                             "(bytes 0..7): 3 work-items in 2 groups, with the read at line 12 "
                             "of input.cl [rotate]"));
        engine::CheckFinding bounds;
        bounds.kind = engine::CheckKind::OutOfBoundsWrite;
        bounds.memory = engine::CheckMemory::Global;
        bounds.buffer = "out";
        bounds.place = {"k.cl", 8, 0};
        bounds.workItems = {{255, 0, 0}};
        bounds.workGroups = {{3, 0, 0}};
        bounds.byteOffsets = {1024, 1025, 1026, 1027, 2048};
        bounds.workItemCount = 1;
        bounds.occurrences = 2;
        bounds.detail = "the buffer holds 1024 bytes";
        QCOMPARE(engine::formatCheckFinding(bounds, ""),
                 std::string("k.cl:8: error: out-of-bounds write on __global `out` (5 bytes from "
                             "1024 to 2048): 1 work-item in 1 group, 2 accesses; the buffer "
                             "holds 1024 bytes"));
    }

    void reportMatchesRunsToLaunchesAndNamesThings() {
        engine::CheckedKernelRun other{"fill", {1}, {1}, 1, {}};
        engine::CheckedKernelRun first{"rotate", {256}, {64}, 4, {raceFinding()}};
        engine::CheckFinding inHeader = raceFinding();
        inHeader.kind = engine::CheckKind::OutOfBoundsRead;
        inHeader.memory = engine::CheckMemory::Global;
        inHeader.argument = 0;
        inHeader.variable = "in";
        inHeader.place.file = "/tmp/headers-123/common.h";
        inHeader.other = {};
        engine::CheckedKernelRun second{"rotate", {256}, {64}, 4, {inHeader}};
        const engine::CheckReport report =
            engine::makeCheckReport(twoLaunchSession(), {other, first, second});
        QCOMPARE(report.launches.size(), size_t(2));
        QCOMPARE(report.findingCount(), size_t(2));
        QCOMPARE(report.launches[0].name, std::string("first rotate"));
        QCOMPARE(report.launches[1].name, std::string("rotate"));
        QVERIFY(report.launches[0].ran && report.launches[1].ran);
        const engine::CheckFinding& race = report.launches[0].findings.at(0);
        QCOMPARE(race.place.file, std::string("main.cl")); // Oclgrind's input.cl
        QCOMPARE(race.other.file, std::string("main.cl"));
        QCOMPARE(race.buffer, std::string()); // a __local argument: its variable names it
        const engine::CheckFinding& read = report.launches[1].findings.at(0);
        QCOMPARE(read.place.file, std::string("common.h"));
        QCOMPARE(read.buffer, std::string("in"));

        // A run missing (the launch failed before it): the launch is there, not ran.
        const engine::CheckReport partial = engine::makeCheckReport(twoLaunchSession(), {first});
        QVERIFY(partial.launches[0].ran);
        QVERIFY(!partial.launches[1].ran);
        const nlohmann::json json = engine::checkReportToJson(report);
        QCOMPARE(json["findingCount"].get<int>(), 2);
        QCOMPARE(json["launches"][1]["findings"][0]["message"].get<std::string>(),
                 engine::formatCheckFinding(read, "rotate"));
    }

    void rangesShrinkForACheck() {
        engine::Session session;
        engine::SessionLaunch small, square, open, stuck;
        small.kernel = "small";
        small.global = {256};
        small.local = {64};
        square.name = "matmul";
        square.kernel = "mm";
        square.global = {1024, 1024};
        square.local = {16, 16};
        open.kernel = "open";
        open.global = {100000};
        stuck.kernel = "stuck";
        stuck.global = {65536};
        stuck.local = {65536};
        session.launches = {small, square, open, stuck};
        const engine::CheckRangeShrink shrink = engine::shrinkForCheck(session, 16384);
        QCOMPARE(shrink.session.launches[0].global, small.global);
        QCOMPARE(shrink.session.launches[1].global, (std::vector<std::uint64_t>{128, 128}));
        QCOMPARE(shrink.session.launches[1].local, square.local);
        QCOMPARE(shrink.session.launches[2].global, std::vector<std::uint64_t>{12500});
        QCOMPARE(shrink.session.launches[3].global, stuck.global); // one work-group: as it is
        QCOMPARE(shrink.changes,
                 (std::vector<std::string>{"matmul: 1024 x 1024 -> 128 x 128 work-items",
                                           "open: 100000 -> 12500 work-items"}));
        QVERIFY(engine::shrinkForCheck(shrink.session, 16384).changes.empty());
    }

    void watchExpressions() {
        std::string problem;
        auto plain = engine::parseWatchExpression(" stride ", problem);
        QVERIFY(plain && plain->isTerm() && plain->term().variable == "stride");
        auto element = engine::parseWatchExpression("tile[3]", problem);
        QVERIFY(element && element->isTerm() && element->term().index == 3u);
        auto component = engine::parseWatchExpression("v.s2", problem);
        QVERIFY(component && component->term().component == 2u);
        QCOMPARE(engine::parseWatchExpression("p[1].w", problem)->text(), std::string("p[1].s3"));
        // Arithmetic: precedence, parentheses, unary minus, C number suffixes.
        auto sum = engine::parseWatchExpression("lid * 2 + 1", problem);
        QVERIFY2(sum && !sum->isTerm(), problem.c_str());
        QCOMPARE(sum->terms.size(), size_t(1));
        QCOMPARE(sum->evaluate({5}), 11.0);
        auto mixed = engine::parseWatchExpression("-(a.x - b[2]) / 4.0f + 7 % 4", problem);
        QVERIFY2(mixed, problem.c_str());
        QCOMPARE(mixed->terms.size(), size_t(2));
        QCOMPARE(mixed->evaluate({10, 2}), -2.0 + 3.0);
        QCOMPARE(mixed->text(), std::string("((-((a.s0 - b[2])) / 4) + (7 % 4))"));
        const struct {
            const char* text;
            const char* start;
        } bad[] = {
            {"", "'' is no expression."},
            {"3x", "'3x': 'x' cannot be watched."},
            {"a[i]", "'a[i]': the index must be a constant number."},
            {"v.q", "'v.q': '.q' names no vector component."},
            {"a +", "'a +' is not a whole expression: a value is missing at its end."},
            {"(a + b", "'(a + b' leaves a parenthesis open."},
            {"a) + b", "'a) + b' closes a parenthesis it never opened."},
            {"a & b", "'a & b': '&b' cannot be watched."},
            {"* a", "'* a' does not start with a variable's name or a number."},
        };
        for (const auto& expression : bad) {
            QVERIFY2(!engine::parseWatchExpression(expression.text, problem), expression.text);
            QVERIFY2(problem.rfind(expression.start, 0) == 0, problem.c_str());
            QVERIFY(problem.find("A watch is a variable (x)") != std::string::npos);
        }
    }

    void watchedRunsRoundTripAndRefuseBadSizes() {
        engine::WatchedRun run;
        run.kernel = "k";
        run.global = {2, 2};
        run.local = {1, 2};
        run.type = "float2";
        run.components = 2;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        run.values = {1, 2, nan, nan, 5.5, 6, -7, 8};
        run.passes = {1, 0, 3, 1};
        const auto back = engine::parseWatchedRuns(engine::watchedRunToJson(run).dump() + "\n");
        QCOMPARE(back.size(), size_t(1));
        QCOMPARE(back[0].workItems(), std::uint64_t(4));
        QCOMPARE(back[0].value(2, 0), 5.5);
        QVERIFY(std::isnan(back[0].value(1, 1)));
        QCOMPARE(back[0].passes, run.passes);
        nlohmann::json wrong = engine::watchedRunToJson(run);
        wrong["passes"] = {1, 2};
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, engine::watchedRunFromJson(wrong));
        try {
            engine::parseWatchedRuns("\n{\"kernel\": 1}\n");
            QFAIL("accepted a malformed line");
        } catch (const std::runtime_error& error) {
            QVERIFY2(std::string(error.what()).rfind("line 2: watch results: ", 0) == 0,
                     error.what());
        }
    }

    void watchRequestsCheckedAgainstTheSession() {
        engine::Session session = twoLaunchSession();
        session.sources.files[0].text = "a\nb\nc\n";
        engine::WatchRequest request;
        request.expression = "x";
        request.line = 3;
        engine::PreparedWatch prepared = engine::prepareWatch(session, request);
        QCOMPARE(prepared.problem, std::string());
        QCOMPARE(prepared.request.file, std::string("input.cl")); // Oclgrind's name of main.cl
        request.line = 4;
        QCOMPARE(engine::prepareWatch(session, request).problem,
                 std::string("line 4 is not in main.cl (3 lines)"));
        request.line = 1;
        request.file = "other.h";
        QCOMPARE(engine::prepareWatch(session, request).problem,
                 std::string("other.h is not a file of the session: watch a line of main.cl"));
        request.file = "common.h";
        QCOMPARE(engine::prepareWatch(session, request).problem,
                 std::string("line 1 is not in common.h (0 lines)"));
        // Nothing passed: a launch whose run has no passes, another whose kernel never ran.
        engine::WatchedRun idle;
        idle.kernel = "rotate";
        idle.global = {4};
        idle.passes = {0, 0, 0, 0};
        request.file.clear();
        request.line = 2;
        QCOMPARE(engine::makeWatchReport(session, request, {idle}).problem,
                 std::string("no work-item passed line 2 of main.cl: it holds no code (a "
                             "comment, a blank line, a brace), or no work-item of the session's "
                             "launches reached it"));
    }
};

QTEST_GUILESS_MAIN(TestCheckFindings)
#include "tst_checkfindings.moc"
