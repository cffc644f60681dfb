#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench sample [--device NAME]`: builds and runs resources/samples/vector_add.cl (embedded
// as :/samples/vector_add.cl) on 16 floats and prints the device and c = a + b. Returns the exit
// code: non-zero with the build log or the OpenCL error on failure.
int runSampleCommand(const QStringList& options, QTextStream& out, QTextStream& err);

// The sample kernel's source from the embedded resources; empty when it is missing.
QString sampleKernelSource();

} // namespace clw::app
