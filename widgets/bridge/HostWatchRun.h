#pragma once
// A watch on the session's own device (issue 19): the session once as written and once with its
// kernel instrumented (engine WatchInstrumentation), both in a device host of the watch's own,
// the watch buffers and the person's outputs read back from there. Oclgrind watches through its
// plugin instead (CheckRun::watch). Called on a bridge worker.
#include "bridge/DeviceHosts.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/debug/WatchPlan.h"
#include "clw/engine/debug/WatchRequest.h"

#include <QString>

#include <filesystem>
#include <memory>

namespace clw::ui {

class JobContext;

struct HostWatchOutcome {
    engine::WatchReport report;
    RunOutcome plain; // each run's build and errors; no buffer sources (their host goes)
    RunOutcome watched;
    QString device;
    QString platform;
};

class HostWatchRun {
public:
    // Watches `request` on the device named `deviceName` (as the session chooses devices; empty:
    // the default). Throws std::runtime_error with the watch's problem before anything runs (a
    // name not in scope, a line with no code), HostStopped when the host stopped.
    static HostWatchOutcome run(const engine::Session& session, const std::filesystem::path& folder,
                                const engine::WatchRequest& request, const QString& deviceName,
                                const JobContext& job, std::shared_ptr<DeviceHosts> hosts);
    // Whether a device is Oclgrind's (its platform's name), which watches through its plugin.
    static bool isOclgrind(const QString& platform);
};

} // namespace clw::ui
