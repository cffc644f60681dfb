#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench diff SESSION.clwb --device A --device B [--tolerance SPEC]... [--json]
// [--other SESSION2.clwb]`: runs the session on device A and on device B (the reference) at once,
// each in a device host of its platform (bridge/DifferentialRun), or SESSION2 on B with --other,
// and compares every output buffer element by element under its tolerance (exact unless told).
// Prints the comparison as text, or with --json as docs/diff-schema.md. Exits kExitFailure when a
// buffer differs beyond its tolerance or a run failed, kExitOk when every buffer is within,
// kExitUsage for a bad command line (not two devices, a tolerance that does not read, one that
// names no buffer of the session).
int runDiffCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
