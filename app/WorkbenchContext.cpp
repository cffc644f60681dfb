#include "WorkbenchContext.h"

#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "launch/SessionController.h"

#include <QDebug>

#include <algorithm>
#include <thread>

namespace clw::app {

namespace {
const char kVersionKey[] = "settingsVersion";

int workerThreadCount() {
    // Builds, launches and probes run here; a couple of threads keeps the GUI responsive without
    // competing with the OpenCL CPU device for every core.
    return int(std::clamp(std::thread::hardware_concurrency() / 2, 2u, 4u));
}
} // namespace

WorkbenchContext::WorkbenchContext(QObject* parent)
    : QObject(parent)
    , m_hosts(std::make_unique<ui::DeviceHosts>())
    , m_bridge(std::make_unique<ui::EngineBridge>(workerThreadCount()))
    , m_session(std::make_unique<ui::SessionController>(*m_bridge, *m_hosts)) {
    checkSettingsVersion();
    // Told on a host's I/O thread. The hosts are closed (which tells nothing) while this object
    // is destroyed, before its QObject part, which drops what was posted and not yet delivered.
    m_hosts->setEndedUnseenCallback([this](const QString& message, bool listing) {
        QMetaObject::invokeMethod(
            this, [this, message, listing] { Q_EMIT hostEndedUnseen(message, listing); },
            Qt::QueuedConnection);
    });
}

WorkbenchContext::~WorkbenchContext() = default;

void WorkbenchContext::checkSettingsVersion() {
    const QString key = QString::fromLatin1(kVersionKey);
    const QVariant stored = m_settings.value(key);
    if (stored.isValid() && stored.toInt() != kSettingsVersion) {
        qWarning().noquote() << QStringLiteral(
                                    "Settings version %1 is not the version %2 this build "
                                    "understands: starting from default settings (%3).")
                                    .arg(stored.toString())
                                    .arg(kSettingsVersion)
                                    .arg(m_settings.fileName());
        m_settings.clear();
    }
    m_settings.setValue(key, kSettingsVersion);
}

void WorkbenchContext::setDevices(const ui::DeviceSnapshot& snapshot) {
    m_devices = snapshot;
    m_hasDevices = true;
    Q_EMIT devicesChanged();
}

} // namespace clw::app
