#pragma once
// What a watch recorded in one kernel run (WatchRequest): for every work-item, in the order of
// their linear global index (x fastest), the expression's value as it passed the line, and how
// many times it passed. The Oclgrind plugin writes one JSON line per kernel run.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace clw::engine {

struct WatchedRun {
    std::string kernel;
    std::vector<std::uint64_t> global;
    std::vector<std::uint64_t> local;
    std::string type;        // the value's OpenCL C type: "float", "int", "uint4"
    unsigned components = 1; // of a vector
    // workItems() x components; NaN for a work-item that never passed (or not the k-th time).
    std::vector<double> values;
    std::vector<std::uint32_t> passes; // per work-item
    // Why nothing was recorded though work-items passed the line ("`q` is not a variable in
    // scope at line 12"); empty otherwise.
    std::string problem;

    std::uint64_t workItems() const;
    bool passed() const; // a work-item passed the line
    double value(std::uint64_t workItem, unsigned component = 0) const {
        return values[workItem * components + component];
    }
};

nlohmann::json watchedRunToJson(const WatchedRun& run);
// Throws std::runtime_error saying what is wrong.
WatchedRun watchedRunFromJson(const nlohmann::json& value);
// One run a line; blank lines skipped. Throws std::runtime_error naming the line.
std::vector<WatchedRun> parseWatchedRuns(const std::string& text);

} // namespace clw::engine
