// `clworkbench run` on a driver that crashes (the fake OpenCL driver of tests/fakecl, failing in
// the call CLW_FAKE_CL_FAULT names): with --isolate the device host goes down and the command
// line says so in the workbench's words (the platform, what was running, the signal, the driver's
// last words) with exit status 1; in its own process it prints what was running and the signal
// and exits with status 1 instead of dying of it.
#include "WorkbenchProcess.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

const char* kSession = R"({ "format": "clworkbench-session", "version": 1, "title": "touch",
  "sources": { "files": [ { "name": "k.cl",
                            "text": "__kernel void touch(__global int* x) { x[0] = 1; }" } ] },
  "buffers": [ { "name": "x", "type": "int", "shape": [16],
                 "init": { "fill": "ramp", "start": 0, "step": 1 } } ],
  "launches": [ { "kernel": "touch", "arguments": [ { "buffer": "x" } ], "global": [16] } ] }
)";

// Runs the session on the fake driver alone, failing as `fault` says ("" for not at all).
Run runOnFakeDriver(const QTemporaryDir& dir, const QString& fault, bool isolate) {
    const QString path = dir.filePath(QStringLiteral("touch.clwb"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(kSession);
    file.close();
    QStringList arguments = {QStringLiteral("run"), path};
    if (isolate)
        arguments << QStringLiteral("--isolate");
    return runWorkbench(arguments, {QStringLiteral("OCL_ICD_VENDORS=" CLW_FAKE_ICD_VENDORS),
                                    QStringLiteral("CLW_FAKE_CL_FAULT=") + fault});
}

QString lastWords(const QString& fault) {
    return QStringLiteral(" Its last words:\nfake OpenCL driver: %1: %2 as CLW_FAKE_CL_FAULT asks")
        .arg(fault.section(QLatin1Char(':'), 0, 0), fault.section(QLatin1Char(':'), 1));
}

} // namespace

class TestCliCrashes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theFakeDriverRunsTheSession() {
        QTemporaryDir dir;
        for (bool isolate : {false, true}) {
            const Run run = runOnFakeDriver(dir, {}, isolate);
            QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
            QVERIFY2(run.out.contains(
                         QStringLiteral("device: Fake Device (CL Workbench Fake Platform)\n")),
                     qPrintable(describe(run)));
            QVERIFY2(run.out.contains(QStringLiteral("launch touch: 1 run")),
                     qPrintable(describe(run)));
        }
    }

    void anIsolatedHostThatCrashes_data() {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("how");
        QTest::newRow("launch abort")
            << QStringLiteral("clEnqueueNDRangeKernel:abort") << QStringLiteral("SIGABRT");
        QTest::newRow("build segv")
            << QStringLiteral("clBuildProgram:segv") << QStringLiteral("SIGSEGV");
        QTest::newRow("upload exit")
            << QStringLiteral("clEnqueueWriteBuffer:exit") << QStringLiteral("exit status 3");
    }

    void anIsolatedHostThatCrashes() {
        QFETCH(QString, fault);
        QFETCH(QString, how);
        QTemporaryDir dir;
        const Run run = runOnFakeDriver(dir, fault, true);
        QCOMPARE(run.exitCode, 1);
        const QString words = QStringLiteral("clworkbench run: The device host for `CL Workbench "
                                             "Fake Platform` stopped while running `touch` (%1).")
                                  .arg(how) +
                              lastWords(fault);
        QVERIFY2(run.err.startsWith(words), qPrintable(describe(run)));
        QVERIFY2(!run.out.contains(QStringLiteral("launch touch")), qPrintable(describe(run)));
    }

    void aCrashInThisProcess_data() {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("line");
        QTest::newRow("launch abort")
            << QStringLiteral("clEnqueueNDRangeKernel:abort")
            << QStringLiteral("clworkbench run: the run stopped while running `touch` (SIGABRT)");
        QTest::newRow("build segv")
            << QStringLiteral("clBuildProgram:segv")
            << QStringLiteral("clworkbench run: the run stopped while building `k.cl` (SIGSEGV)");
    }

    void aCrashInThisProcess() {
        QFETCH(QString, fault);
        QFETCH(QString, line);
        QTemporaryDir dir;
        const Run run = runOnFakeDriver(dir, fault, false);
        QCOMPARE(run.exitCode, 1); // not a death by the signal (-1 here)
        // The driver's own words, then the line, then the stack.
        const QString driver = lastWords(fault).section(QLatin1Char('\n'), 1);
        QVERIFY2(run.err.contains(driver + QLatin1Char('\n') + line), qPrintable(describe(run)));
        QVERIFY2(run.err.contains(QStringLiteral("; the stack of the thread it hit:\n")),
                 qPrintable(describe(run)));
    }
};

QTEST_GUILESS_MAIN(TestCliCrashes)
#include "tst_clicrashes.moc"
