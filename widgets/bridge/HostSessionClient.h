#pragma once
// A session's side of its device host: builds and runs go to the host of the chosen device's
// platform as requests, and come back as the same values the session jobs give in a process of
// their own (bridge/SessionJobs), with the run's buffers as RemoteBufferSources. Called from a
// bridge worker, one job at a time; cancelActive() and stop() from the GUI thread.
#include "bridge/HostConnection.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/KernelSignature.h"

#include "HostRun.pb.h"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clw::ui {

class DeviceHosts;
class HostConnection;
class JobContext;

// How long a build and a launch may run before the watchdog ends the host.
struct WatchdogLimits {
    std::chrono::milliseconds build{120'000};
    std::chrono::milliseconds launch{10'000};

    // A session's limits (seconds) as the watchdog counts them: whole milliseconds, at least 1
    // (a zero limit would mean none).
    static WatchdogLimits of(const engine::SessionWatchdog& watchdog);
};

struct RemoteProgram {
    std::vector<engine::KernelSignature> kernels;
    std::map<std::string, engine::KernelLimits> limits;
};

struct RemoteBuild {
    BuildSummary summary;
    RemoteProgram program;
};

struct RemoteRun {
    RunOutcome outcome;
    std::optional<RemoteProgram> program; // when the run built first
    // The run's own time in the host (RunReply.run_ns): what the host adds to a run is the round
    // trip less this (clw_bench_launch).
    std::chrono::nanoseconds hostRunTime{0};
};

class HostSessionClient {
public:
    // `session` tells this session's state apart from others in the same host.
    HostSessionClient(DeviceHosts& hosts, std::uint64_t session);
    ~HostSessionClient();

    RemoteBuild build(const engine::Session& session, const std::filesystem::path& folder,
                      const std::string& deviceChoice, const WatchdogLimits& limits);
    RemoteRun run(const RunPlan& plan, const std::string& deviceChoice, const JobContext& job,
                  const ProgressFn& progress, const WatchdogLimits& limits);

    // Asks the host to cancel the build or run in progress (it stops between launches).
    void cancelActive();
    // Ends the host of the session's platform now (Stop).
    void stop(const QString& reason);
    // The platform of the device last resolved; empty before.
    std::string platform() const;
    // True when the host that built the program is not the one running now (it stopped): the
    // next run builds again.
    bool hostChanged() const;

private:
    std::shared_ptr<HostConnection> hostFor(const std::string& deviceChoice, std::string& device);
    // Sends a session request and waits for its reply: with the session's document, or with
    // only its revision when that host holds the same document already (writing and reading a
    // document takes tens of microseconds a run); again with the document when the host says it
    // needs it. A job cancelled by then cancels the request.
    engine::HostMessage sessionRequest(const std::shared_ptr<HostConnection>& host,
                                       const std::string& verb,
                                       engine::wire::SessionRequest& request,
                                       const engine::Session& session,
                                       const HostRequestOptions& options, const JobContext* job);
    void setActive(std::shared_ptr<HostConnection> host, std::uint64_t id);
    // Under m_mutex: the program of `session` was built on `host` for `device`.
    void noteBuilt(const std::shared_ptr<HostConnection>& host, const std::string& device,
                   const engine::Session& session);
    // Whether `host` holds the program of `session` for `device`, as far as this client knows.
    bool isBuilt(const std::shared_ptr<HostConnection>& host, const std::string& device,
                 const engine::Session& session) const;

    DeviceHosts& m_hosts;
    std::uint64_t m_session;
    mutable std::mutex m_mutex;
    std::string m_platform;
    std::weak_ptr<HostConnection> m_builtOn;
    std::string m_builtDevice;
    engine::SourceSet m_builtSources;
    std::string m_builtOptions;
    std::shared_ptr<HostConnection> m_activeHost;
    std::uint64_t m_activeId = 0;
    // The document the host last got (DocumentSent), by revision.
    std::weak_ptr<HostConnection> m_documentHost;
    engine::Session m_documentSession;
    std::uint64_t m_revision = 0;
};

} // namespace clw::ui
