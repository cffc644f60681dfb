#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench check SESSION.clwb [--device NAME] [--json]`: runs the session's launches, each
// once, on Oclgrind in a device host with the workbench's check plugin (bridge/CheckRun), and
// prints each finding as compilers print errors, "race.cl:10:15: error: data race ...", then a
// summary line; --json prints the report (docs/check-findings.md) instead. Exits kExitFailure
// when anything was found or the check could not run (no Oclgrind, a build error, a crash),
// kExitOk when nothing was found, kExitUsage for a bad command line. For a user's CI.
int runCheckCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
