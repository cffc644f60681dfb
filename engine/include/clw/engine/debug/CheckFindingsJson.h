#pragma once
// The JSON form of check findings (docs/check-findings.md): what the Oclgrind plugin writes, one
// line per kernel run, and what `clworkbench check --json` prints. Reading refuses a malformed
// line with CheckFindingsError, saying where.
#include "clw/engine/debug/CheckFinding.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace clw::engine {

class CheckFindingsError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The findings of one kernel run on Oclgrind.
struct CheckedKernelRun {
    std::string kernel;
    std::vector<std::uint64_t> global;
    std::vector<std::uint64_t> local;
    std::uint64_t workGroups = 0;
    std::vector<CheckFinding> findings;
};

nlohmann::json checkFindingToJson(const CheckFinding& finding);
CheckFinding checkFindingFromJson(const nlohmann::json& value); // throws CheckFindingsError

nlohmann::json checkedRunToJson(const CheckedKernelRun& run);
CheckedKernelRun checkedRunFromJson(const nlohmann::json& value); // throws CheckFindingsError

// Every run of a findings file's text: one JSON object per line, blank lines skipped. A line
// that does not read throws CheckFindingsError naming its line number.
std::vector<CheckedKernelRun> parseCheckedRuns(const std::string& text);

} // namespace clw::engine
