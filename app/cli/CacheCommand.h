#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench cache list|stats|clear [--folder DIR]`: the program binary cache's entries (with
// the key fields that explain each), its totals, or emptying it. Returns the exit code.
int runCacheCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
