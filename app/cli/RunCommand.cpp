#include "cli/RunCommand.h"

#include "cli/IsolatedRun.h"
#include "cli/RunPrinter.h"
#include "cli/SessionArgument.h"
#include "cli/SessionDeviceChoice.h"
#include "cli/Usage.h"
#include "host/FatalSignals.h"

#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/session/ExpectedOutputs.h"
#include "clw/engine/session/SessionFile.h"
#include "clw/engine/session/SessionRunner.h"

#include <QFileInfo>

#include <filesystem>
#include <optional>

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

std::vector<std::uint64_t> sizes(const engine::NDRange& range) {
    std::vector<std::uint64_t> out;
    for (unsigned i = 0; i < range.dimensions(); ++i)
        out.push_back(range[i]);
    return out;
}

// A device of this process by name (empty: the default device), as SessionDeviceChoice wants it.
std::optional<engine::Device> deviceNamed(const std::string& name) {
    return name.empty() ? engine::defaultDevice() : engine::findDevice(name);
}

} // namespace

int runRunCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    QString file, deviceName, outDir;
    bool isolate = false;
    for (int i = 0; i < options.size(); ++i) {
        const QString& option = options[i];
        if (option == QLatin1String("--device") && i + 1 < options.size())
            deviceName = options[++i];
        else if (option == QLatin1String("--out") && i + 1 < options.size())
            outDir = options[++i];
        else if (option == QLatin1String("--isolate"))
            isolate = true;
        else if (file.isEmpty() && !option.startsWith(QLatin1Char('-')))
            file = option;
        else {
            err << "clworkbench run: unknown option '" << option << "'\n";
            return kExitUsage;
        }
    }
    if (file.isEmpty()) {
        err << "clworkbench run: name a session file, e.g. clworkbench run vector_add.clwb\n";
        return kExitUsage;
    }
    RunPrinter printer(out, err, outDir);
    try {
        std::filesystem::path folder;
        const engine::SessionFile::ReadResult read = readSessionArgument(file, folder);
        for (const std::string& note : read.notes)
            err << "note: " << qs(note) << "\n";
        const engine::Session& session = read.session;
        const QString title =
            session.title.empty() ? QFileInfo(file).fileName() : qs(session.title);
        if (isolate)
            return runIsolated(session, folder, title, deviceName, printer);

        // A driver that crashes this process says so and where, and the exit status is 1.
        host::reportFatalSignalsAndExit();
        host::setFatalSignalActivity("listing devices");
        QString problem;
        const std::optional<engine::Device> device =
            chooseSessionDevice(deviceName, session, deviceNamed, problem);
        if (!device) {
            printer.fail(problem);
            return kExitFailure;
        }
        if (!printer.prepareOutputFolder())
            return kExitFailure;
        printer.header(title, qs(device->name()), qs(device->platform().name()));
        const engine::SessionRunner runner(session, folder);
        for (const std::string& warning : runner.includeFolderWarnings())
            printer.warning(qs(warning));
        const engine::SessionRun run = runner.run(
            *device, [](const std::string& what) { host::setFatalSignalActivity(what); });
        host::setFatalSignalActivity({});
        for (const std::string& warning : run.warnings)
            printer.warning(qs(warning));
        printer.build(run.buildTimings.totalMs, run.buildFromCache);
        for (const engine::SessionLaunchRun& launch : run.launches) {
            const engine::LaunchResult& result = launch.result;
            printer.launch(qs(launch.name), result.durationsNs(), sizes(result.global),
                           sizes(result.local));
            if (!result.error.empty()) // done, but the timings were lost
                err << "note: launch " << qs(launch.name) << ": " << qs(result.error) << "\n";
        }
        for (const auto& [name, array] : run.outputs)
            printer.output(name, array);
        const bool asExpected =
            printer.expectations(engine::ExpectedOutputs::compare(session, folder, run.outputs));
        printer.finish(!run.outputs.empty());
        return asExpected ? kExitOk : kExitFailure;
    } catch (const std::exception& error) {
        // SessionError (the session, the build, a launch), NpyError (an output not written),
        // ClError (the driver): each says what failed.
        printer.fail(QString::fromUtf8(error.what()));
        return kExitFailure;
    }
}

} // namespace clw::app
