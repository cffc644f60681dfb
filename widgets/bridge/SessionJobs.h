#pragma once
// What the SessionController's jobs do on a bridge worker: build the session's program and run its
// launches, returning values (DESIGN.md §3). No Qt object is touched here.
#include "bridge/ExpectedResults.h"
#include "models/RunRecord.h"

#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/session/Session.h"

#include <QString>
#include <QStringList>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace clw::engine {
class BuildService;
}

namespace clw::ui {

class BufferSource;
class JobContext;
struct SessionDeviceState;

struct BuildSummary {
    bool ok = false;
    QString message;        // "Built in 12 ms (cache)" or the failure with the first error
    QStringList warnings;   // include folders that do not exist: said also when the build fails
    double totalMs = 0;     // the build's time in all, as `clworkbench run` prints it
    bool fromCache = false; // the binary cache answered
    // A failure in the words of `clworkbench run` in its own process: "the build failed on
    // <device> with CL_BUILD_PROGRAM_FAILURE:" and every diagnostic, one a line.
    QString failure;
};

struct RunPlan {
    engine::Session session;
    std::filesystem::path folder;
    RunRecord::Mode mode = RunRecord::Mode::Run;
    int launchIndex = -1; // RunN and Sweep: the launch they repeat
    int times = 1;        // RunN
    QString deviceName;
    // False: build when needed and create the buffers from their initial contents, but launch
    // nothing (a restarted host getting the session's state back).
    bool launch = true;
    // False: a build the run needs is not stored in the binary cache (live mode's runs of the
    // text as it is typed: BuildRequest::store).
    bool store = true;
    // True: a build the run needs creates only the kernels its launches name (Check, Watch, diff
    // and the command line's runs, which show no kernel list). A program may hold a kernel the
    // device cannot create (Oclgrind stops the whole process on one it cannot run), which such a
    // run then never touches. False: every kernel, for the launch panel's list.
    bool launchedKernelsOnly = false;
    // Called after each launch has finished on the device, with its record (the device host
    // attaches the launch's printf output there). May be empty.
    std::function<void(RunRecord&)> afterLaunch;
};

struct RunOutcome {
    std::optional<BuildSummary> build; // when the run had to build first
    std::vector<RunRecord> records;    // ids not assigned yet
    std::optional<SweepResult> sweep;
    QStringList warnings; // what the buffers' initial contents dropped (a data file's shape)
    QString errorWhere;   // empty when everything ran
    QString error;
    // The run's buffers as inspector sources, by name, and what each held before the launches.
    std::map<QString, std::shared_ptr<BufferSource>> sources;
    std::map<QString, std::shared_ptr<BufferSource>> initial;
    // The outputs against the session's expected results (a captured session), where it has any.
    std::optional<ExpectedResults> expected;
};

using ProgressFn = std::function<void(const QString& what, int done, int total)>;

// Builds the session's sources into `state` (program, signatures, limits).
// `launchedKernelsOnly`: see RunPlan.
BuildSummary buildSessionProgram(SessionDeviceState& state, const engine::Session& session,
                                 const std::filesystem::path& folder, engine::BuildService& builds,
                                 bool store = true, bool launchedKernelsOnly = false);

// Builds when needed, creates and fills the buffers, runs the plan's launches.
RunOutcome runSessionPlan(SessionDeviceState& state, const RunPlan& plan,
                          engine::BuildService& builds, const JobContext& job,
                          const ProgressFn& progress);

// Local sizes a sweep tries for `global`: each dimension a divisor of its global size within the
// limits, the work-group within the largest the kernel allows; reqd_work_group_size alone when
// the kernel fixes it. At most `cap`, spread over the range.
std::vector<std::vector<std::uint64_t>> sweepLocalSizes(const std::vector<std::uint64_t>& global,
                                                        const engine::KernelLimits& limits,
                                                        const engine::KernelSignature& signature,
                                                        size_t cap = 48);

} // namespace clw::ui
