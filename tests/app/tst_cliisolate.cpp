// `clworkbench run --isolate`: the session runs in a device host and the command line prints what
// a run in its own process prints (the same lines, the same .npy files with --out), then what each
// launch printed with printf, each line after the work-item that printed it ("[16,0,0] ..."); the
// session's watchdog limit ends a kernel that never does, with the workbench's words and exit
// status 1, within seconds.
#include "clw/engine/session/NpyFile.h"

#include "TestDevice.h"
#include "WorkbenchProcess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

QString samplePath(const QString& name) {
    return QDir(QStringLiteral(CLW_SAMPLES_DIR)).filePath(name);
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The output with what differs from one run to the next put aside: the build's and the launches'
// times, whether the cache answered, and the --out folder.
QString comparable(QString out, const QString& outDir) {
    if (!outDir.isEmpty())
        out.replace(QDir::toNativeSeparators(outDir), QStringLiteral("OUT"));
    static const QRegularExpression build(
        QStringLiteral("^build: [0-9.]+ ms( \\(from the cache\\))?$"),
        QRegularExpression::MultilineOption);
    out.replace(build, QStringLiteral("build: N ms"));
    static const QRegularExpression times(
        QStringLiteral("min [0-9.]+ µs, median [0-9.]+ µs, max [0-9.]+ µs"));
    out.replace(times, QStringLiteral("min N µs, median N µs, max N µs"));
    return out;
}

// An endless kernel (the buffer stays zero) whose session gives launches 1 s.
const char* kSpinSession = R"({ "format": "clworkbench-session", "version": 1, "title": "spin",
  "sources": { "files": [ { "name": "spin.cl", "text":
    "__kernel void spin(__global int* f) { while (*(volatile __global int*)f == 0) {} }" } ] },
  "devices": ["Portable Computing Language"],
  "watchdog": { "launchSeconds": 1 },
  "buffers": [ { "name": "f", "type": "int", "shape": [1] } ],
  "launches": [ { "kernel": "spin", "arguments": [ { "buffer": "f" } ], "global": [1] } ] }
)";

} // namespace

class TestCliIsolate : public QObject {
    Q_OBJECT

