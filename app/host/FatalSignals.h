#pragma once
// The device host's last words when a driver crashes it: on a fatal signal (SIGSEGV, SIGABRT,
// SIGBUS, SIGFPE, SIGILL) it writes the signal and the stack of the thread that took it to stderr,
// which the workbench shows as the host's last words, and then dies of the same signal. One file
// per system: FatalSignalsPosix.cpp (Linux, macOS), FatalSignalsWindows.cpp.
namespace clw::host {

void reportFatalSignals();

} // namespace clw::host
