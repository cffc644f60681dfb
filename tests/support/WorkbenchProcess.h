#pragma once
// Runs the built clworkbench as a separate process with no display at all, so that a verb that
// needed one would fail. The test target defines CLW_WORKBENCH_PATH.
#include <QProcess>
#include <QString>
#include <QStringList>

namespace clw::test {

struct WorkbenchRun {
    int exitCode = -1;
    QString out;
    QString err;
};

// `settings`: variables to set for this run, as "NAME=value" (a fake OpenCL driver, its fault).
inline WorkbenchRun runWorkbench(const QStringList& arguments, const QStringList& settings = {}) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString& setting : settings)
        environment.insert(setting.section(QLatin1Char('='), 0, 0),
                           setting.section(QLatin1Char('='), 1));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(CLW_WORKBENCH_PATH), arguments);
    WorkbenchRun run;
    if (!process.waitForFinished(120000)) {
        run.err = QStringLiteral("clworkbench did not finish: ") + process.errorString();
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

// Exit code, stdout and stderr, for a failing check's message.
inline QString describe(const WorkbenchRun& run) {
    return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3")
        .arg(run.exitCode)
        .arg(run.out, run.err);
}

} // namespace clw::test
