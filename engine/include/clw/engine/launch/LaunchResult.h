#pragma once
#include "clw/engine/runtime/Event.h"
#include "clw/engine/runtime/NDRange.h"

#include <string>
#include <vector>

namespace clw::engine {

// What a launch (or a transfer) did, as a value: never an exception.
struct LaunchResult {
    bool ok = false;
    bool cancelled = false;           // cancelled before it started
    bool empty = false;               // an empty ND-range: a marker was enqueued
    cl_int code = CL_SUCCESS;         // the OpenCL error, when not ok
    std::string error;                // what went wrong and what to do
    std::vector<ProfilingTimes> runs; // one per repetition, device nanoseconds
    NDRange global;                   // as launched (after g_times_l)
    NDRange local;
    Event event;                     // the last command's event
    std::vector<unsigned char> data; // what a download read

    // Durations of the runs (end - start), in nanoseconds.
    std::vector<double> durationsNs() const;
    double minNs() const;
    double medianNs() const;
    double maxNs() const;
};

} // namespace clw::engine
