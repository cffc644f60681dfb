#pragma once
// What the whole workbench shares (DESIGN.md §5): the engine bridge, the settings, the open
// session and the latest device snapshot. Panels are given it by reference and observe its signals.
#include "bridge/DeviceSnapshot.h"

#include <QObject>
#include <QSettings>

#include <memory>

namespace clw::ui {
class DeviceHosts;
class EngineBridge;
class SessionController;
} // namespace clw::ui

namespace clw::app {

class WorkbenchContext : public QObject {
    Q_OBJECT
public:
    // Version of the settings layout; stored settings of another version are reset (and said so).
    static constexpr int kSettingsVersion = 1;

    explicit WorkbenchContext(QObject* parent = nullptr);
    // Destroys the bridge: cancels its jobs and waits for the running ones.
    ~WorkbenchContext() override;

    ui::EngineBridge& bridge() { return *m_bridge; }
    // The device hosts that builds and runs of the session go to (DESIGN.md §2a).
    ui::DeviceHosts& hosts() { return *m_hosts; }
    QSettings& settings() { return m_settings; }
    // The open session: its document, device side, runs and history.
    ui::SessionController& session() { return *m_session; }

    // The latest device snapshot (empty until a probe finished).
    const ui::DeviceSnapshot& devices() const { return m_devices; }
    bool hasDevices() const { return m_hasDevices; }
    void setDevices(const ui::DeviceSnapshot& snapshot);

Q_SIGNALS:
    void devicesChanged();
    // A device host ended on its own while nothing waited on it (a driver that crashed between
    // requests, a host the system killed), which no failed request says: its stop message, and
    // whether it listed devices (else it built and ran sessions).
    void hostEndedUnseen(const QString& message, bool listing);

private:
    void checkSettingsVersion();

    QSettings m_settings;
    ui::DeviceSnapshot m_devices;
    bool m_hasDevices = false;
    // Declared before the bridge: bridge jobs use the services and wait on the hosts, so the
    // bridge goes first.
    std::unique_ptr<ui::DeviceHosts> m_hosts;
    std::unique_ptr<ui::EngineBridge> m_bridge;
    // After the bridge: destroyed first, cancelling its jobs while the bridge still runs.
    std::unique_ptr<ui::SessionController> m_session;
};

} // namespace clw::app
