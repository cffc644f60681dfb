#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench capture [--kernel NAME]... [--launch first|last|all|none|N|FROM..TO]
// [--max-bytes SIZE] [--out DIR] -- PROGRAM [ARGS...]`: runs PROGRAM unmodified with the capture
// layer (engine/capture-layer) in OPENCL_LAYERS, its output, input and exit status its own, then
// writes the launches asked for as sessions in DIR (one folder each, written whole or not at
// all; a range as one session of its launches in order) and the program's timeline as
// DIR/trace.json. Exits with the program's own status when it failed, kExitFailure when nothing
// asked for could be captured, kExitUsage for a bad command line.
int runCaptureCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
