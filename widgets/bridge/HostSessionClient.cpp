#include "bridge/HostSessionClient.h"

#include "bridge/DeviceHosts.h"
#include "bridge/HostConnection.h"
#include "bridge/HostStopped.h"
#include "bridge/HostValues.h"
#include "bridge/JobContext.h"
#include "bridge/RemoteBufferSource.h"
#include "bridge/RunRecordWire.h"

#include "clw/engine/session/SessionFile.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>

namespace clw::ui {

namespace {

// A thread's typed reply and request, used again for every run it asks for: protobuf keeps a
// cleared message's strings and records for the next (a new message's allocations, and freeing
// them, took microseconds of every run). One that grew past this many records is let go.
constexpr int kKeptRecords = 64;
constexpr std::size_t kKeptDocumentBytes = 64 * 1024;

engine::wire::RunReply& threadRunReply() {
    thread_local engine::wire::RunReply reply;
    return reply;
}

engine::wire::SessionRequest& threadSessionRequest() {
    thread_local engine::wire::SessionRequest request;
    return request;
}

std::optional<RemoteProgram> programOf(const nlohmann::json& reply) {
    const auto found = reply.find("program");
    if (found == reply.end())
        return std::nullopt;
    RemoteProgram program;
    program.kernels = found->at("kernels").get<std::vector<engine::KernelSignature>>();
    program.limits = found->at("limits").get<std::map<std::string, engine::KernelLimits>>();
    return program;
}

QString runningWhat(const engine::Session& session, const RunPlan& plan) {
    // Put together in UTF-8 and made a QString once: every run says this, in case its host stops.
    std::string what = "running ";
    std::vector<const std::string*> named;
    for (int i = 0; i < int(session.launches.size()); ++i) {
        if (plan.mode != RunRecord::Mode::Run && i != plan.launchIndex)
            continue;
        const engine::SessionLaunch& launch = session.launches[size_t(i)];
        const std::string& name = launch.name.empty() ? launch.kernel : launch.name;
        if (std::any_of(named.begin(), named.end(),
                        [&name](const std::string* seen) { return *seen == name; }))
            continue;
        if (!named.empty())
            what += ", ";
        named.push_back(&name);
        what += '`';
        what += name;
        what += '`';
    }
    return QString::fromStdString(named.empty() ? what + "the session" : what);
}

std::chrono::milliseconds milliseconds(double seconds) {
    return std::chrono::milliseconds(std::max<long long>(1, std::llround(seconds * 1000.0)));
}

QString mainFile(const engine::Session& session) {
    const engine::SourceFile* main = session.sources.main();
    return main ? QString::fromStdString(main->name) : QStringLiteral("the session's sources");
}

} // namespace

WatchdogLimits WatchdogLimits::of(const engine::SessionWatchdog& watchdog) {
    WatchdogLimits limits;
    limits.build = milliseconds(watchdog.buildSeconds);
    limits.launch = milliseconds(watchdog.launchSeconds);
    return limits;
}

HostSessionClient::HostSessionClient(DeviceHosts& hosts, std::uint64_t session)
    : m_hosts(hosts)
    , m_session(session) {}

HostSessionClient::~HostSessionClient() = default;

std::shared_ptr<HostConnection> HostSessionClient::hostFor(const std::string& deviceChoice,
                                                           std::string& device) {
    ResolvedDevice resolved = m_hosts.resolve(deviceChoice);
    device = std::move(resolved.device);
    {
        std::lock_guard lock(m_mutex);
        m_platform = resolved.platform;
    }
    return m_hosts.host(resolved.platform);
}

void HostSessionClient::setActive(std::shared_ptr<HostConnection> host, std::uint64_t id) {
    std::lock_guard lock(m_mutex);
    m_activeHost = std::move(host);
    m_activeId = id;
}

RemoteBuild HostSessionClient::build(const engine::Session& session,
                                     const std::filesystem::path& folder,
                                     const std::string& deviceChoice,
                                     const WatchdogLimits& limits) {
    std::string device;
    const std::shared_ptr<HostConnection> host = hostFor(deviceChoice, device);
    HostRequestOptions options;
    options.limit = limits.build;
    options.what = QStringLiteral("building `%1`").arg(mainFile(session));
    engine::wire::SessionRequest& request = threadSessionRequest();
    request.Clear();
    request.set_session(m_session);
    request.set_device(device);
    request.set_folder(folder.string());
    const engine::HostMessage reply =
        sessionRequest(host, "session.build", request, session, options, nullptr);
    RemoteBuild built;
    built.summary = reply.body.at("summary").get<BuildSummary>();
    built.program = programOf(reply.body).value_or(RemoteProgram{});
    if (built.summary.ok) {
        std::lock_guard lock(m_mutex);
        noteBuilt(host, device, session);
    }
    return built;
}

RemoteRun HostSessionClient::run(const RunPlan& plan, const std::string& deviceChoice,
                                 const JobContext& job, const ProgressFn& progress,
                                 const WatchdogLimits& limits) {
    std::string device;
    const std::shared_ptr<HostConnection> host = hostFor(deviceChoice, device);
    HostRequestOptions options;
    // A run may build first; when the host holds the program, it starts with the launch's
    // limit and says so, and the host sends a phase's progress only when that phase differs
    // (one message less a run).
    const bool built = isBuilt(host, device, plan.session);
    options.limit = built ? limits.launch : limits.build;
    if (built && progress) // the step the host starts with and then does not say
        progress(QStringLiteral("Creating buffers"), 0, 0);
    options.phaseLimit = [limits](const std::string& phase) {
        return phase == "build" ? limits.build : limits.launch;
    };
    options.what = plan.launch ? runningWhat(plan.session, plan)
                               : QStringLiteral("restoring the session's buffers");
    options.onEvent = [progress](const nlohmann::json& event) {
        if (progress)
            progress(event.at("what").get<QString>(), event.at("done"), event.at("total"));
    };
    engine::wire::SessionRequest& request = threadSessionRequest();
    request.Clear();
    request.set_session(m_session);
    request.set_device(device);
    request.set_folder(plan.folder.string());
    request.set_mode(int(plan.mode));
    request.set_launch_index(plan.launchIndex);
    request.set_times(plan.times);
    request.set_launch(plan.launch);
    request.set_store(plan.store);
    request.set_launched_kernels_only(plan.launchedKernelsOnly);
    if (built)
        request.set_phase("launch");
    const engine::HostMessage reply =
        sessionRequest(host, "session.run", request, plan.session, options, &job);

    const nlohmann::json& body = reply.body;
    RemoteRun ran;
    RunOutcome& outcome = ran.outcome;
    if (body.contains("build"))
        outcome.build = body.at("build").get<BuildSummary>();
    ran.program = programOf(body);
    if (ran.program && outcome.build && outcome.build->ok) {
        std::lock_guard lock(m_mutex);
        noteBuilt(host, device, plan.session);
    }
    engine::wire::RunReply& typed = threadRunReply();
    if (!typed.ParseFromString(reply.typed))
        throw std::runtime_error("the device host sent a run's reply that is not the protocol's "
                                 "RunReply: reinstall, so that the workbench and its "
                                 "clworkbench-host come from one install");
    ran.hostRunTime = std::chrono::nanoseconds(typed.run_ns());
    for (const engine::wire::RunRecord& record : typed.records())
        outcome.records.push_back(recordFromWire(record, plan.session, plan.deviceName));
    if (body.contains("sweep"))
        outcome.sweep = body.at("sweep").get<SweepResult>();
    // Left out when empty (HostSessionService::run).
    outcome.warnings = body.value("warnings", QStringList());
    outcome.errorWhere = body.value("errorWhere", QString());
    outcome.error = body.value("error", QString());
    for (const engine::wire::RunBuffer& buffer : typed.buffers()) {
        const QString name = QString::fromStdString(buffer.name());
        outcome.sources[name] = std::make_shared<RemoteBufferSource>(host, buffer.current());
        if (buffer.has_initial())
            outcome.initial[name] = std::make_shared<RemoteBufferSource>(host, buffer.initial());
    }
    if (typed.records_size() > kKeptRecords)
        typed = engine::wire::RunReply();
    return ran;
}

engine::HostMessage HostSessionClient::sessionRequest(const std::shared_ptr<HostConnection>& host,
                                                      const std::string& verb,
                                                      engine::wire::SessionRequest& request,
                                                      const engine::Session& session,
                                                      const HostRequestOptions& options,
                                                      const JobContext* job) {
    for (int attempt = 0;; ++attempt) {
        bool withDocument = attempt > 0;
        {
            std::lock_guard lock(m_mutex);
            if (m_documentHost.lock() != host || !(m_documentSession == session))
                withDocument = true;
            if (withDocument) {
                m_documentHost = host;
                m_documentSession = session;
                ++m_revision;
            }
            request.set_revision(m_revision);
        }
        if (withDocument)
            request.set_document(engine::SessionFile::serialize(session));
        HostCall call = host->requestTyped(verb, request.SerializeAsString(), options);
        if (request.document().capacity() > kKeptDocumentBytes) // a large session's text
            std::string().swap(*request.mutable_document());    // is not kept for the next
        setActive(host, call.id);
        if (job && job->isCancelled())
            host->cancel(call.id);
        try {
            engine::HostMessage reply = call.reply.get();
            setActive(nullptr, 0);
            return reply;
        } catch (const HostRequestFailed& failure) {
            setActive(nullptr, 0);
            if (withDocument || std::string(failure.what()) != kSessionDocumentNeeded)
                throw;
        } catch (...) {
            setActive(nullptr, 0);
            throw;
        }
    }
}

void HostSessionClient::noteBuilt(const std::shared_ptr<HostConnection>& host,
                                  const std::string& device, const engine::Session& session) {
    m_builtOn = host;
    m_builtDevice = device;
    m_builtSources = session.sources;
    m_builtOptions = session.options;
}

bool HostSessionClient::isBuilt(const std::shared_ptr<HostConnection>& host,
                                const std::string& device, const engine::Session& session) const {
    std::lock_guard lock(m_mutex);
    return m_builtOn.lock() == host && m_builtDevice == device &&
           m_builtSources == session.sources && m_builtOptions == session.options;
}

void HostSessionClient::cancelActive() {
    std::lock_guard lock(m_mutex);
    if (m_activeHost)
        m_activeHost->cancel(m_activeId);
}

void HostSessionClient::stop(const QString& reason) {
    std::string platform;
    {
        std::lock_guard lock(m_mutex);
        platform = m_platform;
    }
    if (!platform.empty())
        m_hosts.stop(platform, reason);
}

std::string HostSessionClient::platform() const {
    std::lock_guard lock(m_mutex);
    return m_platform;
}

bool HostSessionClient::hostChanged() const {
    std::lock_guard lock(m_mutex);
    const std::shared_ptr<HostConnection> built = m_builtOn.lock();
    return !built || built->isStopped();
}

} // namespace clw::ui
