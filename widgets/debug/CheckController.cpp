#include "debug/CheckController.h"

#include "bridge/CheckRun.h"
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "bridge/HostWatchRun.h"
#include "bridge/HostsRelease.h"

#include <QFile>
#include <QTemporaryDir>

namespace clw::ui {

namespace {

// A watch goes to Oclgrind's plugin when the device chosen is Oclgrind's (or none is chosen and
// Oclgrind is the only device), else the kernel is instrumented for the device itself.
bool onOclgrind(DeviceHosts& hosts, const QString& deviceName) {
    return HostWatchRun::isOclgrind(
        QString::fromStdString(hosts.resolve(deviceName.toStdString()).platform));
}

CheckOutcome watchOnDevice(const engine::Session& session, const std::filesystem::path& folder,
                           const engine::WatchRequest& request, const QString& deviceName,
                           const JobContext& job, std::shared_ptr<DeviceHosts> hosts) {
    HostWatchOutcome watched = HostWatchRun::run(session, folder, request, deviceName, job, hosts);
    CheckOutcome outcome;
    outcome.watch = std::move(watched.report);
    outcome.run = std::move(watched.watched);
    outcome.device = watched.device;
    outcome.platform = watched.platform;
    return outcome;
}

} // namespace

CheckController::CheckController(EngineBridge& bridge, QObject* parent)
    : QObject(parent)
    , m_bridge(bridge) {
    m_poll.setInterval(200);
    connect(&m_poll, &QTimer::timeout, this, &CheckController::readProgress);
}

CheckController::~CheckController() {
    if (m_hosts)
        m_hosts->stopAll(tr("The workbench closed"));
}

bool CheckController::start(const engine::Session& session, const std::filesystem::path& folder,
                            const QString& deviceName) {
    return launch(session, folder, deviceName, std::nullopt);
}

bool CheckController::startWatch(const engine::Session& session,
                                 const std::filesystem::path& folder,
                                 const engine::WatchRequest& request, const QString& deviceName) {
    return launch(session, folder, deviceName, request);
}

bool CheckController::launch(const engine::Session& session, const std::filesystem::path& folder,
                             const QString& deviceName, std::optional<engine::WatchRequest> watch) {
    if (m_hosts)
        return false;
    m_folder = std::make_unique<QTemporaryDir>();
    m_progressFile =
        m_folder->isValid() ? m_folder->filePath(QStringLiteral("progress.txt")) : QString();
    m_hosts = std::make_shared<DeviceHosts>();
    m_cancelled = false;
    m_bridge.run(
        this,
        [hosts = m_hosts, session, folder, deviceName, watch,
         progressFile = m_progressFile](const JobContext& job) {
            CheckOutcome outcome =
                !watch ? CheckRun::run(session, folder, deviceName, job, hosts, progressFile)
                : onOclgrind(*hosts, deviceName)
                    ? CheckRun::watch(session, folder, *watch, deviceName, job, hosts, progressFile)
                    : watchOnDevice(session, folder, *watch, deviceName, job, hosts);
            outcome.run.sources.clear(); // the buffers stay in the host that goes now
            outcome.hosts.reset();       // the controller's reference is the last one
            return outcome;
        },
        [this, watching = watch.has_value()](JobResult<CheckOutcome> result) {
            m_poll.stop();
            const bool cancelled = m_cancelled;
            releaseOnWorker(m_bridge, std::move(m_hosts));
            m_folder.reset();
            if (cancelled)
                Q_EMIT failed(tr("The check was cancelled."));
            else if (!result.ok())
                Q_EMIT failed(result.error().message);
            else if (const QString failure = CheckRun::failureOf(result.value().run);
                     !failure.isEmpty())
                Q_EMIT failed(failure);
            else if (watching && result.value().watch.launches.empty())
                Q_EMIT failed(QString::fromStdString(result.value().watch.problem));
            else if (watching)
                Q_EMIT watched(result.value().watch, result.value().device);
            else
                Q_EMIT finished(result.value().report, result.value().device);
        });
    m_poll.start();
    Q_EMIT started();
    return true;
}

void CheckController::cancel() {
    if (!m_hosts)
        return;
    m_cancelled = true;
    m_hosts->stopAll(tr("The check was cancelled"));
}

void CheckController::readProgress() {
    QFile file(m_progressFile);
    if (m_progressFile.isEmpty() || !file.open(QIODevice::ReadOnly))
        return;
    const QStringList parts =
        QString::fromUtf8(file.readAll()).trimmed().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (parts.size() == 3)
        Q_EMIT progress(parts[0], parts[1].toLongLong(), parts[2].toLongLong());
}

} // namespace clw::ui
