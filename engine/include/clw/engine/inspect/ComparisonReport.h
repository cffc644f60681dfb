#pragma once
// A differential run written out (`clworkbench diff`): as JSON (docs/diff-schema.md) and as text
// for a terminal. The two runs are described by the caller, which ran them.
#include "clw/engine/inspect/OutputComparison.h"

#include <nlohmann/json.hpp>

#include <string>

namespace clw::engine {

// One of the two runs.
struct ComparedRun {
    std::string session;  // the session's file or sample
    std::string device;   // the device's name
    std::string platform; // its platform's name
    // Why the run gave no outputs (a build error, a crash, no such device); empty when it ran.
    std::string failure;
    friend bool operator==(const ComparedRun&, const ComparedRun&) = default;
};

class ComparisonReport {
public:
    static constexpr int kVersion = 1;
    // The mask's ranges written to JSON at most; `mismatchRangesTruncated` says when more were.
    static constexpr size_t kMaxJsonRanges = 4096;

    // `comparison` is null when a run failed and nothing was compared.
    static nlohmann::json toJson(const OutputComparison* comparison, const ComparedRun& a,
                                 const ComparedRun& b);
    static nlohmann::json bufferToJson(const BufferComparison& buffer);
    // Lines for a terminal: the runs, each buffer's verdict with its errors, histogram and first
    // differences, and a last line "diff: N of M buffers differ ..." (or the failed run).
    static std::string toText(const OutputComparison* comparison, const ComparedRun& a,
                              const ComparedRun& b);
    // "differs: 143 of 1024 elements beyond exact", "within 4ulp (1024 elements)", "missing:
    // ...": one buffer's verdict in a line.
    static std::string verdict(const BufferComparison& buffer);
    // A number as a person reads it: "0.001", "1e-07", "3".
    static std::string number(double value);
};

} // namespace clw::engine
