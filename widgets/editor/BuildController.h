#pragma once
// Runs the editor's builds (DESIGN.md §2a, §3): each in the device hosts of its devices' platforms,
// waited for on a bridge worker, never on the GUI thread. Every build carries a tag, so that a
// newer one replaces one still queued (in the bridge's queue, the host's and its BuildService's),
// and a generation, so that a result which is stale
// when it arrives (the text changed since) is dropped. Live builds wait for a pause in typing.
#include "bridge/BuildInput.h"
#include "models/BuildReport.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace clw::ui {

class DeviceHosts;
class EngineBridge;

class BuildController : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultDebounceMs = 500;

    // The bridge and the hosts must outlive the controller.
    BuildController(EngineBridge& bridge, DeviceHosts& hosts, QObject* parent = nullptr);
    ~BuildController() override;

    // What a live build compiles, asked when the pause in typing is over (nullopt: nothing).
    void setInputProvider(std::function<std::optional<BuildInput>()> provider) {
        m_provider = std::move(provider);
    }

    // Starts a build now; returns its generation.
    quint64 build(BuildInput input);
    // Restarts the pause timer; when it runs out, builds what the provider gives. Nothing when
    // live builds are off.
    void scheduleLiveBuild();
    void setLiveEnabled(bool on);
    bool liveEnabled() const { return m_live; }
    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    bool isLivePending() const { return m_debounce.isActive() || m_heldBuild; }
    // While held, a live build whose pause is over waits, and starts when released. Live mode
    // holds it while a live run is on its way: that run builds the same text, and a second
    // compile beside it would slow it (PoCL compiles one program at a time, a launch's kernel
    // included). Released, the build finds the run's binary in the cache.
    void setHeld(bool held);
    // Whether live builds store their programs in the binary cache (yes by default). Live mode
    // turns it off: its runs build every edit already, and each stored program costs a second
    // compile on PoCL (engine::BuildRequest::store).
    void setLiveBuildsStored(bool stored) { m_liveStored = stored; }

    // True from a build's start until the newest one is answered.
    bool isBuilding() const { return m_answered != m_generation; }
    quint64 generation() const { return m_generation; }
    // Builds replaced while queued, and results dropped because a newer build was asked for.
    int replacedCount() const { return m_replaced; }
    int droppedCount() const { return m_dropped; }
    const BuildReport& lastReport() const { return m_lastReport; }

Q_SIGNALS:
    void buildStarted(quint64 generation, const QString& mainFile);
    // The newest build's result (compiler errors included: a failed build is a normal result).
    void buildFinished(const clw::ui::BuildReport& report);
    // The newest build could not run (no device, the job threw): the message says what to do.
    void buildFailed(quint64 generation, const QString& message);
    // A queued build was replaced by a newer one before it ran.
    void buildReplaced(quint64 generation);

private:
    void buildLive();
    void deliver(quint64 generation, bool cancelled, const QString& error, BuildReport report);

    EngineBridge& m_bridge;
    DeviceHosts& m_hosts;
    std::function<std::optional<BuildInput>()> m_provider;
    QTimer m_debounce;
    bool m_live = true;
    bool m_held = false;
    bool m_liveStored = true;
    bool m_heldBuild = false; // a live build waits for the release
    quint64 m_generation = 0;
    quint64 m_answered = 0;
    int m_replaced = 0;
    int m_dropped = 0;
    BuildReport m_lastReport;
};

} // namespace clw::ui
