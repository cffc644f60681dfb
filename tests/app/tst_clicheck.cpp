// `clworkbench check` (issue 18, Check): each defect sample gives exactly its findings (kind,
// place, and the work-items, groups and bytes involved), each fix none; the other kinds (a
// write-write race, a read-write race on global memory, barrier divergence) from a session
// written here, and atomics give none. Bad input: a device that is not Oclgrind, a kernel that
// does not build, a missing plugin, a plugin by relative path, a missing session. Oclgrind and
// the check plugin must be installed (scripts/setup): without them these tests fail.
#include "WorkbenchProcess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

QJsonObject report(const Run& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QJsonArray launches(const Run& run) {
    return report(run).value(QStringLiteral("launches")).toArray();
}

QJsonArray findingsOf(const Run& run, int launch) {
    return launches(run).at(launch).toObject().value(QStringLiteral("findings")).toArray();
}

// The x ids of a finding's work-items (or groups), in order.
std::vector<qint64> xs(const QJsonObject& finding, const char* key) {
    std::vector<qint64> out;
    for (const QJsonValue& ids : finding.value(QLatin1String(key)).toArray())
        out.push_back(ids.toArray().at(0).toInteger());
    return out;
}

std::vector<qint64> offsets(const QJsonObject& finding) {
    std::vector<qint64> out;
    for (const QJsonValue& offset : finding.value(QStringLiteral("byteOffsets")).toArray())
        out.push_back(offset.toInteger());
    return out;
}

std::vector<qint64> range(qint64 first, qint64 end, std::set<qint64> leftOut = {}) {
    std::vector<qint64> out;
    for (qint64 i = first; i < end; ++i)
        if (!leftOut.count(i))
            out.push_back(i);
    return out;
}

int lineOf(const QJsonObject& finding, const char* key = "place") {
    return finding.value(QLatin1String(key)).toObject().value(QStringLiteral("line")).toInt();
}

QString text(const QJsonObject& finding, const char* key) {
    return finding.value(QLatin1String(key)).toString();
}

Run check(const QString& session, const QStringList& more = {}, const QStringList& settings = {}) {
    return runWorkbench(QStringList{QStringLiteral("check"), session} + more, settings);
}

Run checkJson(const QString& session) {
    return check(session, {QStringLiteral("--json")});
}

// A session of one kernel file and the launches given, over buffers `data` (256 ints, 0, 1, 2,
// ...) and `counter` (one int, 0).
QString writeSession(const QTemporaryDir& dir, const QString& source, const QJsonArray& launches) {
    const QJsonObject file{{QStringLiteral("name"), QStringLiteral("kinds.cl")},
                           {QStringLiteral("text"), source}};
    const auto buffer = [](const char* name, int count, QJsonObject init) {
        return QJsonObject{{QStringLiteral("name"), QLatin1String(name)},
                           {QStringLiteral("type"), QStringLiteral("int")},
                           {QStringLiteral("shape"), QJsonArray{count}},
                           {QStringLiteral("access"), QStringLiteral("read_write")},
                           {QStringLiteral("init"), init},
                           {QStringLiteral("output"), true}};
    };
    const QJsonObject session{
        {QStringLiteral("format"), QStringLiteral("clworkbench-session")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("sources"),
         QJsonObject{{QStringLiteral("main"), QStringLiteral("kinds.cl")},
                     {QStringLiteral("files"), QJsonArray{file}}}},
        {QStringLiteral("buffers"),
         QJsonArray{buffer("data", 256,
                           {{QStringLiteral("fill"), QStringLiteral("ramp")},
                            {QStringLiteral("start"), 0},
                            {QStringLiteral("step"), 1}}),
                    buffer("counter", 1,
                           {{QStringLiteral("fill"), QStringLiteral("constant")},
                            {QStringLiteral("value"), QStringLiteral("0")}})}},
        {QStringLiteral("launches"), launches}};
    const QString path = dir.filePath(QStringLiteral("kinds.clwb"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(session).toJson());
    return path;
}

QJsonObject launchOf(const char* kernel, const char* buffer) {
    return {{QStringLiteral("kernel"), QLatin1String(kernel)},
            {QStringLiteral("arguments"),
             QJsonArray{QJsonObject{{QStringLiteral("buffer"), QLatin1String(buffer)}}}},
            {QStringLiteral("global"), QJsonArray{256}},
            {QStringLiteral("local"), QJsonArray{64}}};
}

} // namespace

class TestCliCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A program in CLBlast's style (issue 61): the launch uses Xaxpy, while the program's fast
    // kernels call __builtin_assume, which Oclgrind 21.10 cannot run and stopped the whole host
    // on ("Undefined external function: llvm.assume") although no launch used them. It checks
    // clean.
    void aBlasStyleProgramWithAssumptionsChecksClean() {
        const Run run = checkJson(qEnvironmentVariable("CLW_TEST_DATA") +
                                  QStringLiteral("/blas_style/axpy.clwb"));
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QCOMPARE(launches(run).size(), 1);
        QCOMPARE(launches(run).at(0).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("Xaxpy"));
        QCOMPARE(findingsOf(run, 0).size(), 0);
        QVERIFY2(!run.err.contains(QStringLiteral("FATAL")), qPrintable(describe(run)));
    }

    // A check's host creates only the kernels the launches name: one that Oclgrind cannot create
    // (__builtin_readcyclecounter, an intrinsic it lacks) stays out of it, and the launch checks
    // clean. Created with the rest, it stopped the check.
    void onlyTheLaunchedKernelsAreCreated() {
        QTemporaryDir dir;
        const QString source = QStringLiteral(
            "__kernel void touch(__global int* data) { data[get_global_id(0)] += 1; }\n"
            "__kernel void timed(__global ulong* out) { out[0] = __builtin_readcyclecounter(); "
            "}\n");
        const Run run = checkJson(writeSession(dir, source, {launchOf("touch", "data")}));
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QCOMPARE(launches(run).size(), 1);
        QCOMPARE(findingsOf(run, 0).size(), 0);
    }

    void raceSample() {
        const Run run = checkJson(QStringLiteral(":/samples/race.clwb"));
        QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
        QCOMPARE(report(run).value(QStringLiteral("findingCount")).toInt(), 2);
        QCOMPARE(launches(run).size(), 2);
        // One read-write race at the store to tile (line 10) against the neighbour's read (line
        // 12): every work-item, every byte of each group's tile; one uninitialized read at line
        // 12 by every work-item but the last of each group, which reads tile[0].
        const QJsonArray racy = findingsOf(run, 0);
        QCOMPARE(racy.size(), 2);
        const QJsonObject race = racy.at(0).toObject();
        QCOMPARE(text(race, "kind"), QStringLiteral("read-write-race"));
        QCOMPARE(text(race, "memory"), QStringLiteral("local"));
        QCOMPARE(text(race, "variable"), QStringLiteral("tile"));
        QCOMPARE(text(race, "kernel"), QStringLiteral("rotate_racy"));
        QCOMPARE(race.value(QStringLiteral("place")).toObject().value(QStringLiteral("file")),
                 QStringLiteral("race.cl"));
        QCOMPARE(lineOf(race), 10);
        QCOMPARE(lineOf(race, "other"), 12);
        QCOMPARE(race.value(QStringLiteral("workItemCount")).toInt(), 256);
        QCOMPARE(race.value(QStringLiteral("occurrences")).toInt(), 256);
        QCOMPARE(xs(race, "workItems"), range(0, 256));
        QCOMPARE(xs(race, "workGroups"), range(0, 4));
        QCOMPARE(offsets(race), range(0, 256));
        const QJsonObject uninitialized = racy.at(1).toObject();
        QCOMPARE(text(uninitialized, "kind"), QStringLiteral("uninitialized-read"));
        QCOMPARE(lineOf(uninitialized), 12);
        QCOMPARE(xs(uninitialized, "workItems"), range(0, 256, {63, 127, 191, 255}));
        QCOMPARE(offsets(uninitialized), range(4, 256));
        QVERIFY(findingsOf(run, 1).isEmpty()); // rotate_fixed
        QVERIFY(launches(run).at(1).toObject().value(QStringLiteral("ran")).toBool());

        const Run lines = check(QStringLiteral(":/samples/race.clwb"));
        QCOMPARE(lines.exitCode, 1);
        QVERIFY2(lines.out.contains(QRegularExpression(
                     QStringLiteral(
                         "^race.cl:10:\\d+: error: data race \\(read-write\\) on __local `tile` "
                         "\\(bytes 0..255\\): 256 work-items in 4 groups, with the read at line 12 "
                         "\\[rotate_racy\\]$"),
                     QRegularExpression::MultilineOption)),
                 qPrintable(lines.out));
        QVERIFY2(lines.out.contains(QStringLiteral("check: 2 findings in 1 of 2 launches "
                                                   "(rotate_racy) on Oclgrind Simulator")),
                 qPrintable(lines.out));
    }

    void outOfBoundsSample() {
        const Run run = checkJson(QStringLiteral(":/samples/out_of_bounds.clwb"));
        QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
        const QJsonArray unchecked = findingsOf(run, 0);
        QCOMPARE(unchecked.size(), 1);
        const QJsonObject write = unchecked.at(0).toObject();
        QCOMPARE(text(write, "kind"), QStringLiteral("out-of-bounds-write"));
        QCOMPARE(text(write, "memory"), QStringLiteral("global"));
        QCOMPARE(text(write, "buffer"), QStringLiteral("unchecked"));
        QCOMPARE(write.value(QStringLiteral("argument")).toInt(), 1);
        QCOMPARE(lineOf(write), 8);
        QCOMPARE(xs(write, "workItems"), std::vector<qint64>{255});
        QCOMPARE(xs(write, "workGroups"), std::vector<qint64>{3});
        QCOMPARE(offsets(write), range(1024, 1028));
        QCOMPARE(text(write, "detail"), QStringLiteral("the buffer holds 1024 bytes"));
        QVERIFY(findingsOf(run, 1).isEmpty()); // shift_checked
    }

    void uninitializedSample() {
        const Run run = checkJson(QStringLiteral(":/samples/uninitialized.clwb"));
        QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
        // The sum's reads of tile[lid] and tile[lid + 2], each at its own column: the halo cells
        // tile[0] (bytes 0..3) by each group's first work-item and tile[65] (bytes 260..263) by
        // its last.
        const QJsonArray missing = findingsOf(run, 0);
        QCOMPARE(missing.size(), 2);
        const QJsonObject left = missing.at(0).toObject(), right = missing.at(1).toObject();
        for (const QJsonObject& finding : {left, right}) {
            QCOMPARE(text(finding, "kind"), QStringLiteral("uninitialized-read"));
            QCOMPARE(text(finding, "memory"), QStringLiteral("local"));
            QCOMPARE(text(finding, "variable"), QStringLiteral("tile"));
            QCOMPARE(lineOf(finding), 14);
        }
        QCOMPARE(xs(left, "workItems"), (std::vector<qint64>{0, 64, 128, 192}));
        QCOMPARE(offsets(left), range(0, 4));
        QCOMPARE(xs(right, "workItems"), (std::vector<qint64>{63, 127, 191, 255}));
        QCOMPARE(offsets(right), range(260, 264));
        QVERIFY(findingsOf(run, 1).isEmpty()); // sum3_halo_loaded
    }

    void cleanSessionExitsZero() {
        const Run run = check(QStringLiteral(":/samples/vector_add.clwb"));
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("check: no findings in 1 launch on Oclgrind")),
                 qPrintable(run.out));
    }

    void otherKinds() {
        QTemporaryDir dir;
        const QString source =
            QStringLiteral("__kernel void last_wins(__global int* data) {\n"       // 1
                           "    data[0] = (int)get_global_id(0);\n"                // 2
                           "}\n"                                                   // 3
                           "__kernel void shift_in_place(__global int* data) {\n"  // 4
                           "    const size_t i = get_global_id(0);\n"              // 5
                           "    const int next = i + 1 < 256 ? data[i + 1] : 0;\n" // 6
                           "    data[i] = next;\n"                                 // 7
                           "}\n"                                                   // 8
                           "__kernel void half_barrier(__global int* data) {\n"    // 9
                           "    if (get_local_id(0) < 32)\n"                       // 10
                           "        barrier(CLK_GLOBAL_MEM_FENCE);\n"              // 11
                           "    data[get_global_id(0)] += 1;\n"                    // 12
                           "}\n"                                                   // 13
                           "__kernel void count(__global int* counter) {\n"        // 14
                           "    atomic_inc(counter);\n"                            // 15
                           "}\n");                                                 // 16
        const QString path =
            writeSession(dir, source,
                         {launchOf("last_wins", "data"), launchOf("shift_in_place", "data"),
                          launchOf("half_barrier", "data"), launchOf("count", "counter")});
        const Run run = checkJson(path);
        QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));

        const QJsonArray lastWins = findingsOf(run, 0);
        QCOMPARE(lastWins.size(), 1);
        const QJsonObject writes = lastWins.at(0).toObject();
        QCOMPARE(text(writes, "kind"), QStringLiteral("write-write-race"));
        QCOMPARE(text(writes, "memory"), QStringLiteral("global"));
        QCOMPARE(text(writes, "buffer"), QStringLiteral("data"));
        QCOMPARE(lineOf(writes), 2);
        QCOMPARE(lineOf(writes, "other"), 2);
        QCOMPARE(xs(writes, "workItems"), range(0, 256));
        QCOMPARE(offsets(writes), range(0, 4));

        // Work-item i reads data[i + 1] (line 6), which work-item i + 1 writes (line 7): placed
        // at the write, with every work-item but none left out.
        const QJsonArray shift = findingsOf(run, 1);
        QCOMPARE(shift.size(), 1);
        const QJsonObject readWrite = shift.at(0).toObject();
        QCOMPARE(text(readWrite, "kind"), QStringLiteral("read-write-race"));
        QCOMPARE(text(readWrite, "memory"), QStringLiteral("global"));
        QCOMPARE(lineOf(readWrite), 7);
        QCOMPARE(lineOf(readWrite, "other"), 6);
        QCOMPARE(xs(readWrite, "workItems"), range(0, 256));
        QCOMPARE(offsets(readWrite), range(4, 1024));

        const QJsonArray divergence = findingsOf(run, 2);
        QCOMPARE(divergence.size(), 1);
        const QJsonObject barrier = divergence.at(0).toObject();
        QCOMPARE(text(barrier, "kind"), QStringLiteral("barrier-divergence"));
        QCOMPARE(lineOf(barrier), 11);
        std::vector<qint64> reached;
        for (qint64 group = 0; group < 4; ++group)
            for (qint64 item = 0; item < 32; ++item)
                reached.push_back(group * 64 + item);
        QCOMPARE(xs(barrier, "workItems"), reached);
        QCOMPARE(xs(barrier, "workGroups"), range(0, 4));

        QVERIFY(findingsOf(run, 3).isEmpty()); // atomics do not race
    }

    void launchTheDriverRefusesIsInvalidApiUse() {
        QTemporaryDir dir;
        QJsonObject uneven = launchOf("fill", "data");
        uneven[QStringLiteral("name")] = QStringLiteral("uneven");
        uneven[QStringLiteral("local")] = QJsonArray{100}; // 256 is no multiple of 100
        const QString path =
            writeSession(dir,
                         QStringLiteral("__kernel void fill(__global int* data) {\n"
                                        "    data[get_global_id(0)] = 1;\n}\n"),
                         {launchOf("fill", "data"), uneven});
        const Run run = check(path);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(
            run.out.contains(QRegularExpression(
                QStringLiteral(
                    "^kinds.cl: error: invalid API use: launch 'uneven': .*the global size 256 in "
                    "dimension 0 is not a multiple of the local size 100.* \\[uneven\\]$"),
                QRegularExpression::MultilineOption)),
            qPrintable(describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("check: 1 finding in 1 of 2 launches (uneven)")),
                 qPrintable(run.out));
    }

    void deviceThatIsNotOclgrind() {
        const Run run = check(QStringLiteral(":/samples/race.clwb"),
                              {QStringLiteral("--device"), QStringLiteral("Portable")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("is not an Oclgrind device: checks run on "
                                                 "Oclgrind")),
                 qPrintable(describe(run)));
        const Run none = check(QStringLiteral(":/samples/race.clwb"),
                               {QStringLiteral("--device"), QStringLiteral("no such device")});
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains(QStringLiteral("no device matches 'no such device'")),
                 qPrintable(describe(none)));
    }

    void kernelThatDoesNotBuild() {
        QTemporaryDir dir;
        const QString path = writeSession(
            dir, QStringLiteral("__kernel void broken(__global int* data) {\n    data[0] = ;\n}\n"),
            {launchOf("broken", "data")});
        const Run run = check(path);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("kinds.cl:2:")), qPrintable(describe(run)));
        QVERIFY2(run.err.contains(QStringLiteral("error:")), qPrintable(describe(run)));
        QVERIFY(!run.out.contains(QStringLiteral("check:")));
    }

    void missingPlugin() {
        const Run run = check(QStringLiteral(":/samples/race.clwb"), {},
                              {QStringLiteral("CLW_OCLGRIND_CHECK_PLUGIN=/nonexistent/plugin.so")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("the check plugin (libclw_oclgrind_check.so) is "
                                                 "not installed")),
                 qPrintable(describe(run)));
    }

    // A plugin named by a path relative to the current folder is refused before anything runs,
    // although a file is there: Oclgrind would open it from the device host's current folder.
    void relativePlugin() {
        QTemporaryDir dir;
        const QString plugin = dir.filePath(QStringLiteral("libclw_oclgrind_check.so"));
        QFile file(plugin);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        // This process's current folder is the workbench's too.
        const QString relative = QDir::current().relativeFilePath(plugin);
        QVERIFY2(QDir::isRelativePath(relative) && QFile::exists(relative), qPrintable(relative));
        const Run run = check(QStringLiteral(":/samples/race.clwb"), {},
                              {QStringLiteral("CLW_OCLGRIND_CHECK_PLUGIN=") + relative});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, QStringLiteral("clworkbench check: CLW_OCLGRIND_CHECK_PLUGIN must be an "
                                         "absolute path, not '%1' (a relative one would be looked "
                                         "up from the current folder)\n")
                              .arg(relative));
    }

    void usage() {
        const Run none = runWorkbench({QStringLiteral("check")});
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.contains(QStringLiteral("name a session file")));
        const Run unknown = runWorkbench(
            {QStringLiteral("check"), QStringLiteral("a.clwb"), QStringLiteral("--x")});
        QCOMPARE(unknown.exitCode, 2);
        const Run absent = check(QStringLiteral("/nonexistent/absent.clwb"));
        QCOMPARE(absent.exitCode, 1);
        QVERIFY2(absent.err.contains(QStringLiteral("absent.clwb")), qPrintable(describe(absent)));
    }
};

QTEST_GUILESS_MAIN(TestCliCheck)
#include "tst_clicheck.moc"
