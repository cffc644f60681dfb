#pragma once
// One run of a session's launch as the GUI keeps it (issue 9): the configuration as it ran (so
// that it can be restored), what happened, and every command it enqueued with its device times
// for the timeline. A value, Qt-Core only.
#include "clw/engine/debug/PrintedLines.h"
#include "clw/engine/runtime/Event.h"
#include "clw/engine/session/Session.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace clw::ui {

struct RunCommand {
    enum class Kind { Kernel, Upload, Download, Fill };
    Kind kind = Kind::Kernel;
    QString label;                // "add", "upload a", "download c"
    engine::ProfilingTimes times; // device nanoseconds (CL_PROFILING_COMMAND_*)
    double durationMs() const { return times.durationNs() / 1e6; }
};

// One line a launch printed, with the work-item that printed it (issue 19), if a tagged printf did.
struct OutputLine {
    std::optional<engine::CheckIds> workItem;
    QString text; // without its '\n'
};

struct RunRecord {
    enum class Mode { Run, RunN, Sweep };
    int id = 0; // 1, 2, ... within the open session
    Mode mode = Mode::Run;
    // In UTC, shown in local time: converting to and from local time costs microseconds, and a
    // record is made, sent and read for every launch.
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
    // bytes left out between them. Captured by the device host that ran it. The text is as the
    // person's printf calls printed it (the work-item tags taken out), a '\n' after each line.
    QString output;
    std::uint64_t outputDropped = 0;
    // The work-item of each line of `output` that a tagged printf printed: (line index, global
    // id), by line. A line not listed has none (a driver's own output).
    std::vector<std::pair<int, engine::CheckIds>> outputWorkItems;

    // Sets `output` and `outputWorkItems` from the lines a capture was cut into.
    void setOutput(const std::vector<engine::PrintedLine>& lines);
    // Appends another record's output (a batch of "Run N times") after this one's.
    void appendOutput(const RunRecord& other);
    // `output` line by line, each with its work-item.
    std::vector<OutputLine> outputLines() const;
    // "3,0,0": how a work-item's global id is written beside its lines.
    static QString workItemText(const engine::CheckIds& id);

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
