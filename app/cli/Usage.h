#pragma once
#include <QString>

namespace clw::app {

// "clworkbench 0.1.0"
QString versionText();
// What --help prints: the verbs and their options.
QString usageText();

// Exit codes of the command-line verbs.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1; // the work failed (OpenCL error, build log, wrong result)
inline constexpr int kExitUsage = 2;   // unknown verb or option

} // namespace clw::app
