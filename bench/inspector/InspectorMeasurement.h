#pragma once
// One measurement of the buffer inspector over a buffer (issue 8's goals): the time from handing
// the buffer to the inspector to its first rows painted, the longest GUI-thread stall (one event
// delivered) while the table scrolls from the first element to the last, and the growth of this
// process's resident memory over a baseline taken once Qt's first window was up.
#include "MeasuringApplication.h"

#include "bridge/BufferSource.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <string>

namespace clw::bench {

struct InspectorFigures {
    double firstRowsMs = 0;
    int scrollSteps = 0;
    double scrollSeconds = 0;
    double longestStallMs = 0;
    double extraMiB = 0; // this process's peak resident memory over the baseline
    double pagesHeld = 0;
    double pageKiBHeld = 0;
    std::uint64_t reads = 0; // of the buffer, by the table and the analysis, and their bytes
    std::uint64_t bytesRead = 0;
    std::uint64_t lastElement = 0;
    QString lastValue;
};

// Shows `source` in a BufferInspector, as floats, with `before` as what it held before the launch
// (as the workbench adds a run's buffers; may be null), and scrolls to its last element in
// `steps` steps. Throws std::runtime_error when the rows never show or the last one is not
// reached.
InspectorFigures measureInspector(MeasuringApplication& app,
                                  std::shared_ptr<ui::BufferSource> source,
                                  std::shared_ptr<ui::BufferSource> before, int steps);

// One `figure <prefix>_<name> ...` line per figure.
void printInspectorFigures(const std::string& prefix, const InspectorFigures& figures);

// Resident memory of process `pid` (this one when 0) in MiB, from /proc; 0 where it is missing.
double residentMiB(long long pid = 0);

} // namespace clw::bench
