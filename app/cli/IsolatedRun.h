#pragma once
// `clworkbench run --isolate`: the session runs in a device host (clworkbench-host, DESIGN.md §2a)
// as the workbench runs it, under the session's watchdog limits, and this process prints the same
// lines as a run in its own process (RunPrinter), the outputs read back from the host. A host
// that crashes or runs past its limit fails the run with the words the workbench shows ("The
// device host for `...` stopped while running `...` (SIGABRT). Its last words: ...").
#include "cli/RunPrinter.h"

#include "clw/engine/session/Session.h"

#include <QString>

#include <filesystem>

namespace clw::app {

// `title` stands for the session in the "session:" line; `deviceName` is --device (empty: the
// first of the session's devices found, else the default device). Returns kExitOk, or
// kExitFailure with the reason on the printer's err.
int runIsolated(const engine::Session& session, const std::filesystem::path& folder,
                const QString& title, const QString& deviceName, RunPrinter& printer);

} // namespace clw::app
