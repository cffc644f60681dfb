#include "editor/BuildController.h"

#include "bridge/EditorBuildClient.h"
#include "bridge/EngineBridge.h"

namespace clw::ui {

BuildController::BuildController(EngineBridge& bridge, DeviceHosts& hosts, QObject* parent)
    : QObject(parent)
    , m_bridge(bridge)
    , m_hosts(hosts) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDefaultDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &BuildController::buildLive);
}

void BuildController::buildLive() {
    if (m_held) {
        m_heldBuild = true;
        return;
    }
    if (!m_provider)
        return;
    if (std::optional<BuildInput> input = m_provider()) {
        input->store = m_liveStored;
        build(std::move(*input));
    }
}

void BuildController::setHeld(bool held) {
    m_held = held;
    if (!held && m_heldBuild) {
        m_heldBuild = false;
        if (m_live)
            buildLive();
    }
}

// Results still on their way are dropped by the bridge's QPointer guard.
BuildController::~BuildController() = default;

void BuildController::setLiveEnabled(bool on) {
    m_live = on;
    if (!on) {
        m_debounce.stop();
        m_heldBuild = false;
    }
}

void BuildController::scheduleLiveBuild() {
    if (m_live)
        m_debounce.start();
}

quint64 BuildController::build(BuildInput input) {
    m_debounce.stop(); // this build answers for the pending live one too
    m_heldBuild = false;
    const quint64 generation = ++m_generation;
    const QString mainFile = input.sources.mainFile;
    JobOptions options;
    options.tag = QStringLiteral("editor.build:%1").arg(input.tag).toStdString();
    input.tag = QString::fromStdString(options.tag);
    m_bridge.run(
        this,
        [hosts = &m_hosts, input = std::move(input)](const JobContext& job) {
            return buildInHosts(*hosts, input, job);
        },
        [this, generation](JobResult<BuildReport> result) {
            if (result.ok())
                deliver(generation, false, {}, std::move(result.value()));
            else
                deliver(generation, result.error().cancelled(), result.error().message, {});
        },
        std::move(options));
    Q_EMIT buildStarted(generation, mainFile);
    return generation;
}

void BuildController::deliver(quint64 generation, bool cancelled, const QString& error,
                              BuildReport report) {
    if (cancelled || report.superseded) {
        ++m_replaced;
        Q_EMIT buildReplaced(generation);
        return;
    }
    if (generation != m_generation) {
        ++m_dropped; // the text changed since: its squiggles would sit in the wrong places
        return;
    }
    m_answered = generation;
    if (!error.isEmpty()) {
        Q_EMIT buildFailed(generation, error);
        return;
    }
    report.generation = generation;
    m_lastReport = report;
    Q_EMIT buildFinished(m_lastReport);
}

} // namespace clw::ui
