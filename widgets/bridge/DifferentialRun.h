#pragma once
// A differential run (issue 19): one session on two devices, or two sessions with the same
// buffers (a changed kernel against the original), each run in a device host of its device's
// platform, both at once on two threads; every output buffer is read back and compared
// (engine::OutputComparison), B being the reference. Used by `clworkbench diff` and the launch
// panel's "Run on two devices..."; blocks, so it runs on a bridge worker, never the GUI thread.
// Oclgrind and another driver never share a process: each platform has a host of its own.
#include "bridge/DeviceHosts.h"

#include "clw/engine/inspect/ComparisonReport.h"
#include "clw/engine/inspect/OutputComparison.h"
#include "clw/engine/session/Session.h"

#include <QString>
#include <QStringList>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>

namespace clw::ui {

class BufferSource;
class JobContext;

struct DifferentialSide {
    engine::Session session;
    std::filesystem::path folder; // where its data files resolve
    std::string label;            // how reports name the session: its file, a sample's path
    std::string device;           // a device choice as the hosts resolve it ("pthread", "Oclgrind")
};

struct DifferentialSideOutcome {
    engine::ComparedRun run; // its session, device, platform and failure, for the reports
    engine::RunOutputs outputs;
    QStringList warnings; // what the run said but went on (a data file's shape, include folders)
    // With `keepContents`: each output's bytes as the device held them, in host memory (the
    // inspector shows them after the hosts are gone).
    std::map<std::string, std::shared_ptr<BufferSource>> contents;
};

struct DifferentialOutcome {
    DifferentialSideOutcome a, b;
    // When both runs gave their outputs.
    std::optional<engine::OutputComparison> comparison;
    bool failed() const { return !a.run.failure.empty() || !b.run.failure.empty(); }
    // Exit status material: a failed run or a buffer beyond its tolerance.
    bool differs() const { return failed() || !comparison || comparison->differs(); }
};

class DifferentialRun {
public:
    // Runs `a` and `b` (the reference) at once in `hosts` (new ones when null) and compares their
    // outputs under `rules`. A run that fails (no such device, a build error, a crash, the
    // watchdog) says why in its ComparedRun::failure; nothing is thrown.
    static DifferentialOutcome run(const DifferentialSide& a, const DifferentialSide& b,
                                   const engine::ToleranceRules& rules, const JobContext& job,
                                   std::shared_ptr<DeviceHosts> hosts = {},
                                   bool keepContents = false);
    // One side alone, on the calling thread (`sessionId` tells it apart in a shared host).
    static DifferentialSideOutcome runSide(const DifferentialSide& side, DeviceHosts& hosts,
                                           std::uint64_t sessionId, const JobContext& job,
                                           bool keepContents = false);
};

} // namespace clw::ui
