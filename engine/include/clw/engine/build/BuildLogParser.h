#pragma once
// Turns a driver's build log into diagnostics. Every driver words its log differently (clang
// style from PoCL, NVIDIA, ROCm, Intel and Oclgrind; PoCL's "error: FILE:L:C: msg"; AMD's
// legacy EDG front end; ptxas), so the parser recognises each format line by line and keeps
// whatever it does not recognise as Text: no line of a log is ever lost.
#include "clw/engine/build/Diagnostic.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

// Rewrites a file name as the log gives it (a temporary path, "<kernel>", "" for NVIDIA's
// nameless source) into the name the person knows.
using FileMapper = std::function<std::string(const std::string& file)>;

// Diagnostics in log order. Promises:
// - a source excerpt and caret line after a diagnostic go into its text, not into diagnostics;
// - a "note:" right after a diagnostic is one of its notes and also a Note diagnostic of its
//   own (so that its location can be shown); "In file included from" lines become notes of the
//   next diagnostic;
// - every non-blank line of the log appears in the text of exactly one diagnostic; lines that
//   fit no format (summaries such as "2 errors generated.", framing, runtime output) are Text;
// - "\r\n" line ends parse the same as "\n";
// - NUL bytes at the end (drivers count the C string's terminator in the log's size) are no part
//   of the log.
std::vector<Diagnostic> parseBuildLog(std::string_view log);
// The same, with mapFile applied to the file of every diagnostic that has a location (and to
// the files named in notes).
std::vector<Diagnostic> parseBuildLog(std::string_view log, const FileMapper& mapFile);

} // namespace clw::engine
