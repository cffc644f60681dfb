#include "HostSessionService.h"

#include "PrintfCapture.h"

#include "bridge/EditorBuild.h"
#include "bridge/HostStopped.h"
#include "bridge/HostValues.h"
#include "bridge/RunRecordWire.h"
#include "bridge/SessionDeviceState.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/debug/PrintedLines.h"
#include "clw/engine/launch/LaunchService.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionFile.h"

#include <QCoreApplication>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <utility>

namespace clw::host {

using engine::HostMessage;

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kProgressEvery = std::chrono::milliseconds(50);
// A kept reply that grew past this many records, or a kept request whose session text grew past
// this many bytes, is let go rather than kept for the next run (m_runReply, m_sessionRequest).
constexpr int kKeptRecords = 64;
constexpr std::size_t kKeptDocumentBytes = 64 * 1024;

engine::BuildService::Settings uncached() {
    engine::BuildService::Settings settings;
    settings.useCache = false;
    return settings;
}

} // namespace

HostSessionService::HostSessionService(std::string platform, PrintfCapture& printf)
    : m_platform(std::move(platform))
    , m_printf(printf)
    , m_editBuilds(uncached()) {}

HostSessionService::~HostSessionService() = default;

HostSessionService::RunLeftover::~RunLeftover() {
    if (keptReply)
        keptReply->Clear();
}

void HostSessionService::install(HostServer& server) {
    m_server = &server;
    server.onSessionRest([this] { freeReleased(); });
    const auto plain = [this](HostMessage (HostSessionService::*verb)(const HostMessage&)) {
        return [this, verb](const HostMessage& request, const RequestContext&) {
            return (this->*verb)(request);
        };
    };
    server.on("hello", Lane::Session, plain(&HostSessionService::hello));
    // Nothing but the round trip: what the channel adds to every request (clw_bench_host). The
    // body comes back as it went, for tests of who gets which reply.
    server.on("ping", Lane::Buffer, [](const HostMessage& request, const RequestContext&) {
        return HostMessage::replyTo(request, request.body);
    });
    server.on("session.build", Lane::Session, plain(&HostSessionService::build));
    server.on("session.run", Lane::Session,
              [this](const HostMessage& request, const RequestContext& context) {
                  return run(request, context);
              });
    server.on("session.close", Lane::Session, plain(&HostSessionService::close));
    server.on("build.check", Lane::Edit,
              [this](const HostMessage& request, const RequestContext& context) {
                  return check(request, context);
              });
    server.on("buffer.read", Lane::Buffer, plain(&HostSessionService::read));
    server.on("buffer.write", Lane::Buffer, plain(&HostSessionService::write));
    server.on("buffer.fill", Lane::Buffer, plain(&HostSessionService::fill));
    server.on("buffer.snapshot", Lane::Buffer, plain(&HostSessionService::snapshot));
    // Sent after every run for the buffers of the run before: on the Buffer lane, each woke a
    // thread to read on, and the next run's request waited for it to wake. The reader only takes
    // the buffers from the table; the Session lane's thread frees them.
    server.on("buffer.release", Lane::Reader, plain(&HostSessionService::release));
}

HostMessage HostSessionService::hello(const HostMessage& request) {
    nlohmann::json devices = nlohmann::json::array();
    for (const engine::Device& device : engine::allDevices()) {
        const std::string platform = device.platform().name();
        if (m_platform.empty() || platform == m_platform)
            devices.push_back({{"platform", platform},
                               {"device", device.name()},
                               {"gpu", (device.type() & CL_DEVICE_TYPE_GPU) != 0}});
    }
    return HostMessage::replyTo(request, {{"protocol", HostMessage::kProtocolVersion},
                                          {"pid", QCoreApplication::applicationPid()},
                                          {"platform", m_platform},
                                          {"devices", devices}});
}

