// `clworkbench capture` (issue 62): the C, C++ and Python programs of tests/data/capture run
// under the capture layer; every session it writes runs equal to the program's own results bit
// for bit (the sessions' expected results and the program's output files), the trace's launches
// are the program's in count, names and order, --launch N and FROM..TO pick, and bad input
// (a program not found, one that fails or crashes, a kernel never launched, a folder that cannot
// be written, a launch over --max-bytes) gets its message with what was captured kept.
#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionFile.h"

#include "TestDevice.h"
#include "TestPython.h"
#include "WorkbenchProcess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace engine = clw::engine;
using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

namespace {

QString capturePython() {
    return QStringLiteral(CLW_CAPTURE_DATA "/capture_py.py");
}

// The sessions capture wrote into `out`, by folder name.
QStringList sessionsIn(const QString& out) {
    QStringList sessions;
    for (const QString& folder : QDir(out).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        sessions << QDir(out).filePath(folder + QLatin1Char('/') + folder +
                                       QStringLiteral(".clwb"));
    return sessions;
}

QByteArray fileBytes(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// The data of a .npy file written by `run --out`.
QByteArray npyData(const QString& path) {
    const engine::NpyArray array = engine::NpyFile::read(path.toStdString());
    return QByteArray(reinterpret_cast<const char*>(array.data.data()),
                      qsizetype(array.data.size()));
}

// The kernels of the trace's launches, in the order they were called.
QStringList tracedLaunches(const QString& out) {
    const QJsonArray events =
        QJsonDocument::fromJson(fileBytes(QDir(out).filePath(QStringLiteral("trace.json"))))
            .object()
            .value(QStringLiteral("traceEvents"))
            .toArray();
    QList<QPair<double, QString>> launches;
    for (const QJsonValue& value : events) {
        const QJsonObject event = value.toObject();
        if (event.value(QStringLiteral("cat")).toString() == QLatin1String("api") &&
            event.value(QStringLiteral("name")).toString() ==
                QLatin1String("clEnqueueNDRangeKernel"))
            launches.append(
                {event.value(QStringLiteral("ts")).toDouble(), event.value(QStringLiteral("args"))
                                                                   .toObject()
                                                                   .value(QStringLiteral("kernel"))
                                                                   .toString()});
    }
    std::stable_sort(launches.begin(), launches.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    QStringList names;
    for (const auto& launch : launches)
        names << launch.second;
    return names;
}

// Runs a captured session with --out; the test fails unless it succeeds and every expected result
// is equal.
#define CLW_RUN_CAPTURED(session, outDir)                                                          \
    do {                                                                                           \
        const Run run =                                                                            \
            runWorkbench({QStringLiteral("run"), session, QStringLiteral("--out"), outDir});       \
        QVERIFY2(run.exitCode == 0, qPrintable(session + QLatin1Char('\n') + describe(run)));      \
        QVERIFY2(run.out.contains(QStringLiteral("equals the captured result")),                   \
                 qPrintable(describe(run)));                                                       \
        QVERIFY2(!run.out.contains(QStringLiteral("DIFFERS")), qPrintable(describe(run)));         \
    } while (false)

} // namespace

class CliCaptureTest : public QObject {
    Q_OBJECT

private slots:
    void cProgramRunsEqual() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sessions"));
        const QString own = dir.filePath(QStringLiteral("own"));
        const Run capture =
            runWorkbench({QStringLiteral("capture"), QStringLiteral("--launch"),
                          QStringLiteral("all"), QStringLiteral("--out"), out, QStringLiteral("--"),
                          QStringLiteral(CLW_CAPTURE_C), own});
        QVERIFY2(capture.exitCode == 0, qPrintable(describe(capture)));
        // The program's own output passes through.
        QVERIFY2(capture.out.contains(QStringLiteral("y.bin: 1000 floats")),
                 qPrintable(describe(capture)));
        const bool images = !capture.out.contains(QStringLiteral("no image support"));
        QStringList expected = {QStringLiteral("saxpy"), QStringLiteral("apply")};
        for (int i = 0; i < 5; ++i)
            expected << QStringLiteral("saxpy");
        if (images)
            expected << QStringLiteral("brighten");
        QCOMPARE(tracedLaunches(out), expected);
        const QStringList sessions = sessionsIn(out);
        QCOMPARE(sessions.size(), expected.size());
        // Every launch runs again with the results it had in the program.
        for (const QString& session : sessions)
            CLW_RUN_CAPTURED(session,
                             dir.filePath(QStringLiteral("run-") + QFileInfo(session).baseName()));
        // The last saxpy's y, apply's struct-by-value result and the image equal the program's
        // own files.
        QCOMPARE(npyData(dir.filePath(QStringLiteral("run-saxpy-7/y.npy"))),
                 fileBytes(own + QStringLiteral("/y.bin")));
        QCOMPARE(npyData(dir.filePath(QStringLiteral("run-apply-2/out.npy"))),
                 fileBytes(own + QStringLiteral("/out.bin")));
        if (images)
            QCOMPARE(npyData(dir.filePath(QStringLiteral("run-brighten-8/dst.npy"))),
                     fileBytes(own + QStringLiteral("/dst.bin")));
        // The header from the -I folder travels in the session, and the options lose the -I.
        const engine::Session saxpy =
            engine::SessionFile::read(
                sessions.filter(QStringLiteral("saxpy-1")).first().toStdString())
                .session;
        QVERIFY(saxpy.sources.find("scale.h") != nullptr);
        QCOMPARE(QString::fromStdString(saxpy.options), QStringLiteral("-DWIDTH=16"));
        QCOMPARE(QString::fromStdString(saxpy.devices.at(0)),
                 QString::fromStdString(device.name()));
    }

    void launchNumberPicks() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sessions"));
        const Run capture =
            runWorkbench({QStringLiteral("capture"), QStringLiteral("--kernel"),
                          QStringLiteral("saxpy"), QStringLiteral("--launch"), QStringLiteral("4"),
                          QStringLiteral("--out"), out, QStringLiteral("--"),
                          QStringLiteral(CLW_CAPTURE_C), dir.filePath(QStringLiteral("own"))});
        QVERIFY2(capture.exitCode == 0, qPrintable(describe(capture)));
        const QStringList sessions = sessionsIn(out);
        QCOMPARE(sessions.size(), 1);
        QVERIFY(sessions.first().endsWith(QStringLiteral("saxpy-4.clwb")));
        // saxpy's 4th launch is the loop's third: alpha 3.
        const engine::Session session =
            engine::SessionFile::read(sessions.first().toStdString()).session;
        QCOMPARE(QString::fromStdString(session.launches.at(0).arguments.at(2).value),
                 QStringLiteral("3"));
        CLW_RUN_CAPTURED(sessions.first(), dir.filePath(QStringLiteral("run")));
    }

    void pythonPipelineIsOneSession() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sessions"));
        const QString own = dir.filePath(QStringLiteral("own"));
        const Run capture =
            runWorkbench({QStringLiteral("capture"), QStringLiteral("--launch"),
                          QStringLiteral("1..2"), QStringLiteral("--out"), out,
                          QStringLiteral("--"), clw::test::testPython(), capturePython(), own});
        QVERIFY2(capture.exitCode == 0, qPrintable(describe(capture)));
        const QStringList sessions = sessionsIn(out);
        QCOMPARE(sessions.size(), 1);
        const engine::Session session =
            engine::SessionFile::read(sessions.first().toStdString()).session;
        QCOMPARE(session.launches.size(), size_t(2));
        QCOMPARE(QString::fromStdString(session.launches[0].kernel), QStringLiteral("add"));
        QCOMPARE(QString::fromStdString(session.launches[1].kernel), QStringLiteral("square"));
        CLW_RUN_CAPTURED(sessions.first(), dir.filePath(QStringLiteral("run")));
        QCOMPARE(npyData(dir.filePath(QStringLiteral("run/c.npy"))),
                 fileBytes(own + QStringLiteral("/c.bin")));
        QCOMPARE(tracedLaunches(out),
                 QStringList({QStringLiteral("add"), QStringLiteral("square")}));
        // Check on Oclgrind takes the captured session as any other: both launches, no finding.
        const Run check = runWorkbench({QStringLiteral("check"), sessions.first()});
        QVERIFY2(check.exitCode == 0, qPrintable(describe(check)));
        QVERIFY2(check.out.contains(QStringLiteral("check: no findings in 2 launches on ")),
                 qPrintable(describe(check)));
    }

