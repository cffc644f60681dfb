#include "bridge/CheckRun.h"

#include "bridge/HostSessionClient.h"
#include "bridge/HostStopped.h"
#include "bridge/JobContext.h"

#include "clw/engine/runtime/EnvironmentPath.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <stdexcept>

namespace clw::ui {

namespace {

const char kPluginFile[] = "libclw_oclgrind_check.so";
const char kOclgrindPlatform[] = "Oclgrind"; // its CL_PLATFORM_NAME

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

bool isOclgrind(const ResolvedDevice& device) {
    return qs(device.platform).contains(QLatin1String("Oclgrind"), Qt::CaseInsensitive);
}

QString deviceList(const std::vector<ResolvedDevice>& devices) {
    QStringList names;
    for (const ResolvedDevice& device : devices)
        names << qs(device.device);
    return names.join(QStringLiteral(", "));
}

ResolvedDevice chooseOclgrind(DeviceHosts& hosts, const QString& deviceName) {
    const std::vector<ResolvedDevice> devices = hosts.devices();
    if (deviceName.isEmpty()) {
        for (const ResolvedDevice& device : devices)
            if (isOclgrind(device))
                return device;
        throw std::runtime_error(
            "checks run on Oclgrind, and no Oclgrind device is listed (devices: " +
            deviceList(devices).toStdString() +
            "). Install the oclgrind package (scripts/setup does) and check again.");
    }
    ResolvedDevice device;
    try {
        device = hosts.resolve(deviceName.toStdString());
    } catch (const HostRequestFailed&) {
        throw std::runtime_error("no device matches '" + deviceName.toStdString() +
                                 "' (devices: " + deviceList(devices).toStdString() + ")");
    }
    if (!isOclgrind(device))
        throw std::runtime_error("'" + device.device +
                                 "' is not an Oclgrind device: checks run on Oclgrind, which "
                                 "watches every access (leave --device out to use it)");
    return device;
}

std::vector<engine::CheckedKernelRun> readFindings(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {}; // no kernel ran
    return engine::parseCheckedRuns(file.readAll().toStdString());
}

} // namespace

QString CheckRun::failureOf(const RunOutcome& outcome) {
    if (outcome.build && !outcome.build->ok)
        return outcome.build->failure.isEmpty() ? outcome.build->message : outcome.build->failure;
    return outcome.error;
}

QString CheckRun::pluginPath() {
    const QString chosen = qEnvironmentVariable("CLW_OCLGRIND_CHECK_PLUGIN");
    if (!chosen.isEmpty()) {
        // Oclgrind would open a relative path from the device host's current folder.
        if (const std::string problem =
                engine::relativePathProblem("CLW_OCLGRIND_CHECK_PLUGIN", chosen.toStdString());
            !problem.empty())
            throw std::runtime_error(problem);
        return QFileInfo(chosen).isFile() ? chosen : QString();
    }
    // Beside the executable, by absolute path: applicationDirPath() is absolute.
    const QDir here(QCoreApplication::applicationDirPath());
    const QStringList places = {
        QStringLiteral("../lib/"),            // the build tree
        QStringLiteral(CLW_CHECK_PLUGIN_DIR), // installed, relative to the executable
    };
    for (const QString& place : places) {
        const QString path =
            here.absoluteFilePath(place + QLatin1String("/") + QLatin1String(kPluginFile));
        if (QFileInfo(path).isFile())
            return QDir::cleanPath(path);
    }
    return {};
}

QProcessEnvironment CheckRun::environment(QProcessEnvironment environment, const QString& plugin,
                                          const PluginFiles& files) {
    environment.insert(QStringLiteral("OCLGRIND_PLUGINS"), plugin);
    const std::pair<const char*, const QString*> variables[] = {
        {"CLW_CHECK_FINDINGS", &files.findings},
        {"CLW_CHECK_PROGRESS", &files.progress},
        {"CLW_WATCH", &files.watch},
        {"CLW_WATCH_OUTPUT", &files.watchOutput},
        {"CLW_DEBUG", &files.debug},
        {"CLW_DEBUG_SOCKET", &files.debugSocket},
    };
    for (const auto& [name, value] : variables) {
        if (value->isEmpty())
            environment.remove(QLatin1String(name));
        else
            environment.insert(QLatin1String(name), *value);
    }
    // A debug run's program is built from its source: a cached binary has no debug intrinsics.
    if (!files.watch.isEmpty() || !files.debug.isEmpty())
        environment.insert(QStringLiteral("CLW_NO_CACHE"), QStringLiteral("1"));
    return environment;
}

namespace {

QString temporaryFolderOrThrow(const QTemporaryDir& folder) {
    if (!folder.isValid())
        throw std::runtime_error("no temporary folder for the run's results: " +
                                 folder.errorString().toStdString());
    return folder.path();
}

// A launch the driver refused (a work-group size it does not take, an argument it rejects) is a
// finding of the check, not the end of it: invalid API use, with the driver's words.
void addRefusedLaunches(const engine::Session& session, CheckOutcome& outcome) {
    const engine::SourceFile* main = session.sources.main();
    for (const RunRecord& record : outcome.run.records) {
        if (record.ok || record.launchIndex < 0 ||
            size_t(record.launchIndex) >= outcome.report.launches.size())
            continue;
        engine::CheckFinding finding;
        finding.kind = engine::CheckKind::InvalidApiUse;
        finding.kernel = record.launch.kernel;
        finding.place.file = main ? main->name : std::string();
        finding.detail = record.error.toStdString();
        finding.occurrences = 1;
        outcome.report.launches[size_t(record.launchIndex)].findings.push_back(finding);
        if (outcome.run.error == record.error) { // said as a finding now, not as the run's end
            outcome.run.error.clear();
            outcome.run.errorWhere.clear();
        }
    }
}

} // namespace

CheckOutcome CheckRun::run(const engine::Session& session, const std::filesystem::path& folder,
                           const QString& deviceName, const JobContext& job,
                           std::shared_ptr<DeviceHosts> hosts, const QString& progressFile) {
    QTemporaryDir files;
    PluginFiles plugin;
    plugin.findings = temporaryFolderOrThrow(files) + QStringLiteral("/findings.jsonl");
    plugin.progress = progressFile;
    CheckOutcome outcome = runWith(session, folder, deviceName, job, std::move(hosts), plugin);
    engine::Session once = session;
    for (engine::SessionLaunch& launch : once.launches)
        launch.repeat = 1;
    outcome.report = engine::makeCheckReport(once, readFindings(plugin.findings));
    addRefusedLaunches(once, outcome);
    return outcome;
}

CheckOutcome CheckRun::watch(const engine::Session& session, const std::filesystem::path& folder,
                             const engine::WatchRequest& request, const QString& deviceName,
                             const JobContext& job, std::shared_ptr<DeviceHosts> hosts,
                             const QString& progressFile) {
    const engine::PreparedWatch prepared = engine::prepareWatch(session, request);
    if (!prepared.problem.empty())
        throw std::runtime_error(prepared.problem);
    QTemporaryDir files;
    PluginFiles plugin;
    plugin.progress = progressFile;
    plugin.watch = qs(engine::watchRequestToJson(prepared.request).dump());
    plugin.watchOutput = temporaryFolderOrThrow(files) + QStringLiteral("/watch.jsonl");
    CheckOutcome outcome = runWith(session, folder, deviceName, job, std::move(hosts), plugin);
    QFile file(plugin.watchOutput);
    const std::vector<engine::WatchedRun> runs =
        file.open(QIODevice::ReadOnly) ? engine::parseWatchedRuns(file.readAll().toStdString())
                                       : std::vector<engine::WatchedRun>{};
    outcome.watch = engine::makeWatchReport(session, request, runs);
    return outcome;
}

CheckOutcome CheckRun::debug(const engine::Session& session, const std::filesystem::path& folder,
                             const QString& file, const QList<int>& lines,
                             const engine::CheckIds& workItem, const QString& socketPath,
                             const JobContext& job, std::shared_ptr<DeviceHosts> hosts) {
    const engine::SourceFile* main = session.sources.main();
    nlohmann::json request = {{"file", file.isEmpty() || (main && file.toStdString() == main->name)
                                           ? std::string("input.cl")
                                           : file.toStdString()},
                              {"lines", std::vector<int>(lines.begin(), lines.end())},
                              {"workItem", workItem}};
    PluginFiles plugin;
    plugin.debug = qs(request.dump());
    plugin.debugSocket = socketPath;
    return runWith(session, folder, {}, job, std::move(hosts), plugin, true);
}

CheckOutcome CheckRun::runWith(const engine::Session& session, const std::filesystem::path& folder,
                               const QString& deviceName, const JobContext& job,
                               std::shared_ptr<DeviceHosts> hosts, const PluginFiles& files,
                               bool debugging) {
    const QString plugin = pluginPath();
    if (plugin.isEmpty())
        throw std::runtime_error(
            std::string("the check plugin (") + kPluginFile +
            ") is not installed beside clworkbench: build the clw_oclgrind_check target, which "
            "needs liboclgrind-dev and llvm-14-dev (scripts/setup installs them)");
    CheckOutcome outcome;
    outcome.hosts = hosts ? std::move(hosts) : std::make_shared<DeviceHosts>();
    outcome.hosts->setEnvironment(
        environment(QProcessEnvironment::systemEnvironment(), plugin, files));
    // Oclgrind computes on every core for as long as a check takes: below the GUI's priority, so
    // that the workbench stays smooth meanwhile.
    outcome.hosts->setNiceness(5);
    // Oclgrind's host starts beside the listing host, not after it: the platform's name is
    // Oclgrind's own, and a host of another name would only stay idle.
    if (deviceName.isEmpty())
        outcome.hosts->host(kOclgrindPlatform);
    const ResolvedDevice device = chooseOclgrind(*outcome.hosts, deviceName);
    outcome.device = qs(device.device);
    outcome.platform = qs(device.platform);

    RunPlan plan;
    plan.session = session;
    for (engine::SessionLaunch& launch : plan.session.launches)
        launch.repeat = 1; // one kernel run a launch: each is matched to what it recorded
    plan.folder = folder;
    plan.deviceName = outcome.device;
    plan.store = false; // Oclgrind's binaries are worth nothing elsewhere
    plan.launchedKernelsOnly = true;
    HostSessionClient client(*outcome.hosts, 1);
    WatchdogLimits limits = WatchdogLimits::of(session.watchdog);
    if (debugging) // a launch paused at a breakpoint waits for the person, as long as it takes
        limits.launch = std::chrono::hours(24);
    outcome.run = client.run(plan, device.device, job, {}, limits).outcome;
    return outcome;
}

} // namespace clw::ui
