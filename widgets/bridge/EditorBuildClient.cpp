#include "bridge/EditorBuildClient.h"

#include "bridge/DeviceHosts.h"
#include "bridge/HostStopped.h"
#include "bridge/HostValues.h"
#include "bridge/JobContext.h"

#include <map>

namespace clw::ui {

namespace {
// As long as a build of the session's program may take (WatchdogLimits::build).
constexpr std::chrono::seconds kEditorBuildLimit{120};

// The device names of `input` by the platform that owns each.
std::map<std::string, QStringList> namesByPlatform(DeviceHosts& hosts, const BuildInput& input) {
    std::map<std::string, QStringList> groups;
    if (input.devices == QStringList{QStringLiteral("*")}) {
        for (const ResolvedDevice& device : hosts.devices())
            groups[device.platform].append(QString::fromStdString(device.device));
        if (groups.empty())
            throw std::runtime_error("no OpenCL device found: run scripts/setup to install PoCL");
        return groups;
    }
    const QStringList names = input.devices.isEmpty() ? QStringList{QString()} : input.devices;
    for (const QString& name : names) {
        const ResolvedDevice device = hosts.resolve(name.toStdString());
        QStringList& group = groups[device.platform];
        const QString exact = QString::fromStdString(device.device);
        if (!group.contains(exact))
            group.append(exact);
    }
    return groups;
}
} // namespace

BuildReport buildInHosts(DeviceHosts& hosts, const BuildInput& input, const JobContext& job) {
    BuildReport report;
    report.mainFile = input.sources.mainFile;
    std::vector<HostCall> calls;
    for (const auto& [platform, names] : namesByPlatform(hosts, input)) {
        if (job.isCancelled())
            break;
        BuildInput part = input;
        part.devices = names;
        HostRequestOptions options;
        options.limit = kEditorBuildLimit;
        options.what = QStringLiteral("building `%1`").arg(input.sources.mainFile) +
                       QLatin1String(kForTheEditor);
        options.tag = input.tag.toStdString() + "@" + platform;
        calls.push_back(hosts.host(platform)->request("build.check", {{"input", part}}, {},
                                                      std::move(options)));
    }
    for (HostCall& call : calls) {
        try {
            mergeReport(report, call.reply.get().body.at("report").get<BuildReport>());
        } catch (const HostRequestFailed& failed) {
            if (std::string(failed.what()) != kReplacedByNewerRequest)
                throw;
            report.superseded = true;
        }
    }
    return report;
}

} // namespace clw::ui
