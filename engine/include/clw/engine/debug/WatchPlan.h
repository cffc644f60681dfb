#pragma once
// A watch of a session (issue 18, Watch): the request checked against the session before a debug
// run starts, and what the run recorded matched to the session's launches. A request that cannot
// work (an expression that is not one, a line past the end of the file, a file not in the
// session) is refused before anything runs, saying why and what would work.
#include "clw/engine/debug/WatchRequest.h"
#include "clw/engine/debug/WatchResult.h"
#include "clw/engine/session/Session.h"

#include <string>
#include <vector>

namespace clw::engine {

struct WatchedLaunch {
    std::string name; // the launch's name, else its kernel's
    WatchedRun run;
};

struct WatchReport {
    std::vector<WatchedLaunch> launches; // those whose work-items passed the line
    std::string problem;                 // why nothing was watched; empty when a launch has values
    // A watch on a device (WatchInstrumentation): where the instrumented run's outputs differed
    // from the plain run's, one line a buffer; empty when they were equal.
    std::vector<std::string> differences;
};

// The request as the Oclgrind plugin wants it (the main file named "input.cl", as Oclgrind names
// it), or a problem saying what is wrong.
struct PreparedWatch {
    WatchRequest request;
    std::string problem;
};
PreparedWatch prepareWatch(const Session& session, const WatchRequest& request);

// Matches the runs (in the order the kernels ran, each launch once) to the launches.
WatchReport makeWatchReport(const Session& session, const WatchRequest& request,
                            const std::vector<WatchedRun>& runs);

} // namespace clw::engine
