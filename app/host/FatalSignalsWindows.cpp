#include "FatalSignals.h"

namespace clw::host {

// Windows ends a crashed process with an exception code, which QProcess reports as the exit code;
// a stack would take DbgHelp, left for when the Windows build is tested.
void reportFatalSignals() {}

} // namespace clw::host
