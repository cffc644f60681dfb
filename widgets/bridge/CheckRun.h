#pragma once
// A check run (issue: visual kernel debugging): the session's launches, each once, on an
// Oclgrind device in a device host of their own, with the workbench's Oclgrind plugin
// (engine/oclgrind-check) loaded there. The findings come back as a CheckReport. Used by
// `clworkbench check` and the workbench's Check (F6); Oclgrind never runs in the caller's
// process.
#include "bridge/DeviceHosts.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/debug/CheckReport.h"
#include "clw/engine/debug/WatchPlan.h"

#include <QList>
#include <QProcessEnvironment>
#include <QString>

#include <filesystem>
#include <memory>

namespace clw::ui {

class JobContext;

struct CheckOutcome {
    engine::CheckReport report;
    engine::WatchReport watch; // of a debug run
    RunOutcome run;            // the run itself: its build, its errors; its buffers as sources
    QString device;
    QString platform;
    // The hosts of the run, which its buffer sources need.
    std::shared_ptr<DeviceHosts> hosts;
};

class CheckRun {
public:
    // Runs `session` on the Oclgrind device named `deviceName` (empty: the first one listed),
    // in `hosts` (new ones when null; the caller's can be stopped from another thread to end the
    // check). The plugin keeps `progressFile` saying "<kernel> <groups done> <groups>" when
    // given. Throws std::runtime_error saying what to do when there is no Oclgrind device or
    // plugin, or `deviceName` is not an Oclgrind device; HostStopped when the host stopped (a
    // crash, the watchdog, Stop).
    static CheckOutcome run(const engine::Session& session, const std::filesystem::path& folder,
                            const QString& deviceName, const JobContext& job,
                            std::shared_ptr<DeviceHosts> hosts = {},
                            const QString& progressFile = {});
    // A debug run instead: no checks, the watch's values (CheckOutcome::watch), the program
    // built from source at -O0 with its debug information. Throws std::runtime_error with the
    // request's problem (prepareWatch) before anything runs.
    static CheckOutcome watch(const engine::Session& session, const std::filesystem::path& folder,
                              const engine::WatchRequest& request, const QString& deviceName,
                              const JobContext& job, std::shared_ptr<DeviceHosts> hosts = {},
                              const QString& progressFile = {});

    // A debug run with breakpoints instead: the plugin's debugger (DebugSession) follows
    // `workItem`, stopping at `lines` of `file` (the session's name; empty: the main file), and
    // talks to whoever listens on the local socket `socketPath`. No watchdog on launches: a paused
    // work-item waits for the person. Returns when the run ends (or Stop ends its host).
    static CheckOutcome debug(const engine::Session& session, const std::filesystem::path& folder,
                              const QString& file, const QList<int>& lines,
                              const engine::CheckIds& workItem, const QString& socketPath,
                              const JobContext& job, std::shared_ptr<DeviceHosts> hosts = {});

    // The plugin library, by absolute path: CLW_OCLGRIND_CHECK_PLUGIN when set, else beside the
    // executable (the build tree's lib/, the installed lib/clworkbench/). Empty when there is
    // none. Throws std::runtime_error when CLW_OCLGRIND_CHECK_PLUGIN is a relative path
    // (engine::relativePathProblem), which Oclgrind would open from the host's current folder.
    static QString pluginPath();
    // Why the run itself did not go through (a build that failed, with its diagnostics, or what
    // stopped it), empty when it did: said instead of the findings or values.
    static QString failureOf(const RunOutcome& outcome);
    // What the plugin is told, through its host's environment: each file when not empty.
    struct PluginFiles {
        QString findings;    // CLW_CHECK_FINDINGS: check, and write the findings there
        QString progress;    // CLW_CHECK_PROGRESS
        QString watch;       // CLW_WATCH: the WatchRequest, as JSON (not a file)
        QString watchOutput; // CLW_WATCH_OUTPUT
        QString debug;       // CLW_DEBUG: breakpoints and the work-item followed, as JSON
        QString debugSocket; // CLW_DEBUG_SOCKET
    };
    static QProcessEnvironment environment(QProcessEnvironment environment, const QString& plugin,
                                           const PluginFiles& files);

private:
    static CheckOutcome runWith(const engine::Session& session, const std::filesystem::path& folder,
                                const QString& deviceName, const JobContext& job,
                                std::shared_ptr<DeviceHosts> hosts, const PluginFiles& files,
                                bool debugging = false);
};

} // namespace clw::ui
