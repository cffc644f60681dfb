#pragma once
// What a check run found, launch by launch: the kernel runs the Oclgrind plugin wrote
// (CheckFindingsJson) matched to the session's launches, with the names the person knows (the
// session's files and buffers). `clworkbench check` and the workbench's Check show it.
#include "clw/engine/debug/CheckFindingsJson.h"
#include "clw/engine/session/Session.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace clw::engine {

struct CheckedLaunch {
    std::string name; // the launch's name, else its kernel's
    std::string kernel;
    bool ran = false; // a kernel run of the plugin's matched it
    // The ND-range it ran with (the local size Oclgrind chose where the launch left it open).
    std::vector<std::uint64_t> global;
    std::vector<std::uint64_t> local;
    std::uint64_t workGroups = 0;
    std::vector<CheckFinding> findings;
};

struct CheckReport {
    std::vector<CheckedLaunch> launches;
    std::size_t findingCount() const;
};

// Matches `runs` (in the order the kernels ran) to the launches of `session` (each run once,
// in order) and names what the findings point at: the main source for Oclgrind's "input.cl",
// a session header for a path ending in its name, the session buffer bound to an argument.
CheckReport makeCheckReport(const Session& session, const std::vector<CheckedKernelRun>& runs);

// "race.cl:10:15: error: data race (read-write) on __local `tile` ... [rotate_racy]": the form
// compilers use, so that editors and CI logs link to the line.
std::string formatCheckFinding(const CheckFinding& finding, const std::string& launch);

nlohmann::json checkReportToJson(const CheckReport& report);

} // namespace clw::engine
