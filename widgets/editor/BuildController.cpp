#include "editor/BuildController.h"

#include "bridge/EngineBridge.h"
#include "editor/BuildTargets.h"

#include "clw/engine/BuildService.h"

#include <future>

namespace clw::ui {

namespace {

engine::SourceSet toSourceSet(const BuildSources& sources) {
    engine::SourceSet set;
    for (const BuildSourceFile& file : sources.files)
        set.files.push_back({file.name.toStdString(), file.text.toStdString()});
    set.mainFile = sources.mainFile.toStdString();
    for (const QString& dir : sources.includeDirs)
        set.includeDirs.push_back(dir.toStdString());
    return set;
}

// Runs on a bridge worker: resolves the devices, builds each platform's share on the
// BuildService (in parallel) and turns the outcomes into one report of Qt values.
BuildReport runBuild(BuildTargets& targets, engine::BuildService& service, const BuildInput& input,
                     const JobContext& job) {
    BuildReport report;
    report.mainFile = input.sources.mainFile;
    const std::vector<BuildTargets::Group> groups = targets.resolve(input.devices);
    if (job.isCancelled())
        return report;
    const engine::SourceSet sources = toSourceSet(input.sources);
    std::vector<std::future<engine::BuildOutcome>> outcomes;
    for (size_t i = 0; i < groups.size(); ++i) {
        engine::BuildRequest request;
        request.context = groups[i].context;
        request.devices = groups[i].devices;
        request.sources = sources;
        request.options = input.options.toStdString();
        request.tag = input.tag.toStdString() + "#" + std::to_string(i);
        outcomes.push_back(service.submit(std::move(request)));
    }
    for (auto& outcome : outcomes)
        appendOutcome(report, outcome.get());
    return report;
}

} // namespace

BuildController::BuildController(EngineBridge& bridge, engine::BuildService& service,
                                 QObject* parent)
    : QObject(parent)
    , m_bridge(bridge)
    , m_service(service)
    , m_targets(std::make_shared<BuildTargets>()) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDefaultDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, [this] {
        if (!m_provider)
            return;
        if (std::optional<BuildInput> input = m_provider())
            build(std::move(*input));
    });
}

// Results still on their way are dropped by the bridge's QPointer guard.
BuildController::~BuildController() = default;

void BuildController::setLiveEnabled(bool on) {
    m_live = on;
    if (!on)
        m_debounce.stop();
}

void BuildController::scheduleLiveBuild() {
    if (m_live)
        m_debounce.start();
}

quint64 BuildController::build(BuildInput input) {
    m_debounce.stop(); // this build answers for the pending live one too
    const quint64 generation = ++m_generation;
    const QString mainFile = input.sources.mainFile;
    JobOptions options;
    options.tag = QStringLiteral("editor.build:%1").arg(input.tag).toStdString();
    input.tag = QString::fromStdString(options.tag);
    m_bridge.run(
        this,
        [targets = m_targets, service = &m_service, input = std::move(input)](
            const JobContext& job) { return runBuild(*targets, *service, input, job); },
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