engine::Device HostSessionService::chooseDevice(const std::string& choice) const {
    std::vector<engine::Device> devices;
    for (engine::Device& device : engine::allDevices())
        if (m_platform.empty() || device.platform().name() == m_platform)
            devices.push_back(std::move(device));
    // The rule the workbench resolved the choice by, among this host's devices.
    if (auto device = engine::chooseAmong(devices, choice))
        return *device;
    if (choice.empty())
        throw engine::SessionError("No OpenCL device found: run scripts/setup to install PoCL, "
                                   "or install your GPU's OpenCL driver.");
    throw engine::SessionError("No OpenCL device matches '" + choice +
                               "': pick one in the status bar's device list.");
}

std::shared_ptr<ui::SessionDeviceState> HostSessionService::stateFor(std::uint64_t session,
                                                                     const std::string& choice) {
    {
        std::lock_guard lock(m_mutex);
        const auto found = m_sessions.find(session);
        if (found != m_sessions.end() && found->second.choice == choice)
            return found->second.state;
    }
    auto state = std::make_shared<ui::SessionDeviceState>(chooseDevice(choice));
    std::lock_guard lock(m_mutex);
    m_sessions[session] = {choice, state};
    return state;
}

void HostSessionService::readSessionRequest(const HostMessage& request,
                                            engine::wire::SessionRequest& into) {
    if (!into.ParseFromString(request.typed))
        throw std::runtime_error(request.verb +
                                 " without its typed request (SessionRequest): the workbench "
                                 "comes from another install than its clworkbench-host; reinstall");
}

void HostSessionService::forgetLargeDocument(engine::wire::SessionRequest& request) {
    if (request.document().capacity() > kKeptDocumentBytes)
        std::string().swap(*request.mutable_document());
}

void HostSessionService::takeSession(const engine::wire::SessionRequest& request,
                                     engine::Session& into) {
    if (request.has_document()) {
        into = engine::SessionFile::parse(request.document(), "session").session;
        return;
    }
    std::lock_guard lock(m_mutex);
    const auto kept = m_documents.find(request.session());
    if (kept == m_documents.end() || kept->second.revision != request.revision())
        throw std::runtime_error(ui::kSessionDocumentNeeded);
    into = std::move(kept->second.session);
    kept->second.revision = 0;
}

void HostSessionService::keepSession(const engine::wire::SessionRequest& request,
                                     engine::Session&& session) {
    std::lock_guard lock(m_mutex);
    SessionDocument& kept = m_documents[request.session()];
    kept.revision = request.revision();
    kept.session = std::move(session);
}

nlohmann::json HostSessionService::program(const ui::SessionDeviceState& state) const {
    return {{"kernels", state.kernels}, {"limits", state.limits}};
}

HostMessage HostSessionService::build(const HostMessage& request) {
    engine::wire::SessionRequest& typed = m_sessionRequest;
    readSessionRequest(request, typed);
    auto state = stateFor(typed.session(), typed.device());
    engine::Session session;
    takeSession(typed, session);
    const ui::BuildSummary summary =
        ui::buildSessionProgram(*state, session, typed.folder(), m_builds);
    keepSession(typed, std::move(session));
    forgetLargeDocument(typed);
    return HostMessage::replyTo(request, {{"summary", summary}, {"program", program(*state)}});
}

