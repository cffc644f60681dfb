#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench devices [--json] [--all]`: every platform and device, then the ICD loader's
// properties and its NULL-platform behavior (clinfo's last two sections), as text or JSON.
// Returns the exit code.
int runDevicesCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
