#pragma once
// Runs an external tool (cmake, cpack, dpkg-deb, a validator, an installed clworkbench) for the
// installer tests and keeps what it said, so that a failing check can show it.
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace clw::test {

struct ToolRun {
    int exitCode = -1; // -1: did not start, crashed or timed out
    QString out;
    QString err;

    bool ok() const { return exitCode == 0; }
    // For QVERIFY2: the command, its exit status and everything it printed.
    QString describe(const QString& what) const {
        return QStringLiteral("%1: exit %2\nstdout:\n%3\nstderr:\n%4")
            .arg(what)
            .arg(exitCode)
            .arg(out, err);
    }
};

// A tool the test needs; empty when it is not installed (the caller fails, naming the package).
inline QString findTool(const QString& name) {
    return QStandardPaths::findExecutable(name);
}

inline ToolRun
runTool(const QString& program, const QStringList& arguments, const QString& workingDirectory = {},
        const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
        int timeoutMs = 300000) {
    QProcess process;
    process.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(program, arguments);
    ToolRun run;
    if (!process.waitForStarted()) {
        run.err = QStringLiteral("%1 did not start: %2").arg(program, process.errorString());
        return run;
    }
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = QStringLiteral("%1 did not finish in %2 s").arg(program).arg(timeoutMs / 1000);
    } else if (process.exitStatus() == QProcess::NormalExit) {
        run.exitCode = process.exitCode();
    }
    run.out += QString::fromUtf8(process.readAllStandardOutput());
    run.err += QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace clw::test
