#pragma once
// Last words when a driver crashes the process: on a fatal signal (SIGSEGV, SIGABRT, SIGBUS,
// SIGFPE, SIGILL; on Windows an exception nobody handles, or abort()) the signal and the stack of
// the thread that took it go to stderr. One file per system: FatalSignalsPosix.cpp (Linux,
// macOS), FatalSignalsWindows.cpp; what they share is in FatalSignalReport.h.
#include "FatalSignalReport.h"

#include <string>

namespace clw::host {

// The device host: it writes the signal and the stack, which the workbench shows as the host's
// last words, and then dies of the same signal. Defined by each system's file.
void reportFatalSignals();

// `clworkbench run` in its own process: one line naming the signal and what was running (see
// setFatalSignalActivity), in the words the workbench uses for a host that stopped, then the
// stack, and the process exits with status 1 instead of dying of the signal.
inline void reportFatalSignalsAndExit() {
    fatal::g_exitWithOne.store(true);
    reportFatalSignals();
}
// What runs now ("running `add`"), for that line; kept to its first 200 bytes. Call it from one
// thread: the handler, on whichever thread crashed, reads it without a lock.
inline void setFatalSignalActivity(const std::string& what) {
    fatal::setActivity(what);
}

} // namespace clw::host
