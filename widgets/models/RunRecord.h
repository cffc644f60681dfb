#pragma once
// One run of a session's launch as the GUI keeps it (issue 9): the configuration as it ran (so
// that it can be restored), what happened, and every command it enqueued with its device times
// for the timeline. A value, Qt-Core only.
#include "clw/engine/runtime/Event.h"
#include "clw/engine/session/Session.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace clw::ui {

struct RunCommand {
    enum class Kind { Kernel, Upload, Download, Fill };
    Kind kind = Kind::Kernel;
    QString label;                // "add", "upload a", "download c"
    engine::ProfilingTimes times; // device nanoseconds (CL_PROFILING_COMMAND_*)
    double durationMs() const { return times.durationNs() / 1e6; }
};

struct RunRecord {
    enum class Mode { Run, RunN, Sweep };
    int id = 0; // 1, 2, ... within the open session
    Mode mode = Mode::Run;
    QDateTime when;
    int launchIndex = -1;
    engine::SessionLaunch launch; // as it ran (local size as launched for a sweep's best)
    QString deviceName;
    bool ok = false;
    QString error;                     // what went wrong and what to do, when not ok
    bool hostStopped = false;          // the device host crashed or was ended during the run
    QStringList warnings;              // what ran but may not be meant (a buffer's type)
    std::vector<std::uint64_t> global; // as launched
    std::vector<std::uint64_t> local;  // as launched (chosen by the driver when not given)
    std::vector<double> kernelNs;      // each repetition's duration
    std::vector<RunCommand> commands;  // in the order they ran on the device
    // What the kernel printed (printf), bounded: the first and last MiB, and the count of the
    // bytes left out between them. Captured by the device host that ran it.
    QString output;
    std::uint64_t outputDropped = 0;

    double minNs() const;
    double medianNs() const;
    double maxNs() const;
    // "64", "16 x 16": for tables.
    static QString sizeText(const std::vector<std::uint64_t>& size);
};

// One local size a work-group-size sweep ran.
struct SweepPoint {
    std::vector<std::uint64_t> local;
    bool ok = false;
    QString error;
    double minNs = 0;
    double medianNs = 0;
    double maxNs = 0;
};

struct SweepResult {
    int launchIndex = -1;
    std::vector<SweepPoint> points; // in the order they ran
    // Indices into points of the fastest and slowest by median among the ok ones; -1 if none.
    int best = -1;
    int worst = -1;
};

} // namespace clw::ui
