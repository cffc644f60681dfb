#include "cli/CheckCommand.h"

#include "cli/SessionArgument.h"
#include "cli/Usage.h"

#include "bridge/CheckRun.h"
#include "bridge/JobContext.h"

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

QString summary(const engine::CheckReport& report, const QString& device) {
    QStringList withFindings;
    for (const engine::CheckedLaunch& launch : report.launches)
        if (!launch.findings.empty())
            withFindings << qs(launch.name);
    const size_t count = report.findingCount();
    const QString launches =
        (report.launches.size() == 1 ? QStringLiteral("%1 launch") : QStringLiteral("%1 launches"))
            .arg(report.launches.size());
    if (count == 0)
        return QStringLiteral("check: no findings in %1 on %2").arg(launches, device);
    return (count == 1 ? QStringLiteral("check: %1 finding in %2 of %3 (%4) on %5")
                       : QStringLiteral("check: %1 findings in %2 of %3 (%4) on %5"))
        .arg(count)
        .arg(withFindings.size())
        .arg(launches, withFindings.join(QStringLiteral(", ")), device);
}

} // namespace

int runCheckCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    QString file, deviceName;
    bool json = false;
    for (int i = 0; i < options.size(); ++i) {
        const QString& option = options[i];
        if (option == QLatin1String("--device") && i + 1 < options.size())
            deviceName = options[++i];
        else if (option == QLatin1String("--json"))
            json = true;
        else if (file.isEmpty() && !option.startsWith(QLatin1Char('-')))
            file = option;
        else {
            err << "clworkbench check: unknown option '" << option << "'\n";
            return kExitUsage;
        }
    }
    if (file.isEmpty()) {
        err << "clworkbench check: name a session file, e.g. clworkbench check race.clwb\n";
        return kExitUsage;
    }
    try {
        std::filesystem::path folder;
        const engine::SessionFile::ReadResult read = readSessionArgument(file, folder);
        for (const std::string& note : read.notes)
            err << "note: " << qs(note) << "\n";
        const ui::JobContext job(std::make_shared<ui::detail::JobState>());
        const ui::CheckOutcome outcome = ui::CheckRun::run(read.session, folder, deviceName, job);
        if (const QString failure = ui::CheckRun::failureOf(outcome.run); !failure.isEmpty()) {
            err << "clworkbench check: " << failure << "\n";
            return kExitFailure;
        }
        const engine::CheckReport& report = outcome.report;
        if (json) {
            nlohmann::json document = engine::checkReportToJson(report);
            document["device"] = outcome.device.toStdString();
            document["platform"] = outcome.platform.toStdString();
            out << qs(document.dump(2)) << "\n";
        } else {
            for (const engine::CheckedLaunch& launch : report.launches)
                for (const engine::CheckFinding& finding : launch.findings)
                    out << qs(engine::formatCheckFinding(finding, launch.name)) << "\n";
            out << summary(report, outcome.device) << "\n";
        }
        return report.findingCount() == 0 ? kExitOk : kExitFailure;
    } catch (const std::exception& error) {
        // SessionError (the session), HostStopped (a crash, the watchdog), no Oclgrind or no
        // plugin: each says what failed.
        err << "clworkbench check: " << QString::fromUtf8(error.what()) << "\n";
        return kExitFailure;
    }
}

} // namespace clw::app
