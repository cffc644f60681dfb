#pragma once
// The workbench's device hosts (DESIGN.md §2a): one clworkbench-host per OpenCL platform, started
// on first need and started again after one stopped, plus one that lists devices and resolves a
// device choice ("pthread", "" for the default) to its platform. Thread-safe: jobs on the
// bridge's workers ask for hosts and wait on their replies; the GUI thread only stops them.
#include "bridge/HostConnection.h"

#include <QProcessEnvironment>
#include <QString>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clw::ui {

struct ResolvedDevice {
    std::string platform;
    std::string device;
};

class DeviceHosts {
public:
    // `program`: the host executable; empty for clworkbench-host beside this executable.
    explicit DeviceHosts(QString program = {});
    ~DeviceHosts();
    DeviceHosts(const DeviceHosts&) = delete;
    DeviceHosts& operator=(const DeviceHosts&) = delete;

    // The environment hosts start with (tests give a fake driver through OCL_ICD_VENDORS); each
    // host gets it with Oclgrind added (withOclgrind), unless it sets OCL_ICD_VENDORS itself.
    void setEnvironment(const QProcessEnvironment& environment);
    // Hosts started from now on run at this lower priority (HostSocket::attach): a check's, whose
    // Oclgrind takes every core.
    void setNiceness(int niceness);

    // The running host of `platform` ("" for the listing host), started if none runs.
    std::shared_ptr<HostConnection> host(const std::string& platform);
    // The platform and device `choice` picks, asked of the listing host (and remembered).
    // Throws HostStopped, HostRequestFailed (no such device).
    ResolvedDevice resolve(const std::string& choice);
    // Every device of every platform, as the listing host lists them (and remembered).
    std::vector<ResolvedDevice> devices();
    // Ends the host of `platform` now (Stop); its waiting requests fail saying `reason`.
    void stop(const std::string& platform, const QString& reason);
    // Ends every running host now (a check's Cancel).
    void stopAll(const QString& reason);
    // Hosts started so far, restarts included (a test's and the log's figure).
    int started() const;

    // Told on an I/O thread when a host stopped: only post from it.
    void setStoppedCallback(std::function<void(const std::string& platform, const QString&)> cb);

    static QString defaultProgram();

private:
    QString m_program;
    QProcessEnvironment m_environment;
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<HostConnection>> m_hosts;
    std::map<std::string, ResolvedDevice> m_resolved;
    std::optional<std::vector<ResolvedDevice>> m_devices;
    std::function<void(const std::string&, const QString&)> m_stoppedCallback;
    int m_started = 0;
    int m_niceness = 0;
};

} // namespace clw::ui
