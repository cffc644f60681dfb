#pragma once
// The workbench's Check (F6, issue 18): the session's launches on Oclgrind with the check plugin,
// in device hosts of the check's own (bridge/CheckRun) on a bridge worker, with the work-groups
// done read from the plugin's progress file while it runs. Cancel ends the check's host, which
// stops even a launch that never ends. GUI thread only.
#include "clw/engine/debug/CheckReport.h"
#include "clw/engine/debug/WatchPlan.h"
#include "clw/engine/session/Session.h"

#include <QObject>
#include <QTimer>

#include <filesystem>
#include <memory>
#include <optional>

class QTemporaryDir;

namespace clw::ui {

class DeviceHosts;
class EngineBridge;

class CheckController : public QObject {
    Q_OBJECT
public:
    explicit CheckController(EngineBridge& bridge, QObject* parent = nullptr);
    ~CheckController() override;

    // Starts checking `session` (its data files resolve against `folder`) on the Oclgrind device
    // `deviceName` (empty: the first). False, and nothing starts, while a check runs.
    bool start(const engine::Session& session, const std::filesystem::path& folder,
               const QString& deviceName = {});
    // Starts a watch of `request` instead, on the device `deviceName` (empty: the default
    // device): through Oclgrind's plugin on Oclgrind (CheckRun::watch), by instrumenting the
    // kernel on any other device (HostWatchRun). watched() follows, or failed() with the
    // request's problem.
    bool startWatch(const engine::Session& session, const std::filesystem::path& folder,
                    const engine::WatchRequest& request, const QString& deviceName = {});
    // Ends the check now: its host is stopped and failed() says it was cancelled.
    void cancel();
    bool isRunning() const { return m_hosts != nullptr; }

Q_SIGNALS:
    void started();
    // Work-groups done of the kernel being checked.
    void progress(const QString& kernel, qint64 done, qint64 total);
    void finished(const clw::engine::CheckReport& report, const QString& device);
    void watched(const clw::engine::WatchReport& report, const QString& device);
    void failed(const QString& message);

private:
    bool launch(const engine::Session& session, const std::filesystem::path& folder,
                const QString& deviceName, std::optional<engine::WatchRequest> watch);
    void readProgress();

    EngineBridge& m_bridge;
    std::shared_ptr<DeviceHosts> m_hosts; // the running check's; null when none runs
    std::unique_ptr<QTemporaryDir> m_folder;
    QString m_progressFile;
    QTimer m_poll;
    bool m_cancelled = false;
};

} // namespace clw::ui
