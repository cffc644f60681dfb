#pragma once
// The workbench's device hosts (DESIGN.md §2a): one clworkbench-host per OpenCL platform, started
// on first need and started again after one stopped, plus one per OpenCL driver that lists that
// driver's devices. Each host loads its own driver alone (engine::DriverFolders), so a driver that
// crashes while it loads or lists takes only its own hosts down and the others' devices stay
// listed. A device choice ("pthread", "" for the default) is resolved here, over the devices the
// listing hosts listed (engine::chooseListed). Thread-safe: jobs on the bridge's workers ask for
// hosts and wait on their replies; the GUI thread only stops them.
#include "bridge/DriverEnvironments.h"
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
    bool gpu = false;
};

// A host that lists devices: of one driver, or of every driver where they cannot be told apart
// (Windows, macOS, OCL_ICD_VENDORS naming one driver).
struct ListingHost {
    std::string driver;  // the .icd file's name without ".icd"; empty for every driver
    std::string library; // what the .icd file names; empty for every driver
    std::shared_ptr<HostConnection> connection;
};

class DeviceHosts {
public:
    // `program`: the host executable; empty for clworkbench-host beside this executable.
    explicit DeviceHosts(QString program = {});
    ~DeviceHosts();
    DeviceHosts(const DeviceHosts&) = delete;
    DeviceHosts& operator=(const DeviceHosts&) = delete;

    // The environment hosts start with (tests give a fake driver through OCL_ICD_VENDORS); each
    // host gets it with Oclgrind added (withOclgrind), unless it sets OCL_ICD_VENDORS itself, and
    // with its own driver alone (driverEnvironments). The devices are listed again after it.
    void setEnvironment(const QProcessEnvironment& environment);
    // Hosts started from now on run at this lower priority (HostSocket::attach): a check's, whose
    // Oclgrind takes every core.
    void setNiceness(int niceness);

    // The running host of `platform`, started if none runs with the driver that listed it (the
    // listing runs first when it has not yet).
    std::shared_ptr<HostConnection> host(const std::string& platform);
    // The running listing hosts, one per driver, started where none runs.
    std::vector<ListingHost> listingHosts();
    // A host that loads every driver at once, as the person's own programs do: where the device
    // browser reads the ICD loader and its NULL-platform behavior. The one listing host where
    // drivers are not split. Started if none runs.
    std::shared_ptr<HostConnection> everyDriverHost();
    // The platform and device `choice` picks among devices() (and remembered). Throws
    // HostRequestFailed (no such device).
    ResolvedDevice resolve(const std::string& choice);
    // Every device of every driver, in the drivers' order (and remembered). A driver whose
    // listing host stopped lists nothing and is said in the log; throws HostStopped only when
    // every driver's host stopped.
    std::vector<ResolvedDevice> devices();
    // Ends the host of `platform` now (Stop); its waiting requests fail saying `reason`.
    void stop(const std::string& platform, const QString& reason);
    // Ends every running host now (a check's Cancel).
    void stopAll(const QString& reason);
    // Hosts started so far, restarts included (a test's and the log's figure).
    int started() const;

    // Told on an I/O thread when a host started from now on ends unseen
    // (HostConnection::setEndedUnseenCallback), with whether it listed devices (else it was a
    // platform's, which builds and runs sessions): only post from it.
    void setEndedUnseenCallback(std::function<void(const QString& message, bool listing)> callback);

    // clworkbench-host beside this executable (on macOS, inside its bundle, or beside the
    // bundle in the build tree).
    static QString defaultProgram();

private:
    // The drivers of the environment, found once (m_mutex held).
    const std::vector<DriverEnvironment>& drivers();
    std::shared_ptr<HostConnection> start(std::shared_ptr<HostConnection>& slot,
                                          const std::string& platform, const QString& label,
                                          const QProcessEnvironment& environment);

    QString m_program;
    QProcessEnvironment m_environment;
    mutable std::mutex m_mutex;
    std::optional<std::vector<DriverEnvironment>> m_drivers;
    std::map<std::string, std::shared_ptr<HostConnection>> m_hosts;
    std::map<std::string, std::shared_ptr<HostConnection>> m_listing; // by driver
    std::shared_ptr<HostConnection> m_everyDriver;
    std::map<std::string, std::size_t> m_platformDriver; // a platform's index in m_drivers
    std::map<std::string, ResolvedDevice> m_resolved;
    std::optional<std::vector<ResolvedDevice>> m_devices;
    std::function<void(const QString&, bool)> m_endedUnseenCallback;
    int m_started = 0;
    int m_niceness = 0;
};

} // namespace clw::ui