    QTemporaryDir m_cache;

private Q_SLOTS:
    void initTestCase() { qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8()); }

    // Each sample but the one that prints (printfOutputFollowsItsLaunch): the same lines and,
    // with --out, the same files byte for byte (but the racy kernel's, which no two runs agree
    // on).
    void sameLinesAndFilesAsInProcess_data() {
        QTest::addColumn<QString>("sample");
        for (const char* name : {"vector_add.clwb", "matmul_local.clwb", "image_blur.clwb",
                                 "reduction.clwb", "race.clwb"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void sameLinesAndFilesAsInProcess() {
        QFETCH(QString, sample);
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device);
        QTemporaryDir inProcessOut, isolatedOut;
        const QStringList run = {QStringLiteral("run"), samplePath(sample),
                                 QStringLiteral("--out")};
        const Run inProcess = runWorkbench(run + QStringList{inProcessOut.path()});
        QVERIFY2(inProcess.exitCode == 0, qPrintable(describe(inProcess)));
        const Run isolated =
            runWorkbench(run + QStringList{isolatedOut.path(), QStringLiteral("--isolate")});
        QVERIFY2(isolated.exitCode == 0, qPrintable(describe(isolated)));
        QCOMPARE(comparable(isolated.out, isolatedOut.path()),
                 comparable(inProcess.out, inProcessOut.path()));
        QCOMPARE(isolated.err, inProcess.err);

        const QStringList files = QDir(inProcessOut.path()).entryList(QDir::Files);
        QVERIFY(!files.isEmpty());
        QCOMPARE(QDir(isolatedOut.path()).entryList(QDir::Files), files);
        for (const QString& file : files) {
            const QByteArray isolatedBytes = readAll(isolatedOut.filePath(file));
            QVERIFY2(!isolatedBytes.isEmpty(), qPrintable(file));
            if (file == QLatin1String("racy.npy")) // only its header is the same
                QCOMPARE(isolatedBytes.size(), readAll(inProcessOut.filePath(file)).size());
            else
                QVERIFY2(isolatedBytes == readAll(inProcessOut.filePath(file)), qPrintable(file));
        }
    }

    void builtInSampleWithoutOut() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device);
        const QStringList run = {QStringLiteral("run"),
                                 QStringLiteral(":/samples/vector_add.clwb")};
        const Run inProcess = runWorkbench(run);
        QVERIFY2(inProcess.exitCode == 0, qPrintable(describe(inProcess)));
        const Run isolated = runWorkbench(run + QStringList{QStringLiteral("--isolate")});
        QVERIFY2(isolated.exitCode == 0, qPrintable(describe(isolated)));
        QCOMPARE(comparable(isolated.out, {}), comparable(inProcess.out, {}));
        QVERIFY2(isolated.out.contains(QStringLiteral("output c: float32 (1024)\n(--out DIR")),
                 qPrintable(isolated.out));
    }

    void printfOutputFollowsItsLaunch() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device);
        QTemporaryDir out;
        const Run run =
            runWorkbench({QStringLiteral("run"), samplePath(QStringLiteral("printf_groups.clwb")),
                          QStringLiteral("--out"), out.path(), QStringLiteral("--isolate")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QStringList lines = run.out.split(QLatin1Char('\n'));
        const qsizetype launch =
            lines.indexOf(QRegularExpression(QStringLiteral("^launch say_groups: 1 run, min .*")));
        QVERIFY2(launch > 0, qPrintable(run.out));
        // The work-groups print in the order they ran: any order. Each line follows the global id
        // of the work-item that printed it, the one the line names as its group's first.
        QStringList printed = lines.mid(launch + 1, 4);
        static const QRegularExpression tagged(
            QStringLiteral("^\\[(\\d+),0,0\\] work-group \\d of 4: work-items (\\d+) to \\d+$"));
        for (const QString& line : printed) {
            const QRegularExpressionMatch match = tagged.match(line);
            QVERIFY2(match.hasMatch(), qPrintable(run.out));
            QCOMPARE(match.captured(1), match.captured(2));
        }
        printed.sort();
        QCOMPARE(printed,
                 (QStringList{QStringLiteral("[0,0,0] work-group 0 of 4: work-items 0 to 15"),
                              QStringLiteral("[16,0,0] work-group 1 of 4: work-items 16 to 31"),
                              QStringLiteral("[32,0,0] work-group 2 of 4: work-items 32 to 47"),
                              QStringLiteral("[48,0,0] work-group 3 of 4: work-items 48 to 63")}));
        QVERIFY2(lines.value(launch + 5).startsWith(QStringLiteral("output group_of: int32 (64)")),
                 qPrintable(run.out));
        const std::vector<std::int32_t> groups =
            clw::engine::NpyFile::read(out.filePath(QStringLiteral("group_of.npy")).toStdString())
                .values<std::int32_t>();
        QCOMPARE(groups[17], 1);
    }

    void theSessionsLimitEndsAnEndlessKernel() {
        CLW_REQUIRE_POCL(pocl);
        Q_UNUSED(pocl);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("spin.clwb"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kSpinSession);
        file.close();
        QElapsedTimer clock;
        clock.start();
        const Run run = runWorkbench({QStringLiteral("run"), path, QStringLiteral("--isolate")});
        const qint64 elapsed = clock.elapsed();
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith(QStringLiteral(
                     "clworkbench run: The device host for `Portable Computing Language` was "
                     "stopped while running `spin`: it ran past its limit of 1 s (the watchdog "
                     "ended it).")),
                 qPrintable(describe(run)));
        QVERIFY2(run.out.startsWith(QStringLiteral("session: spin\ndevice: ")),
                 qPrintable(describe(run)));
        QVERIFY2(!run.out.contains(QStringLiteral("launch spin")), qPrintable(describe(run)));
        // Two hosts start and PoCL builds the kernel; then one second of the kernel.
        QVERIFY2(elapsed < 20000, qPrintable(QString::number(elapsed)));
        qInfo("the run ended after %lld ms", elapsed);
    }

    void usage() {
        const Run help = runWorkbench({QStringLiteral("--help")});
        QVERIFY2(help.out.contains(QStringLiteral("run SESSION.clwb [--device NAME] [--out DIR] "
                                                  "[--isolate]")),
                 qPrintable(help.out));
        const Run bogus =
            runWorkbench({QStringLiteral("run"), samplePath(QStringLiteral("race.clwb")),
                          QStringLiteral("--isolate"), QStringLiteral("--bogus")});
        QCOMPARE(bogus.exitCode, 2);
        const Run unknown =
            runWorkbench({QStringLiteral("run"), samplePath(QStringLiteral("vector_add.clwb")),
                          QStringLiteral("--isolate"), QStringLiteral("--device"),
                          QStringLiteral("no-such-device-xyz")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains(QStringLiteral("no OpenCL device matching "
                                                     "'no-such-device-xyz'")),
                 qPrintable(describe(unknown)));
    }
};

QTEST_GUILESS_MAIN(TestCliIsolate)
#include "tst_cliisolate.moc"
