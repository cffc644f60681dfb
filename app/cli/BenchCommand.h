#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench bench [--device NAME] [--json] [--quick]`: the device microbenchmarks
// (engine::runDeviceBenchmarks) with a progress line on stderr; the figures as text or as the
// clworkbench.bench JSON schema (docs/bench-schema.md). Returns the exit code.
int runBenchCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
