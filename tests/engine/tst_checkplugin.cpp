// The workbench's Oclgrind plugin through the engine alone (issue 18): the defect samples run by
// engine::SessionRunner on Oclgrind in this process, with the plugin that Oclgrind loads from
// OCLGRIND_PLUGINS, give exactly their findings (kind, place, work-items) and their fixes none;
// a watch of the reduction sample gives the values worked out here. Oclgrind and the plugin must
// be there (scripts/setup installs Oclgrind's packages; the plugin is built with the engine):
// without them these tests fail.
#include "clw/engine/debug/CheckReport.h"
#include "clw/engine/debug/OclgrindRegistration.h"
#include "clw/engine/debug/WatchPlan.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/session/SessionFile.h"
#include "clw/engine/session/SessionRunner.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace engine = clw::engine;

namespace {

std::string readFile(const std::string& path) {
    std::ifstream file(path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

engine::Session sample(const char* name) {
    return engine::SessionFile::read(std::string(CLW_SAMPLES_DIR) + "/" + name).session;
}

std::vector<std::uint64_t> xs(const std::vector<engine::CheckIds>& ids) {
    std::vector<std::uint64_t> out;
    for (const engine::CheckIds& id : ids)
        out.push_back(id[0]);
    return out;
}

std::vector<std::uint64_t> range(std::uint64_t first, std::uint64_t end,
                                 std::set<std::uint64_t> leftOut = {}) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t i = first; i < end; ++i)
        if (!leftOut.count(i))
            out.push_back(i);
    return out;
}

} // namespace

class TestCheckPlugin : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_findings;

    // Runs `session` on Oclgrind here; the report of the findings the plugin wrote.
    engine::CheckReport check(engine::Session session) {
        std::remove(m_findings.c_str());
        for (engine::SessionLaunch& launch : session.launches)
            launch.repeat = 1;
        const std::optional<engine::Device> device = engine::findDevice("Oclgrind");
        if (!device)
            return {};
        engine::SessionRunner(session, CLW_SAMPLES_DIR).run(*device);
        return engine::makeCheckReport(session, engine::parseCheckedRuns(readFile(m_findings)));
    }

private Q_SLOTS:
    void initTestCase() {
        const auto registration = engine::OclgrindRegistration::applyToThisProcess();
        QVERIFY2(registration.problem.empty(), registration.problem.c_str());
        QVERIFY2(engine::findDevice("Oclgrind"), "Oclgrind is not installed: run scripts/setup");
        m_findings = m_dir.filePath(QStringLiteral("findings.jsonl")).toStdString();
        qputenv("OCLGRIND_PLUGINS", CLW_CHECK_PLUGIN);
        qputenv("CLW_CHECK_FINDINGS", QByteArray::fromStdString(m_findings));
        qputenv("CLW_NO_CACHE", "1");
    }

    void raceSample() {
        const engine::CheckReport report = check(sample("race.clwb"));
        QCOMPARE(report.launches.size(), size_t(2));
        const auto& racy = report.launches[0].findings;
        QCOMPARE(racy.size(), size_t(2));
        QCOMPARE(racy[0].kind, engine::CheckKind::ReadWriteRace);
        QCOMPARE(racy[0].memory, engine::CheckMemory::Local);
        QCOMPARE(racy[0].place.file, std::string("race.cl"));
        QCOMPARE(racy[0].place.line, 10u);
        QCOMPARE(racy[0].other.line, 12u);
        QCOMPARE(xs(racy[0].workItems), range(0, 256));
        QCOMPARE(racy[1].kind, engine::CheckKind::UninitializedRead);
        QCOMPARE(racy[1].place.line, 12u);
        QCOMPARE(xs(racy[1].workItems), range(0, 256, {63, 127, 191, 255}));
        QVERIFY(report.launches[1].ran);
        QVERIFY(report.launches[1].findings.empty());
    }

    void outOfBoundsSample() {
        const engine::CheckReport report = check(sample("out_of_bounds.clwb"));
        const auto& unchecked = report.launches.at(0).findings;
        QCOMPARE(unchecked.size(), size_t(1));
        QCOMPARE(unchecked[0].kind, engine::CheckKind::OutOfBoundsWrite);
        QCOMPARE(unchecked[0].buffer, std::string("unchecked"));
        QCOMPARE(unchecked[0].place.line, 8u);
        QCOMPARE(xs(unchecked[0].workItems), std::vector<std::uint64_t>{255});
        QCOMPARE(unchecked[0].byteOffsets, range(1024, 1028));
        QVERIFY(report.launches.at(1).findings.empty());
    }

    void uninitializedSample() {
        const engine::CheckReport report = check(sample("uninitialized.clwb"));
        const auto& missing = report.launches.at(0).findings;
        QCOMPARE(missing.size(), size_t(2));
        for (const engine::CheckFinding& finding : missing) {
            QCOMPARE(finding.kind, engine::CheckKind::UninitializedRead);
            QCOMPARE(finding.place.line, 14u);
        }
        QCOMPARE(xs(missing[0].workItems), (std::vector<std::uint64_t>{0, 64, 128, 192}));
        QCOMPARE(xs(missing[1].workItems), (std::vector<std::uint64_t>{63, 127, 191, 255}));
        QVERIFY(report.launches.at(1).findings.empty());
    }

    void watchOfTheReduction() {
        // A debug run: no checks, the watch's request and output instead.
        const std::string output = m_dir.filePath(QStringLiteral("watch.jsonl")).toStdString();
        engine::Session session = sample("reduction.clwb");
        engine::WatchRequest request;
        request.line = 12;
        request.expression = "stride";
        request.pass = 2;
        const engine::PreparedWatch prepared = engine::prepareWatch(session, request);
        QVERIFY2(prepared.problem.empty(), prepared.problem.c_str());
        qunsetenv("CLW_CHECK_FINDINGS");
        qputenv("CLW_WATCH",
                QByteArray::fromStdString(engine::watchRequestToJson(prepared.request).dump()));
        qputenv("CLW_WATCH_OUTPUT", QByteArray::fromStdString(output));
        engine::SessionRunner(session, CLW_SAMPLES_DIR).run(*engine::findDevice("Oclgrind"));
        qunsetenv("CLW_WATCH");
        qputenv("CLW_CHECK_FINDINGS", QByteArray::fromStdString(m_findings));
        const engine::WatchReport report =
            engine::makeWatchReport(session, request, engine::parseWatchedRuns(readFile(output)));
        QVERIFY2(report.problem.empty(), report.problem.c_str());
        const engine::WatchedRun& run = report.launches.at(0).run;
        QCOMPARE(run.type, std::string("uint"));
        QCOMPARE(run.workItems(), std::uint64_t(4096));
        for (std::uint64_t item : {0, 1, 1000, 4095}) {
            QCOMPARE(run.value(item), 32.0); // the second pass: 128 / 2 / 2
            QCOMPARE(run.passes[item], 7u);
        }
    }
};

QTEST_GUILESS_MAIN(TestCheckPlugin)
#include "tst_checkplugin.moc"