    void cppProgramRunsEqual() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sessions"));
        const QString own = dir.filePath(QStringLiteral("own"));
        const Run capture =
            runWorkbench({QStringLiteral("capture"), QStringLiteral("--launch"),
                          QStringLiteral("all"), QStringLiteral("--out"), out, QStringLiteral("--"),
                          QStringLiteral(CLW_CAPTURE_CPP), own});
        QVERIFY2(capture.exitCode == 0, qPrintable(describe(capture)));
        const QStringList sessions = sessionsIn(out);
        QCOMPARE(sessions.size(), 2);
        for (const QString& session : sessions)
            CLW_RUN_CAPTURED(session,
                             dir.filePath(QStringLiteral("run-") + QFileInfo(session).baseName()));
        QCOMPARE(npyData(dir.filePath(QStringLiteral("run-square-2/c.npy"))),
                 fileBytes(own + QStringLiteral("/c.bin")));
        // captures.json lists them: kernel, launches, sizes, device, time on the device.
        const QJsonObject index =
            QJsonDocument::fromJson(fileBytes(QDir(out).filePath(QStringLiteral("captures.json"))))
                .object();
        QCOMPARE(index.value(QStringLiteral("exitStatus")).toInt(-1), 0);
        QCOMPARE(index.value(QStringLiteral("stopped")).toBool(true), false);
        const QJsonArray listed = index.value(QStringLiteral("sessions")).toArray();
        QCOMPARE(listed.size(), 2);
        QStringList kernels;
        for (const QJsonValue& value : listed) {
            const QJsonObject entry = value.toObject();
            kernels << entry.value(QStringLiteral("kernel")).toString();
            QVERIFY(QFileInfo::exists(
                QDir(out).filePath(entry.value(QStringLiteral("session")).toString())));
            QCOMPARE(entry.value(QStringLiteral("global")).toArray(), QJsonArray{4096});
            QVERIFY(!entry.value(QStringLiteral("device")).toString().isEmpty());
            QVERIFY(entry.value(QStringLiteral("deviceNs")).toInteger() > 0);
        }
        QCOMPARE(kernels, (QStringList{QStringLiteral("add"), QStringLiteral("square")}));
    }

    // SIGTERM to the command ends the program and keeps what it captured before.
    void stopKeepsWhatWasCaptured() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sessions"));
        QProcess capture;
        capture.start(QStringLiteral(CLW_WORKBENCH_PATH),
                      {QStringLiteral("capture"), QStringLiteral("--launch"), QStringLiteral("all"),
                       QStringLiteral("--out"), out, QStringLiteral("--"), clw::test::testPython(),
                       QStringLiteral("-c"),
                       QStringLiteral("import subprocess, sys, time\n"
                                      "subprocess.run([sys.argv[1], sys.argv[2]], check=True)\n"
                                      "time.sleep(120)\n"),
                       QStringLiteral(CLW_CAPTURE_CPP), dir.filePath(QStringLiteral("own"))});
        QVERIFY(capture.waitForStarted());
        // The layer's progress says when both launches are captured.
        const QString progress = QDir(out).filePath(
            QStringLiteral(".journal-%1/progress.json").arg(capture.processId()));
        QTRY_VERIFY_WITH_TIMEOUT(QJsonDocument::fromJson(fileBytes(progress))
                                         .object()
                                         .value(QStringLiteral("captured"))
                                         .toInt() == 2,
                                 120000);
        QElapsedTimer stopping;
        stopping.start();
        capture.terminate();
        QVERIFY(capture.waitForFinished(30000));
        QVERIFY2(stopping.elapsed() < 20000, "the program was not stopped");
        QCOMPARE(capture.exitCode(), 1);
        const QString err = QString::fromLocal8Bit(capture.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("the program was stopped; what was captured before is "
                                             "kept")),
                 qPrintable(err));
        QCOMPARE(sessionsIn(out).size(), 2);
        const QJsonObject index =
            QJsonDocument::fromJson(fileBytes(QDir(out).filePath(QStringLiteral("captures.json"))))
                .object();
        QCOMPARE(index.value(QStringLiteral("stopped")).toBool(), true);
        QVERIFY(index.value(QStringLiteral("exitStatus")).isNull());
        QCOMPARE(index.value(QStringLiteral("sessions")).toArray().size(), 2);
    }

    void badInputIsSaid() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sessions"));
        // A program that is not there.
        Run run =
            runWorkbench({QStringLiteral("capture"), QStringLiteral("--out"), out,
                          QStringLiteral("--"), dir.filePath(QStringLiteral("no-such-program"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("cannot start")), qPrintable(describe(run)));
        // A bad --launch, and no program.
        run = runWorkbench({QStringLiteral("capture"), QStringLiteral("--launch"),
                            QStringLiteral("5..2"), QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QStringLiteral("--launch takes")), qPrintable(describe(run)));
        run = runWorkbench({QStringLiteral("capture"), QStringLiteral("--out"), out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QStringLiteral("no program to run")), qPrintable(describe(run)));
        // A folder that cannot be written.
        QFile blocker(dir.filePath(QStringLiteral("file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        run = runWorkbench({QStringLiteral("capture"), QStringLiteral("--out"),
                            dir.filePath(QStringLiteral("file/sub")), QStringLiteral("--"),
                            QStringLiteral("true")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("cannot write in")), qPrintable(describe(run)));
        // A program that makes no OpenCL call (or loads a loader that reads no layers).
        run = runWorkbench({QStringLiteral("capture"), QStringLiteral("--out"), out,
                            QStringLiteral("--"), clw::test::testPython(), QStringLiteral("-c"),
                            QStringLiteral("print('no OpenCL here')")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("the program made no OpenCL call through the "
                                                 "capture layer: either it calls no OpenCL, or")),
                 qPrintable(describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("no OpenCL here")), qPrintable(describe(run)));
    }

    void programFaultsKeepWhatWasCaptured() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        QTemporaryDir dir;
        // The script's launches, then a crash of its own: the sessions are written, the crash said.
        const QString crash =
            QStringLiteral(
                "import os, runpy, sys\nsys.argv = ['capture_py.py', sys.argv[1]]\n"
                "try:\n    runpy.run_path(%1, run_name='__main__')\nexcept SystemExit:\n    pass\n"
                "os.abort()\n")
                .arg(QStringLiteral("'") + capturePython() + QStringLiteral("'"));
        QFile script(dir.filePath(QStringLiteral("crash.py")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(crash.toUtf8());
        script.close();
        const QString out = dir.filePath(QStringLiteral("crashed"));
        Run run = runWorkbench({QStringLiteral("capture"), QStringLiteral("--launch"),
                                QStringLiteral("all"), QStringLiteral("--out"), out,
                                QStringLiteral("--"), clw::test::testPython(), script.fileName(),
                                dir.filePath(QStringLiteral("own"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("the program crashed")),
                 qPrintable(describe(run)));
        QCOMPARE(sessionsIn(out).size(), 2);
        // A program that fails: its status is the capture's.
        run = runWorkbench({QStringLiteral("capture"), QStringLiteral("--out"),
                            dir.filePath(QStringLiteral("failed")), QStringLiteral("--"),
                            clw::test::testPython(), QStringLiteral("-c"),
                            QStringLiteral("import sys; sys.exit(3)")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QStringLiteral("exited with status 3")),
                 qPrintable(describe(run)));
        // A kernel never launched names those there are.
        run = runWorkbench({QStringLiteral("capture"), QStringLiteral("--kernel"),
                            QStringLiteral("nosuch"), QStringLiteral("--out"),
                            dir.filePath(QStringLiteral("never")), QStringLiteral("--"),
                            QStringLiteral(CLW_CAPTURE_CPP), dir.filePath(QStringLiteral("own2"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral(
                     "kernel 'nosuch' was never launched (the program made: add, square)")),
                 qPrintable(describe(run)));
        // A launch over --max-bytes is named and skipped.
        run = runWorkbench({QStringLiteral("capture"), QStringLiteral("--max-bytes"),
                            QStringLiteral("1K"), QStringLiteral("--out"),
                            dir.filePath(QStringLiteral("limited")), QStringLiteral("--"),
                            QStringLiteral(CLW_CAPTURE_CPP), dir.filePath(QStringLiteral("own3"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(
                     QStringLiteral("launch 1 of 'add' skipped: its memory takes 98304 bytes")),
                 qPrintable(describe(run)));
        QCOMPARE(sessionsIn(dir.filePath(QStringLiteral("limited"))).size(), 0);
    }
};

QTEST_GUILESS_MAIN(CliCaptureTest)
#include "tst_clicapture.moc"