HostMessage HostSessionService::run(const HostMessage& request, const RequestContext& context) {
    // What only goes once the reply is out: freeing it takes microseconds of every run, which
    // the workbench then does not wait for (clw_bench_launch).
    auto leftover = std::make_shared<RunLeftover>();
    leftover->keptReply = &m_runReply; // cleared with the leftover, thrown or answered
    engine::wire::SessionRequest& typed = m_sessionRequest;
    readSessionRequest(request, typed);
    auto state = stateFor(typed.session(), typed.device());
    ui::RunPlan& plan = leftover->plan;
    takeSession(typed, plan.session);
    plan.folder = typed.folder();
    plan.mode = ui::RunRecord::Mode(typed.mode());
    plan.launchIndex = typed.launch_index();
    plan.times = typed.times();
    plan.launch = typed.launch();
    plan.store = typed.store();
    plan.launchedKernelsOnly = typed.launched_kernels_only();
    // The state by its address: `state` holds it through the run, and a pointer fits in the
    // function without an allocation.
    plan.afterLaunch = [this, running = state.get()](ui::RunRecord& record) {
        // The launch's printf output is complete once its queue has finished. A program that
        // prints nothing needs no wait (a driver's own words come with a later take()).
        if (running->mayPrint)
            running->launches->finish();
        PrintedText printed = m_printf.take(running->mayPrint);
        // Each line with the work-item that printed it (the build tagged every printf).
        record.setOutput(engine::splitPrintedLines(printed.text));
        record.outputDropped = printed.leftOut;
    };
    // Progress goes out when its phase changes, else at most every kProgressEvery: each event
    // is a message through the channel, which in a run of many short launches costs more than a
    // launch, while the progress bar and the watchdog (which a phase's event starts again) need
    // no more.
    // The workbench says which phase its watchdog counts already ("launch" when it knows the
    // program is built): no event needs to say it again.
    std::string sentPhase = typed.phase();
    Clock::time_point sentAt = Clock::now();
    const ui::ProgressFn progress = [&](const QString& what, int done, int total) {
        // The phase picks the workbench's watchdog limit: a build may take longer than a launch.
        const char* phase = what == QLatin1String("Building") ? "build" : "launch";
        const Clock::time_point now = Clock::now();
        if (phase == sentPhase && now - sentAt < kProgressEvery)
            return;
        sentPhase = phase;
        sentAt = now;
        context.event({{"what", what}, {"done", done}, {"total", total}, {"phase", phase}});
    };
    ui::RunOutcome& outcome = leftover->outcome;
    const Clock::time_point runStart = Clock::now();
    try {
        outcome = ui::runSessionPlan(*state, plan, m_builds, context.job(), progress);
    } catch (...) {
        keepSession(typed, std::move(plan.session));
        throw;
    }
    const Clock::duration runTime = Clock::now() - runStart;
    keepSession(typed, std::move(plan.session));
    // Records and buffers typed (HostRun.proto); the rest, which a plain run has none of, in the
    // JSON body and only where it is not empty.
    nlohmann::json reply(nlohmann::json::value_t::object);
    if (!outcome.warnings.isEmpty())
        reply["warnings"] = outcome.warnings;
    if (!outcome.error.isEmpty()) {
        reply["errorWhere"] = outcome.errorWhere;
        reply["error"] = outcome.error;
    }
    if (outcome.build) {
        reply["build"] = *outcome.build;
        reply["program"] = program(*state);
    }
    if (outcome.sweep)
        reply["sweep"] = *outcome.sweep;
    engine::wire::RunReply& ran = m_runReply; // cleared by the last run's leftover
    ran.set_run_ns(
        std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(runTime).count()));
    for (const ui::RunRecord& record : outcome.records)
        ui::recordToWire(record, *ran.add_records());
    for (auto& [name, source] : outcome.sources) {
        engine::wire::RunBuffer& buffer = *ran.add_buffers();
        buffer.set_name(name.toStdString());
        m_buffers.lend(source, *buffer.mutable_current());
        if (const auto initial = outcome.initial.find(name); initial != outcome.initial.end())
            m_buffers.lend(initial->second, *buffer.mutable_initial());
    }
    HostMessage answer = HostMessage::replyTo(request, std::move(reply));
    answer.typed = ran.SerializeAsString();
    if (ran.records_size() > kKeptRecords)
        leftover->largeReply.Swap(&ran); // freed after the reply, and the next starts afresh
    forgetLargeDocument(typed);
    {
        std::lock_guard lock(m_releasedMutex);
        leftover->released.swap(m_released);
    }
    context.keepUntilAnswered(std::move(leftover));
    // A CPU device's driver sleeps while its threads run the kernel, and the waiter wakes on any
    // core; a GPU's spins, keeping its core, where holding one only slowed NVIDIA's runs.
    if (state->device.type() & CL_DEVICE_TYPE_CPU)
        context.holdCore();
    return answer;
}

