#include "cli/BuildCommand.h"

#include "cli/Usage.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/DeviceSelection.h"

#include <QFile>
#include <QFileInfo>

namespace clw::app {

namespace {
QString text(const std::string& value) {
    return QString::fromStdString(value);
}
} // namespace

int runBuildCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    QString file, deviceName, buildOptions;
    std::vector<std::string> includeDirs;
    for (int i = 0; i < options.size(); ++i) {
        const QString& option = options[i];
        if (option == QLatin1String("--device") && i + 1 < options.size())
            deviceName = options[++i];
        else if (option == QLatin1String("--options") && i + 1 < options.size())
            buildOptions = options[++i];
        else if (option == QLatin1String("-I") && i + 1 < options.size())
            includeDirs.push_back(options[++i].toStdString());
        else if (file.isEmpty() && !option.startsWith(QLatin1Char('-')))
            file = option;
        else {
            err << "clworkbench build: unknown option '" << option << "'\n";
            return kExitUsage;
        }
    }
    if (file.isEmpty()) {
        err << "clworkbench build: name a kernel file, e.g. clworkbench build blur.cl\n";
        return kExitUsage;
    }
    QFile source(file);
    if (!source.open(QIODevice::ReadOnly)) {
        err << "clworkbench build: cannot read " << file << ": " << source.errorString() << "\n";
        return kExitFailure;
    }
    const auto device = engine::findDevice(deviceName.toStdString());
    if (!device) {
        err << "clworkbench build: no OpenCL device"
            << (deviceName.isEmpty() ? QString() : QStringLiteral(" matching '%1'").arg(deviceName))
            << "; `clworkbench devices` lists them\n";
        return kExitFailure;
    }
    try {
        engine::BuildRequest request;
        request.context = engine::Context(*device);
        request.devices = {*device};
        const QFileInfo info(file);
        request.sources = engine::SourceSet::single(source.readAll().toStdString(),
                                                    info.fileName().toStdString());
        // `#include "x.h"` next to the file resolves as a compiler would.
        request.sources.includeDirs.push_back(info.absolutePath().toStdString());
        for (const std::string& dir : includeDirs)
            request.sources.includeDirs.push_back(dir);
        request.options = buildOptions.toStdString();
        engine::BuildService service;
        const engine::BuildOutcome outcome = service.build(request);
        for (const std::string& warning : outcome.warnings)
            err << "warning: " << text(warning) << "\n";
        for (const std::string& problem : outcome.cacheProblems)
            err << "note: " << text(problem) << "\n";
        if (!outcome.error.empty()) {
            err << "clworkbench build: " << text(outcome.error) << "\n";
            return kExitFailure;
        }
        int errors = 0;
        for (const engine::DeviceBuildOutcome& result : outcome.devices) {
            for (const engine::Diagnostic& diagnostic : result.diagnostics) {
                if (diagnostic.severity == engine::Severity::Error)
                    ++errors;
                out << text(engine::formatDiagnostic(diagnostic)) << "\n";
            }
            if (!result.ok && errors == 0) // a failure the log does not explain
                out << file << ": error: the build failed with "
                    << text(engine::errorName(result.code)) << "\n";
            out << (result.ok ? "built" : "failed") << " on " << text(result.device.name())
                << (result.fromCache
                        ? QStringLiteral(" (from the cache: ") +
                              QString::fromLatin1(engine::describe(result.answeredBy)) +
                              QLatin1Char(')')
                        : QString())
                << " in " << QString::number(outcome.timings.totalMs, 'f', 1) << " ms\n";
        }
        return outcome.ok() ? kExitOk : kExitFailure;
    } catch (const engine::ClError& error) {
        err << "clworkbench build: " << error.what() << "\n";
        return kExitFailure;
    }
}

} // namespace clw::app
