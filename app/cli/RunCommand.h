#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench run SESSION.clwb [--device NAME] [--out DIR] [--isolate]`: runs a session headless
// (docs/session-format.md), prints the device, the build time and each launch's timings, and
// writes every output buffer as DIR/<buffer>.npy. A session path starting with ":/" names one of
// the samples built into the binary (":/samples/vector_add.clwb"). Exits kExitFailure with the
// error on `err` when the session does not read, the device is not there, the build or a launch
// fails, or an output cannot be written; kExitUsage for a bad command line.
//
// In this process by default: a driver that crashes it prints what was running and exits with
// kExitFailure. With --isolate the session runs in a device host under its watchdog limits
// (IsolatedRun), printing the same lines and each launch's printf output; a host that crashes or
// hangs fails the run with the workbench's words.
int runRunCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
