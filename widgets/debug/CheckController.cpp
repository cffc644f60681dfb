#include "debug/CheckController.h"

#include "bridge/CheckRun.h"
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "bridge/HostsRelease.h"

#include <QFile>
#include <QTemporaryDir>

namespace clw::ui {

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
                watch
                    ? CheckRun::watch(session, folder, *watch, deviceName, job, hosts, progressFile)
                    : CheckRun::run(session, folder, deviceName, job, hosts, progressFile);
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
