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

// Exports the launch `launch` (an index into the session's launches) with the watch as a
// reproducer folder `out` (ReproducerWriter.h): the instrumented kernel, and its watch buffer as
// one more argument whose expected contents are what the device stored. Throws std::runtime_error
// with the watch's problem, SessionError as SessionRunner::capture does.
void writeWatchReproducer(const Session& session, const std::filesystem::path& folder,
                          const WatchRequest& request, const Device& device, std::size_t launch,
                          const std::filesystem::path& out);

// What a run gave that a watch reads: per launch, the sizes it ran with; per output buffer, its
// bytes. From a SessionRun here, from a device host's run in the workbench.
struct WatchRunData {
    std::vector<std::vector<std::uint64_t>> global, local;
    std::vector<std::pair<std::string, std::vector<unsigned char>>> outputs;
};
WatchRunData watchRunData(const SessionRun& run);

// The values of each watched launch of `watched`, and the differences between the outputs of
// `plain` and `watched`, as a report.
WatchReport reportDeviceWatch(const Session& session, const WatchRequest& request,
                              const InstrumentedWatch& watch, const WatchRunData& plain,
                              const WatchRunData& watched);

} // namespace clw::engine
