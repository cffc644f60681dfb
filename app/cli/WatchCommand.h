#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench watch SESSION.clwb --line L --expression E [--file F] [--pass K] [--device NAME]
// [--json] [--reproducer DIR]`: the value of E in every work-item as it passes line L, on the
// device (the kernel instrumented, in a device host; Oclgrind's debugger on Oclgrind), as the
// workbench's Watch dock shows it. Prints per launch the value's type, how many work-items
// passed, the range of the values and the first work-items' values, and any difference between
// the instrumented run's outputs and the plain run's; --json prints every value. --reproducer
// exports the first watched launch with its watch as a reproducer folder. Exits kExitOk with
// values, kExitFailure when nothing could be watched (saying why), kExitUsage for a bad command
// line.
int runWatchCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
