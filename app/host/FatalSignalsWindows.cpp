#include "FatalSignals.h"

namespace clw::host {

// Windows ends a crashed process with an exception code, which QProcess reports as the exit code;
// a stack would take DbgHelp, left for when the Windows build is tested. The command line's run
// dies the same way there.
void reportFatalSignals() {}

void reportFatalSignalsAndExit() {}

void setFatalSignalActivity(const std::string&) {}

} // namespace clw::host