HostMessage HostSessionService::check(const HostMessage& request, const RequestContext& context) {
    const ui::BuildInput input = request.body.at("input").get<ui::BuildInput>();
    const ui::BuildReport report =
        ui::runEditorBuild(m_editTargets, m_editBuilds, input, context.job());
    return HostMessage::replyTo(request, {{"report", report}});
}

HostMessage HostSessionService::close(const HostMessage& request) {
    std::shared_ptr<ui::SessionDeviceState> closed;
    std::lock_guard lock(m_mutex);
    if (const auto found = m_sessions.find(request.body.at("session")); found != m_sessions.end()) {
        closed = std::move(found->second.state);
        m_sessions.erase(found);
    }
    m_documents.erase(request.body.at("session").get<std::uint64_t>());
    return HostMessage::replyTo(request);
}

HostMessage HostSessionService::read(const HostMessage& request) {
    const auto source = m_buffers.find(request.body.at("handle"));
    HostMessage reply = HostMessage::replyTo(request);
    reply.bulk.resize(request.body.at("length").get<std::uint64_t>());
    source->read(request.body.at("offset"), reply.bulk);
    return reply;
}

HostMessage HostSessionService::write(const HostMessage& request) {
    m_buffers.find(request.body.at("handle"))->write(request.body.at("offset"), request.bulk);
    return HostMessage::replyTo(request);
}

HostMessage HostSessionService::fill(const HostMessage& request) {
    const bool filled =
        m_buffers.find(request.body.at("handle"))
            ->fillPattern(request.bulk, request.body.at("offset"), request.body.at("size"));
    return HostMessage::replyTo(request, {{"filled", filled}});
}

HostMessage HostSessionService::snapshot(const HostMessage& request) {
    const auto copy = m_buffers.find(request.body.at("handle"))->snapshot();
    engine::wire::LentBuffer lent;
    m_buffers.lend(copy, lent);
    HostMessage reply = HostMessage::replyTo(request);
    reply.typed = lent.SerializeAsString();
    return reply;
}

// The buffers are freed by the Session lane's thread, whose runs made them: after the next run's
// reply, or when it comes to rest. Freed by the reader as they came, they made NVIDIA's next
// run wait about 10 us (clw_bench_launch's replacing figures): its driver serializes the calls
// of two threads. What is released during a long run waits for its end; a driver that hangs
// while freeing holds up the Session lane, not the reading, and the next run's watchdog ends
// the host. The handles come typed (BufferRelease); a request (not a post) of none is answered
// with how many buffers are lent, a figure for tests.
HostMessage HostSessionService::release(const HostMessage& request) {
    engine::wire::BufferRelease handles;
    if (!handles.ParseFromString(request.typed))
        throw std::runtime_error("buffer.release without its typed request (BufferRelease): the "
                                 "workbench comes from another install than its "
                                 "clworkbench-host; reinstall");
    bool any = false;
    {
        std::lock_guard lock(m_releasedMutex);
        for (const std::uint64_t handle : handles.handles())
            if (auto released = m_buffers.release(handle)) {
                m_released.push_back(std::move(released));
                any = true;
            }
    }
    if (any)
        m_server->sessionChoreDue();
    if (request.id == 0) // a post, the workbench's after every run: its reply is dropped unread
        return HostMessage::replyTo(request);
    return HostMessage::replyTo(request, {{"lent", m_buffers.size()}});
}

void HostSessionService::freeReleased() {
    std::vector<std::shared_ptr<ui::BufferSource>> released;
    std::lock_guard lock(m_releasedMutex);
    released.swap(m_released);
}

} // namespace clw::host
