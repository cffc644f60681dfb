#include "SessionController.h"

#include "bridge/BufferSource.h"
#include "bridge/EngineBridge.h"
#include "bridge/HostReleaseBatch.h"
#include "bridge/HostStopped.h"
#include "bridge/ProgressRelay.h"

#include <QDir>
#include <QFileInfo>
#include <QPointer>

#include <algorithm>
#include <atomic>

namespace clw::ui {

namespace {
// Each controller's state in a host is told apart by a number of its own.
std::uint64_t nextSessionKey() {
    static std::atomic<std::uint64_t> next{1};
    return next++;
}

// A run the host did not come back from: one failed record in the history, marked as stopped,
// for the launch the run was at (its first when unknown).
RunOutcome stoppedRun(const RunPlan& plan, const QString& message) {
    RunOutcome outcome;
    outcome.errorWhere = QStringLiteral("host");
    outcome.error = message;
    const int index = plan.mode == RunRecord::Mode::Run ? 0 : plan.launchIndex;
    if (index >= 0 && index < int(plan.session.launches.size())) {
        RunRecord record;
        record.mode = plan.mode;
        record.when = QDateTime::currentDateTimeUtc();
        record.launchIndex = index;
        record.launch = plan.session.launches[size_t(index)];
        record.deviceName = plan.deviceName;
        record.error = message;
        record.hostStopped = true;
        outcome.records.push_back(std::move(record));
    }
    return outcome;
}

// Whether two versions of a session would run the same: a live run of one is still current in
// the other. Title, description, watchdog and the live flag change nothing that runs.
bool sameWork(const engine::Session& a, const engine::Session& b) {
    return a.sources == b.sources && a.options == b.options && a.devices == b.devices &&
           a.buffers == b.buffers && a.launches == b.launches;
}

double kernelMs(const std::vector<RunRecord>& records) {
    double ns = 0;
    for (const RunRecord& record : records)
        for (double each : record.kernelNs)
            ns += each;
    return ns / 1e6;
}
} // namespace

// Sources are let go on a worker: the last reference to a host's buffer may close its channel.
// Those let go together go to their host as one release (so do those the panels let go of, on
// the GUI thread, in finishRun).
void SessionController::releaseOnWorker(std::vector<SourceMap> sources) {
    auto held = std::make_shared<std::vector<SourceMap>>(std::move(sources));
    m_bridge.run(
        nullptr,
        [held](const JobContext&) {
            const HostReleaseBatch batch;
            held->clear();
        },
        [](JobResult<Done>) {});
}

SessionController::SessionController(EngineBridge& bridge, DeviceHosts& hosts, QObject* parent)
    : QObject(parent)
    , m_bridge(bridge)
    , m_hosts(hosts)
    , m_client(std::make_shared<HostSessionClient>(hosts, nextSessionKey()))
    , m_relay(ProgressRelay::create(this)) {
    m_countdown.setInterval(250);
    connect(&m_countdown, &QTimer::timeout, this, &SessionController::tickCountdown);
}

void SessionController::startStep(std::chrono::milliseconds limit) {
    m_stepLimit = limit;
    m_stepClock.start();
    m_countdown.start();
    Q_EMIT watchdogCountdown(-1);
}

void SessionController::tickCountdown() {
    if (!m_busy) {
        m_countdown.stop();
        return;
    }
    const qint64 elapsed = m_stepClock.elapsed();
    if (elapsed < 1000)
        return; // said only after the first second, so quick steps show nothing
    const qint64 left = std::max<qint64>(0, qint64(m_stepLimit.count()) - elapsed);
    Q_EMIT watchdogCountdown(int((left + 999) / 1000));
}

SessionController::~SessionController() {
    m_relay->close();
    if (m_activeJob) {
        m_client->cancelActive();
        m_bridge.cancel(m_activeJob);
    }
    releaseOnWorker(
        {std::move(m_sources), std::move(m_previous), std::move(m_initial), std::move(m_expected)});
}

QString SessionController::folder() const {
    return m_filePath.isEmpty() ? QDir::currentPath() : QFileInfo(m_filePath).absolutePath();
}

void SessionController::abandonJob() {
    // Its result is dropped on arrival (the generation moved on); a new job may start now.
    cancel();
    m_activeJob = 0;
    m_buildAgain = false;
    ++m_generation;
    setBusy(false);
}

void SessionController::openSession(engine::Session session, const QString& filePath) {
    abandonJob();
    m_session = std::move(session);
    m_filePath = filePath.isEmpty() ? QString() : QFileInfo(filePath).absoluteFilePath();
    m_kernels.clear();
    m_limits.clear();
    m_history.clear();
    m_liveRecords.clear();
    m_nextRunId = 1;
    releaseOnWorker(
        {std::move(m_sources), std::move(m_previous), std::move(m_initial), std::move(m_expected)});
    m_sources.clear();
    m_previous.clear();
    m_initial.clear();
    m_expected.clear();
    m_built = false;
    setModified(false);
    // The device the session names, as `clworkbench run` takes it; else the one chosen before.
    if (!m_session.devices.empty() &&
        QString::fromStdString(m_session.devices.front()) != m_deviceName)
        setDeviceName(QString::fromStdString(m_session.devices.front()));
    Q_EMIT sessionOpened();
    Q_EMIT kernelsChanged();
    Q_EMIT historyChanged();
    Q_EMIT buffersReady({});
}

void SessionController::markSaved(const QString& filePath) {
    m_filePath = QFileInfo(filePath).absoluteFilePath();
    setModified(false);
}

void SessionController::setModified(bool modified) {
    if (m_modified == modified)
        return;
    m_modified = modified;
    Q_EMIT modifiedChanged(modified);
}

void SessionController::edited() {
    setModified(true);
    Q_EMIT sessionChanged();
}

void SessionController::setSources(const engine::SourceSet& sources) {
    if (m_session.sources == sources)
        return;
    m_session.sources = sources;
    edited();
}

void SessionController::setOptions(const std::string& options) {
    if (m_session.options == options)
        return;
    m_session.options = options;
    edited();
}

void SessionController::setWatchdog(const engine::SessionWatchdog& watchdog) {
    if (m_session.watchdog == watchdog)
        return;
    m_session.watchdog = watchdog;
    edited();
}

void SessionController::setLive(bool on) {
    if (m_session.live == on)
        return;
    m_session.live = on;
    edited();
}

void SessionController::setFormatOnSave(bool on) {
    if (m_session.formatOnSave == on)
        return;
    m_session.formatOnSave = on;
    edited();
}

void SessionController::setLaunch(int index, const engine::SessionLaunch& launch) {
    if (index < 0 || index >= int(m_session.launches.size()) ||
        m_session.launches[size_t(index)] == launch)
        return;
    m_session.launches[size_t(index)] = launch;
    edited();
}

int SessionController::addLaunch(const engine::SessionLaunch& launch) {
    m_session.launches.push_back(launch);
    edited();
    return int(m_session.launches.size()) - 1;
}

void SessionController::removeLaunch(int index) {
    if (index < 0 || index >= int(m_session.launches.size()))
        return;
    m_session.launches.erase(m_session.launches.begin() + index);
    edited();
}

void SessionController::setBuffer(const engine::SessionBuffer& buffer) {
    if (engine::SessionBuffer* existing = m_session.findBuffer(buffer.name)) {
        if (*existing == buffer)
            return;
        *existing = buffer;
    } else {
        m_session.buffers.push_back(buffer);
    }
    edited();
}

void SessionController::removeBuffer(const std::string& name) {
    auto& buffers = m_session.buffers;
    const auto found = std::find_if(buffers.begin(), buffers.end(),
                                    [&](const auto& buffer) { return buffer.name == name; });
    if (found == buffers.end())
        return;
    buffers.erase(found);
    edited();
}

void SessionController::setDeviceName(const QString& name) {
    if (m_deviceName == name)
        return;
    abandonJob();
    m_deviceName = name;
    m_built = false;
    m_kernels.clear();
    m_limits.clear();
    Q_EMIT deviceChanged(name);
    Q_EMIT kernelsChanged();
}

void SessionController::chooseDevice(const QString& name, bool recordInSession) {
    setDeviceName(name);
    const std::vector<std::string> choice =
        name.isEmpty() ? std::vector<std::string>{} : std::vector<std::string>{name.toStdString()};
    if (recordInSession && m_session.devices != choice) {
        m_session.devices = choice;
        edited();
    }
}

bool SessionController::hasDevice() const {
    return !m_deviceName.isEmpty();
}

bool SessionController::isBuilt() const {
    return !m_busy && m_built && !m_kernels.empty() && m_builtSources == m_session.sources &&
           m_builtOptions == m_session.options && !m_client->hostChanged();
}

void SessionController::setProgram(const RemoteProgram& program, bool built) {
    m_kernels = program.kernels;
    m_limits = program.limits;
    m_built = built;
    Q_EMIT kernelsChanged();
}

const engine::KernelSignature* SessionController::kernel(const std::string& name) const {
    const auto found = std::find_if(m_kernels.begin(), m_kernels.end(),
                                    [&](const auto& signature) { return signature.name == name; });
    return found == m_kernels.end() ? nullptr : &*found;
}

std::optional<engine::KernelLimits> SessionController::limits(const std::string& kernel) const {
    const auto found = m_limits.find(kernel);
    if (found == m_limits.end())
        return std::nullopt;
    return found->second;
}

void SessionController::setBusy(bool busy) {
    if (m_busy == busy)
        return;
    m_busy = busy;
    if (!busy)
        m_running = false;
    // A build, or a run that may build first, starts with the build's limit.
    if (busy) {
        startStep(m_jobLimits.build);
    } else {
        m_countdown.stop();
        Q_EMIT watchdogCountdown(-1);
    }
    Q_EMIT busyChanged(busy);
}

void SessionController::build() {
    if (m_busy) {
        m_buildAgain = true; // after the build or run in progress
        return;
    }
    m_jobLimits = watchdogLimits();
    setBusy(true);
    Q_EMIT buildStarted();
    const std::string deviceName = m_deviceName.toStdString();
    const engine::Session session = m_session;
    const std::filesystem::path folder = this->folder().toStdString();
    m_activeJob = m_bridge.run(
        this,
        [client = m_client, deviceName, session, folder, limits = m_jobLimits](const JobContext&) {
            return client->build(session, folder, deviceName, limits);
        },
        [this, generation = m_generation, session](JobResult<RemoteBuild> result) {
            if (generation != m_generation) // another session or device meanwhile
                return;
            m_activeJob = 0;
            setBusy(false);
            if (m_buildAgain) { // the sources changed while it built
                m_buildAgain = false;
                QMetaObject::invokeMethod(this, &SessionController::build, Qt::QueuedConnection);
            }
            if (!result) {
                setProgram({}, false);
                if (result.error().kind == JobError::Kind::Cancelled) {
                    Q_EMIT errorOccurred(QStringLiteral("build"), tr("The build was cancelled."));
                    return;
                }
                Q_EMIT buildFinished(false, result.error().message);
                Q_EMIT errorOccurred(QStringLiteral("build"), result.error().message);
                return;
            }
            const RemoteBuild& built = result.value();
            m_builtSources = session.sources;
            m_builtOptions = session.options;
            setProgram(built.program, built.summary.ok);
            for (const QString& warning : built.summary.warnings)
                Q_EMIT warned(warning);
            Q_EMIT buildFinished(built.summary.ok, built.summary.message);
            if (!built.summary.ok)
                Q_EMIT errorOccurred(QStringLiteral("build"), built.summary.message);
        });
}

void SessionController::run() {
    startRun(RunRecord::Mode::Run, -1, 1);
}

void SessionController::runRepeated(int launchIndex, int times) {
    startRun(RunRecord::Mode::RunN, launchIndex, times);
}

void SessionController::sweep(int launchIndex) {
    startRun(RunRecord::Mode::Sweep, launchIndex, 1);
}

bool SessionController::runLive() {
    if (m_busy)
        return false;
    startRun(RunRecord::Mode::Run, -1, 1, true, true);
    return true;
}

bool SessionController::pinLive() {
    if (m_liveRecords.empty())
        return false;
    for (RunRecord& record : m_liveRecords) {
        record.id = m_nextRunId++;
        m_history.push_back(std::move(record));
    }
    m_liveRecords.clear();
    Q_EMIT historyChanged();
    return true;
}

void SessionController::startRun(RunRecord::Mode mode, int launchIndex, int times, bool launch,
                                 bool live) {
    const QString where = QStringLiteral("run");
    if (m_busy) {
        Q_EMIT errorOccurred(where, tr("A run is in progress: wait for it or cancel it first."));
        return;
    }
    if (mode != RunRecord::Mode::Run &&
        (launchIndex < 0 || launchIndex >= int(m_session.launches.size()))) {
        Q_EMIT errorOccurred(where, tr("Pick a launch to repeat or sweep first."));
        return;
    }
    m_jobLimits = watchdogLimits();
    if (live)
        m_jobLimits.launch = std::min(m_jobLimits.launch, kLiveLaunchLimit);
    // Taken before busyChanged: an edit made in answer to it belongs to the next run.
    const engine::Session session = m_session;
    m_running = !live;
    setBusy(true);
    RunPlan plan;
    plan.session = session;
    plan.folder = folder().toStdString();
    plan.mode = mode;
    plan.launchIndex = launchIndex;
    plan.times = times;
    plan.deviceName = m_deviceName;
    plan.launch = launch;
    plan.store = !live;
    const std::string deviceName = m_deviceName.toStdString();
    m_activeJob = m_bridge.run(
        this,
        [this, client = m_client, deviceName, plan = std::move(plan), relay = m_relay,
         generation = m_generation, limits = m_jobLimits, live](const JobContext& job) {
            // Only posts: `this` is touched on its own thread, while it lives (the relay).
            const ProgressFn progress = [this, relay, generation, limits](const QString& what,
                                                                          int done, int total) {
                relay->post([this, generation, limits, what, done, total] {
                    if (generation == m_generation) {
                        // The host's watchdog starts again at each step: so does the countdown.
                        startStep(what == QLatin1String("Building") ? limits.build : limits.launch);
                        Q_EMIT this->progress(what, done, total);
                    }
                });
            };
            try {
                RemoteRun ran = client->run(plan, deviceName, job, progress, limits);
                // A captured session says whether the run gave what the program's launch gave.
                if (!live && plan.launch && !ran.outcome.sources.empty() &&
                    std::any_of(plan.session.buffers.begin(), plan.session.buffers.end(),
                                [](const engine::SessionBuffer& buffer) {
                                    return !buffer.expected.empty();
                                }))
                    ran.outcome.expected =
                        ExpectedResults::compare(plan.session, plan.folder, ran.outcome.sources);
                return ran;
            } catch (const HostStopped& stopped) {
                return RemoteRun{stoppedRun(plan, QString::fromStdString(stopped.what())), {}};
            }
        },
        [this, generation = m_generation, session, live](JobResult<RemoteRun> result) {
            if (generation != m_generation) { // another session or device meanwhile
                if (result)
                    releaseOnWorker({std::move(result.value().outcome.sources),
                                     std::move(result.value().outcome.initial)});
                return;
            }
            m_activeJob = 0;
            setBusy(false);
            if (m_buildAgain) {
                m_buildAgain = false;
                QMetaObject::invokeMethod(this, &SessionController::build, Qt::QueuedConnection);
            }
            if (!result) {
                if (live)
                    Q_EMIT liveRunFinished({LiveOutcome::Kind::Failed, result.error().message, 0});
                else
                    Q_EMIT errorOccurred(QStringLiteral("run"), result.error().message);
                return;
            }
            RemoteRun& ran = result.value();
            if (ran.program) {
                m_builtSources = session.sources;
                m_builtOptions = session.options;
                setProgram(*ran.program, ran.outcome.build && ran.outcome.build->ok);
            }
            if (live)
                finishLiveRun(std::move(ran.outcome), session);
            else
                finishRun(std::move(ran.outcome));
        });
}

void SessionController::finishRun(RunOutcome outcome) {
    if (outcome.build) {
        for (const QString& warning : outcome.build->warnings)
            Q_EMIT warned(warning);
        Q_EMIT buildFinished(outcome.build->ok, outcome.build->message);
    }
    for (const QString& warning : outcome.warnings)
        Q_EMIT warned(warning);
    for (RunRecord& record : outcome.records) {
        record.id = m_nextRunId++;
        m_history.push_back(record);
        for (const QString& warning : record.warnings)
            Q_EMIT warned(warning);
        Q_EMIT runFinished(record);
    }
    if (!outcome.records.empty())
        Q_EMIT historyChanged();
    if (outcome.sweep)
        Q_EMIT sweepFinished(*outcome.sweep);
    if (!outcome.sources.empty()) {
        // The panels let go of the buffers they showed for the new ones: one release.
        const HostReleaseBatch batch;
        releaseOnWorker({std::move(m_previous), std::move(m_initial)});
        m_previous = std::move(m_sources);
        m_sources = std::move(outcome.sources);
        m_initial = std::move(outcome.initial);
        if (outcome.expected) {
            releaseOnWorker({std::move(m_expected)});
            m_expected = std::move(outcome.expected->sources);
            Q_EMIT expectationsChecked(outcome.expected->lines, outcome.expected->allEqual);
        }
        Q_EMIT buffersReady(bufferNames());
    }
    if (!outcome.errorWhere.isEmpty())
        Q_EMIT errorOccurred(outcome.errorWhere, outcome.error);
}

void SessionController::finishLiveRun(RunOutcome outcome, const engine::Session& ranWith) {
    LiveOutcome live;
    const bool stopped = std::any_of(outcome.records.begin(), outcome.records.end(),
                                     [](const RunRecord& record) { return record.hostStopped; });
    const bool failed = std::any_of(outcome.records.begin(), outcome.records.end(),
                                    [](const RunRecord& record) { return !record.ok; });
    if (!sameWork(ranWith, m_session)) {
        live.kind = LiveOutcome::Kind::Stale; // a newer edit is queued: never shown over it
    } else if (outcome.build && !outcome.build->ok) {
        live.kind = LiveOutcome::Kind::BuildFailed;
        live.message = outcome.build->message;
    } else if (stopped) {
        live.kind = LiveOutcome::Kind::Stopped;
        live.message = outcome.error;
    } else if (!outcome.errorWhere.isEmpty() || failed || outcome.sources.empty()) {
        live.kind = LiveOutcome::Kind::Failed;
        live.message = outcome.errorWhere.isEmpty()
                           ? tr("The run gave no buffers.")
                           : tr("%1: %2").arg(outcome.errorWhere, outcome.error);
    }
    if (live.kind != LiveOutcome::Kind::Shown) {
        // The last good results stay shown; what this run made is let go.
        releaseOnWorker({std::move(outcome.sources), std::move(outcome.initial)});
        Q_EMIT liveRunFinished(live);
        return;
    }
    live.kernelMs = kernelMs(outcome.records);
    m_liveRecords = std::move(outcome.records);
    const HostReleaseBatch batch; // as in finishRun
    releaseOnWorker({std::move(m_previous), std::move(m_initial)});
    m_previous = std::move(m_sources);
    m_sources = std::move(outcome.sources);
    m_initial = std::move(outcome.initial);
    Q_EMIT buffersReady(bufferNames());
    Q_EMIT liveRunFinished(live);
}

void SessionController::cancel() {
    if (m_activeJob) {
        m_client->cancelActive();
        m_bridge.cancel(m_activeJob);
    }
}

void SessionController::stop() {
    if (m_activeJob)
        m_client->stop(tr("Stop was pressed"));
}

void SessionController::restart() {
    m_built = false;
    startRun(RunRecord::Mode::Run, -1, 1, false);
}

const RunRecord* SessionController::record(int runId) const {
    const auto found = std::find_if(m_history.begin(), m_history.end(),
                                    [&](const RunRecord& record) { return record.id == runId; });
    return found == m_history.end() ? nullptr : &*found;
}

void SessionController::restore(int runId) {
    const RunRecord* found = record(runId);
    if (!found)
        return;
    if (found->launchIndex >= 0 && found->launchIndex < int(m_session.launches.size()))
        setLaunch(found->launchIndex, found->launch);
    else
        Q_EMIT errorOccurred(QStringLiteral("session"),
                             tr("Run %1's launch is no longer in the session.").arg(runId));
}

QStringList SessionController::bufferNames() const {
    QStringList names;
    for (const engine::SessionBuffer& buffer : m_session.buffers)
        if (m_sources.count(QString::fromStdString(buffer.name)))
            names.append(QString::fromStdString(buffer.name));
    return names;
}

std::shared_ptr<BufferSource> SessionController::bufferSource(const QString& name) const {
    const auto found = m_sources.find(name);
    return found == m_sources.end() ? nullptr : found->second;
}

std::shared_ptr<BufferSource> SessionController::expectedSource(const QString& name) const {
    const auto found = m_expected.find(name);
    return found == m_expected.end() ? nullptr : found->second;
}

std::shared_ptr<BufferSource> SessionController::initialSource(const QString& name) const {
    const auto found = m_initial.find(name);
    return found == m_initial.end() ? nullptr : found->second;
}

std::shared_ptr<BufferSource> SessionController::previousSource(const QString& name) const {
    const auto found = m_previous.find(name);
    return found == m_previous.end() ? nullptr : found->second;
}

} // namespace clw::ui
