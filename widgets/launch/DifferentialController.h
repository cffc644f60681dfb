#pragma once
// "Run on two devices..." (issue 19): the session on device A and on device B, the reference, at
// once, in device hosts of the run's own (bridge/DifferentialRun) on a bridge worker; every
// output buffer compared under the tolerances. The result comes back on the GUI thread with each
// run's outputs in host memory, for the buffer inspector. Cancel ends the run's hosts, which
// stops even a launch that never ends. GUI thread only.
#include "bridge/DifferentialRun.h"

#include "clw/engine/inspect/ToleranceRules.h"
#include "clw/engine/session/Session.h"

#include <QObject>

#include <filesystem>
#include <memory>

namespace clw::ui {

class DeviceHosts;
class EngineBridge;

class DifferentialController : public QObject {
    Q_OBJECT
public:
    explicit DifferentialController(EngineBridge& bridge, QObject* parent = nullptr);
    ~DifferentialController() override;

    // Runs `a` on its device and `b` on its (the reference) and compares them under `rules`.
    // False, and nothing starts, while a run is in progress.
    bool start(DifferentialSide a, DifferentialSide b, engine::ToleranceRules rules);
    // Ends the run now: its hosts are stopped and failed() says it was cancelled.
    void cancel();
    bool isRunning() const { return m_hosts != nullptr; }

Q_SIGNALS:
    void started();
    // Both runs ended: each one's failure, or the comparison (DifferentialOutcome::comparison).
    void finished(std::shared_ptr<const clw::ui::DifferentialOutcome> outcome);
    // The job itself failed or was cancelled.
    void failed(const QString& message);

private:
    EngineBridge& m_bridge;
    std::shared_ptr<DeviceHosts> m_hosts; // the running comparison's; null when none runs
    bool m_cancelled = false;
};

} // namespace clw::ui
