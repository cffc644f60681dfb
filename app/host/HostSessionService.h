#pragma once
// What a device host does for the workbench (DESIGN.md §2a): finds devices, builds and runs
// sessions with the same code the workbench ran in its own process before (bridge/SessionJobs),
// and lends the runs' buffers for the inspector (HostBufferTable). Each reply is plain values.
#include "HostBufferTable.h"
#include "HostServer.h"

#include "HostRun.pb.h"

#include "bridge/BuildTargets.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/session/Session.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace clw::ui {
struct SessionDeviceState;
}

namespace clw::host {

class PrintfCapture;

class HostSessionService {
public:
    // `platform`: the only platform whose devices this host uses; empty for every platform of
    // the drivers it loaded (a host that lists devices).
    HostSessionService(std::string platform, PrintfCapture& printf);
    ~HostSessionService();

    void install(HostServer& server);

private:
    struct HostSession {
        std::string choice;
        std::shared_ptr<ui::SessionDeviceState> state;
    };
    // The session's document as last sent, read: a run of an unchanged session names its
    // revision instead of sending it again (reading it takes tens of microseconds).
    struct SessionDocument {
        std::uint64_t revision = 0;
        engine::Session session;
    };

    // What a run's reply is made from, freed once the reply is out (keepUntilAnswered); the
    // kept reply (m_runReply) is cleared for the next run then too, or let go when it grew large.
    struct RunLeftover {
        ui::RunPlan plan;
        ui::RunOutcome outcome;
        engine::wire::RunReply* keptReply = nullptr;
        engine::wire::RunReply largeReply;
        // The buffers the workbench let go of before the run: freed after its reply.
        std::vector<std::shared_ptr<ui::BufferSource>> released;
        ~RunLeftover();
    };

    engine::HostMessage hello(const engine::HostMessage& request);
    engine::HostMessage build(const engine::HostMessage& request);
    engine::HostMessage run(const engine::HostMessage& request, const RequestContext& context);
    engine::HostMessage close(const engine::HostMessage& request);
    engine::HostMessage check(const engine::HostMessage& request, const RequestContext& context);
    engine::HostMessage read(const engine::HostMessage& request);
    engine::HostMessage write(const engine::HostMessage& request);
    engine::HostMessage fill(const engine::HostMessage& request);
    engine::HostMessage snapshot(const engine::HostMessage& request);
    engine::HostMessage release(const engine::HostMessage& request);
    // On the Session lane's thread, at rest: frees what was released since the last run.
    void freeReleased();

    engine::Device chooseDevice(const std::string& choice) const;
    // The session's device state, made anew when the device choice changed.
    std::shared_ptr<ui::SessionDeviceState> stateFor(std::uint64_t session,
                                                     const std::string& choice);
    nlohmann::json program(const ui::SessionDeviceState& state) const;
    // A build's or run's typed request, read into `into`; throws when it has none.
    static void readSessionRequest(const engine::HostMessage& request,
                                   engine::wire::SessionRequest& into);
    // Gives back the room of a large session text that `request` carried (m_sessionRequest).
    static void forgetLargeDocument(engine::wire::SessionRequest& request);
    // The request's session into `into`: its document, read, or the kept one of its revision,
    // moved out of the keeping (a copy took a microsecond of every run) until keepSession moves
    // it back. The keeping's entry stays, at revision 0, which no request has. Throws with
    // kSessionDocumentNeeded when the revision is not the one kept.
    void takeSession(const engine::wire::SessionRequest& request, engine::Session& into);
    void keepSession(const engine::wire::SessionRequest& request, engine::Session&& session);

    std::string m_platform;
    PrintfCapture& m_printf;
    engine::BuildService m_builds;
    // The editor's builds: no binary cache (WorkbenchContext said why: caching reads back every
    // built program's binaries, which on PoCL holds its compiler lock while the person types).
    engine::BuildService m_editBuilds;
    ui::BuildTargets m_editTargets;
    HostBufferTable m_buffers;
    HostServer* m_server = nullptr;
    std::mutex m_releasedMutex; // guards m_released
    // Released, not yet freed: the Session lane's thread frees them (release() says why).
    std::vector<std::shared_ptr<ui::BufferSource>> m_released;
    std::mutex m_mutex;
    std::map<std::uint64_t, HostSession> m_sessions;
    std::map<std::uint64_t, SessionDocument> m_documents;
    // The Session lane's typed request and reply, used again by every build and run (one at a
    // time, on its one thread): protobuf keeps a cleared message's strings and records for the
    // next, where new ones allocated and freed them, microseconds of every run.
    engine::wire::SessionRequest m_sessionRequest;
    engine::wire::RunReply m_runReply;
};

} // namespace clw::host
