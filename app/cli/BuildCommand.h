#pragma once
#include <QStringList>
#include <QTextStream>

namespace clw::app {

// `clworkbench build FILE.cl [--device NAME] [--options "..."] [-I DIR]...`: builds through the
// BuildService (and its cache), prints diagnostics as `file:line:col: severity: message`, and
// exits non-zero when the build has errors.
int runBuildCommand(const QStringList& options, QTextStream& out, QTextStream& err);

} // namespace clw::app
