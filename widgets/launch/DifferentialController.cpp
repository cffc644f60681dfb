#include "launch/DifferentialController.h"

#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "bridge/HostsRelease.h"

namespace clw::ui {

DifferentialController::DifferentialController(EngineBridge& bridge, QObject* parent)
    : QObject(parent)
    , m_bridge(bridge) {}

DifferentialController::~DifferentialController() {
    if (m_hosts)
        m_hosts->stopAll(tr("The workbench closed"));
}

bool DifferentialController::start(DifferentialSide a, DifferentialSide b,
                                   engine::ToleranceRules rules) {
    if (m_hosts)
        return false;
    m_hosts = std::make_shared<DeviceHosts>();
    m_cancelled = false;
    m_bridge.run(
        this,
        [hosts = m_hosts, a = std::move(a), b = std::move(b),
         rules = std::move(rules)](const JobContext& job) {
            return std::make_shared<const DifferentialOutcome>(
                DifferentialRun::run(a, b, rules, job, hosts, true));
        },
        [this](JobResult<std::shared_ptr<const DifferentialOutcome>> result) {
            const bool cancelled = m_cancelled;
            releaseOnWorker(m_bridge, std::move(m_hosts));
            if (cancelled)
                Q_EMIT failed(tr("The run on two devices was cancelled."));
            else if (!result.ok())
                Q_EMIT failed(result.error().message);
            else
                Q_EMIT finished(result.value());
        });
    Q_EMIT started();
    return true;
}

void DifferentialController::cancel() {
    if (!m_hosts)
        return;
    m_cancelled = true;
    m_hosts->stopAll(tr("The run on two devices was cancelled"));
}

} // namespace clw::ui
