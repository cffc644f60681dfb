// clworkbench: the command-line verbs (no display needed) and, without a verb, the GUI.
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "cli/BenchCommand.h"
#include "cli/BuildCommand.h"
#include "cli/CacheCommand.h"
#include "cli/CaptureCommand.h"
#include "cli/CheckCommand.h"
#include "cli/DevicesCommand.h"
#include "cli/DiffCommand.h"
#include "cli/RunCommand.h"
#include "cli/SampleCommand.h"
#include "cli/Usage.h"
#include "cli/WatchCommand.h"
#include "host/LibrarySearch.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/debug/OclgrindRegistration.h"

#include <QApplication>
#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include <cstdio>

namespace {

void describeApplication() {
    QCoreApplication::setOrganizationName(QStringLiteral("clworkbench"));
    QCoreApplication::setApplicationName(QStringLiteral("clworkbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CLW_VERSION_STRING));
}

bool isCommandLine(const QString& first) {
    static const QStringList verbs = {
        QStringLiteral("devices"),   QStringLiteral("bench"),  QStringLiteral("sample"),
        QStringLiteral("build"),     QStringLiteral("run"),    QStringLiteral("cache"),
        QStringLiteral("check"),     QStringLiteral("diff"),   QStringLiteral("watch"),
        QStringLiteral("capture"),   QStringLiteral("--help"), QStringLiteral("-h"),
        QStringLiteral("--version"), QStringLiteral("-v")};
    // A session file opens in the GUI (`clworkbench vector_add.clwb`, the desktop's "Open with").
    if (first.endsWith(QLatin1String(".clwb"), Qt::CaseInsensitive))
        return false;
    // A first argument not starting with '-' is a verb, known or not; other options go to the
    // GUI (Qt's own, such as -platform).
    return verbs.contains(first) || !first.startsWith(QLatin1Char('-'));
}

int runCommandLine(const QStringList& arguments) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString verb = arguments.first();
    const QStringList options = arguments.mid(1);
    if (verb == QLatin1String("--version") || verb == QLatin1String("-v")) {
        out << clw::app::versionText() << '\n';
        return clw::app::kExitOk;
    }
    if (verb == QLatin1String("--help") || verb == QLatin1String("-h")) {
        out << clw::app::usageText();
        return clw::app::kExitOk;
    }
    // Capture makes no OpenCL call of its own, and the program it runs gets the environment as it
    // was (no Oclgrind added to its platforms).
    if (verb == QLatin1String("capture"))
        return clw::app::runCaptureCommand(options, out, err);
    // The verbs make their OpenCL calls in this process: Oclgrind joins the system's drivers
    // here, before the first call (and before any thread), as the GUI's hosts get it.
    if (const auto oclgrind = clw::engine::OclgrindRegistration::applyToThisProcess();
        !oclgrind.problem.empty())
        err << "clworkbench: " << QString::fromStdString(oclgrind.problem) << '\n';
    if (verb == QLatin1String("devices"))
        return clw::app::runDevicesCommand(options, out, err);
    if (verb == QLatin1String("bench"))
        return clw::app::runBenchCommand(options, out, err);
    if (verb == QLatin1String("sample"))
        return clw::app::runSampleCommand(options, out, err);
    if (verb == QLatin1String("build"))
        return clw::app::runBuildCommand(options, out, err);
    if (verb == QLatin1String("run"))
        return clw::app::runRunCommand(options, out, err);
    if (verb == QLatin1String("cache"))
        return clw::app::runCacheCommand(options, out, err);
    if (verb == QLatin1String("check"))
        return clw::app::runCheckCommand(options, out, err);
    if (verb == QLatin1String("diff"))
        return clw::app::runDiffCommand(options, out, err);
    if (verb == QLatin1String("watch"))
        return clw::app::runWatchCommand(options, out, err);
    err << "clworkbench: unknown verb '" << verb
        << "'. Verbs: devices, bench, sample, build, run, check, diff, watch, capture, cache; see "
        << "clworkbench "
        << "--help.\n";
    return clw::app::kExitUsage;
}

int runGui(int argc, char** argv) {
    QApplication app(argc, argv);
    describeApplication();
    QStringList rest = QApplication::arguments().mid(1);
    QString sessionFile;
    if (!rest.isEmpty() && rest.first().endsWith(QLatin1String(".clwb"), Qt::CaseInsensitive))
        sessionFile = rest.takeFirst();
    if (!rest.isEmpty()) {
        QTextStream(stderr) << "clworkbench: unknown option '" << rest.first()
                            << "'; see clworkbench --help.\n";
        return clw::app::kExitUsage;
    }
    clw::app::WorkbenchContext context;
    clw::app::MainWindow window(context);
    window.show();
    // A session that does not open leaves the sample open and says why (a message box). Without
    // one, an unsaved session that a crash left behind is offered back.
    if (!sessionFile.isEmpty())
        window.sessions()->open(sessionFile);
    else
        window.sessions()->recoverUntitled();
    return QApplication::exec();
}

} // namespace

int main(int argc, char** argv) {
    QStringList arguments;
    for (int i = 1; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const bool commandLine = !arguments.isEmpty() && isCommandLine(arguments.first());
    // Before Qt loads its plugins (LibrarySearch.h): the verbs load OpenCL drivers, the GUI none.
    clw::host::restrictLibrarySearch(commandLine
                                         ? clw::host::LibrarySearch::WithoutCurrentFolder
                                         : clw::host::LibrarySearch::InstallAndSystemFolders);
    if (commandLine) {
        // The verbs need no display: a core application only.
        QCoreApplication app(argc, argv);
        describeApplication();
        return runCommandLine(arguments);
    }
    return runGui(argc, argv);
}
