#pragma once
// clw_bench_launch's round trip through the device host (issue 17, item 5), built when the
// workbench's GUI part is: the empty kernel launched once through a clworkbench-host against the
// same launch in this process, and the channel's own round trip.
#include "clw/engine/runtime/Device.h"

namespace clw::bench {

struct HostLaunchFigures {
    double channelRoundTripUs = 0; // a request that does nothing, there and back
    double rawSocketUs = 0;        // its peer: one byte over a bare socket pair (RawSocketPeer)
    double inProcessUs = 0;        // a one-launch session run, the session-job code in process
    double throughHostUs = 0;      // the same run in a host
    // The same runs paired: each round trip less the host's own time for that run
    // (RemoteRun::hostRunTime), what the host adds with the run's own spread taken out, and the
    // host's own time, to set beside inProcessUs.
    double hostAddedUs = 0;
    double runInHostUs = 0;
    // What each launch of a 16-launch session adds through a host beyond what it adds in
    // process: the host's cost per launch, the request's own cost taken out.
    double perLaunchOverheadUs = 0;
    // The one-launch run again, each run's outcome replacing the one before as the workbench's
    // does: in process, through the host, and paired as hostAddedUs. Each run's time includes
    // releasing the run before's buffers (through a host, its release requests).
    double replacingInProcessUs = 0;
    double replacingThroughHostUs = 0;
    double replacingHostAddedUs = 0;
};

// Prints the figures as it measures them; `trips` runs of each, medians.
HostLaunchFigures measureHostLaunches(const engine::Device& device, int trips);

} // namespace clw::bench
