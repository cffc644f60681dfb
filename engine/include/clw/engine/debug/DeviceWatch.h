#pragma once
// A watch run on any device (issue 19): the session once as written and once instrumented
// (WatchInstrumentation), on the same device, headless through SessionRunner; the watched values
// read back from the watch buffers, and the person's outputs of the two runs compared. Used by
// tests, benchmarks and C++ programs; the workbench runs the same two sessions in a device host.
#include "clw/engine/debug/WatchInstrumentation.h"
#include "clw/engine/session/SessionRunner.h"

#include <filesystem>
#include <optional>

namespace clw::engine {

struct DeviceWatchRun {
    InstrumentedWatch watch;
    // The values per launch; `problem` says why there are none (then nothing ran when the
    // watch itself had the problem); `differences` where the outputs of the two runs differ.
    WatchReport report;
    std::optional<SessionRun> plain;
    std::optional<SessionRun> watched;
};

// Throws SessionError as SessionRunner::run does (a build that fails, a bad argument).
DeviceWatchRun watchOnDevice(const Session& session, const std::filesystem::path& folder,
                             const WatchRequest& request, const Device& device,
                             BuildService* builds = nullptr);

// The values of each watched launch of `watched`, and the differences between the outputs of
// `plain` and `watched`, as a report.
WatchReport reportDeviceWatch(const Session& session, const WatchRequest& request,
                              const InstrumentedWatch& watch, const SessionRun& plain,
                              const SessionRun& watched);

} // namespace clw::engine
