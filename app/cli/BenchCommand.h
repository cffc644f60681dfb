#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::engine {
struct BenchmarkResult;
}

namespace clw::app {

// `clworkbench bench [--device NAME] [--json] [--quick]`: the device microbenchmarks
// (engine::runDeviceBenchmarks) with a progress line on stderr; the figures as text or as the
// clworkbench.bench JSON schema (docs/bench-schema.md). Returns the exit code.
int runBenchCommand(const QStringList& options, QTextStream& out, QTextStream& err);

// The text form of a result: the device, one line per figure under its group's title (a zero-copy
// map reads "zero-copy", with no number and no unit), what was skipped, the figure count and the
// time.
void printBenchmarkText(QTextStream& out, const engine::BenchmarkResult& result);

} // namespace clw::app
