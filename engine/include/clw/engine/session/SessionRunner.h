#pragma once
// Runs a session headless (`clworkbench run`, tests, a C++ program): builds its program on one
// device, creates its buffers and images with their initial contents, runs its launches in order
// through a LaunchService, and reads every buffer back.
#include "clw/engine/build/BuildOutcome.h"
#include "clw/engine/launch/CapturedLaunch.h"
#include "clw/engine/launch/LaunchResult.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/session/NpyArray.h"
#include "clw/engine/session/Session.h"

#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace clw::engine {

class BuildService;

struct SessionLaunchRun {
    std::string name;    // the launch's name
    LaunchResult result; // ok, timings (runs), global and local as launched
};

struct SessionRun {
    Device device;
    bool built = false;
    std::string buildLog;        // the compiler's log (also when the build failed)
    BuildTimings buildTimings;   // where the build's time went
    bool buildFromCache = false; // answered by the binary cache
    // The initial contents' transfers, one per buffer and image in the session's order.
    std::vector<std::pair<std::string, LaunchResult>> uploads;
    std::vector<SessionLaunchRun> launches;
    // Every buffer's contents after the launches, as .npy arrays (a vector type with a trailing
    // component axis, a struct as bytes: uint8 of shape (count, size)); only buffers with
    // `output` set, in the session's order.
    std::vector<std::pair<std::string, NpyArray>> outputs;
    // What ran but may not be meant: a buffer whose element type is not the pointer's
    // ("launch 'k': argument 1 '...': buffer 'a' holds int, the kernel reads float: ..."), a
    // data file whose shape a 1-D buffer dropped.
    std::vector<std::string> warnings;
};

class SessionRunner {
public:
    // Told before each step of a run what it is about to do, in the words the workbench uses for
    // a device host ("building `vector_add.cl`", "running `add`"), on the calling thread: a
    // crash report can then say where the driver went down.
    using StepFn = std::function<void(const std::string& what)>;

    // `folder` is the session file's folder: data files and include directories resolve against
    // it. `builds` may be null (then the runner builds with a BuildService of its own, cached).
    SessionRunner(Session session, std::filesystem::path folder, BuildService* builds = nullptr);

    // Runs everything on `device`. Throws SessionError naming the step that failed: the build
    // (with the log), a buffer whose type or data file does not fit ("buffer 'b': b.npy holds 512
    // float32, the buffer 1024 float"), a launch's argument or geometry ("launch 'add': argument 2
    // 'float *c': ..."), a launch that failed on the device.
    SessionRun run(const Device& device, const StepFn& step = {}) const;
    // Runs the launches before `launch` (an index into the session's launches) as run() does,
    // then runs `launch` once through LaunchCapture: what writeReproducer() exports. Throws as
    // run() does, and SessionError for a launch the session does not have.
    CapturedLaunch capture(const Device& device, std::size_t launch, const StepFn& step = {}) const;
    // Include folders (the session's and -I in its options) that do not exist, one line each:
    // the build still runs, but a header there will not be found. Asked before the run, so
    // that it is said also when the build then fails.
    std::vector<std::string> includeFolderWarnings() const;

private:
    // run(), stopping at `captureAt` to capture it when `captured` is given.
    SessionRun runUpTo(const Device& device, const StepFn& step, CapturedLaunch* captured,
                       std::size_t captureAt) const;

    Session m_session;
    std::filesystem::path m_folder;
    BuildService* m_builds = nullptr;
};

} // namespace clw::engine
