#include "cli/RunCommand.h"

#include "cli/Usage.h"

#include "clw/engine/ClError.h"
#include "clw/engine/DeviceSelection.h"
#include "clw/engine/NpyFile.h"
#include "clw/engine/Platform.h"
#include "clw/engine/SessionError.h"
#include "clw/engine/SessionFile.h"
#include "clw/engine/SessionRunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <filesystem>
#include <optional>

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

std::filesystem::path fsPath(const QString& path) {
    return std::filesystem::path(path.toStdU16String());
}

// Microseconds with one decimal: "12.3".
QString micros(double nanoseconds) {
    return QString::number(nanoseconds / 1000.0, 'f', 1);
}

QString sizes(const engine::NDRange& range) {
    QStringList parts;
    for (unsigned i = 0; i < range.dimensions(); ++i)
        parts << QString::number(range[i]);
    return parts.isEmpty() ? QStringLiteral("driver's choice") : parts.join(QLatin1Char('x'));
}

QString arrayText(const engine::NpyArray& array) {
    QStringList axes;
    for (size_t axis : array.shape)
        axes << QString::number(axis);
    return QString::fromLatin1(engine::npyTypeName(array.type)) + QStringLiteral(" (") +
           axes.join(QStringLiteral(", ")) + QLatin1Char(')');
}

// The session and the folder its data files resolve against. A ":/" path is a built-in sample,
// whose data (it has none) would resolve against the current folder.
engine::SessionFile::ReadResult readSession(const QString& path, std::filesystem::path& folder) {
    if (path.startsWith(QStringLiteral(":/"))) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            throw engine::SessionError(path.toStdString() +
                                       ": no such built-in sample; the samples are under "
                                       ":/samples/ (vector_add.clwb, matmul_local.clwb, ...)");
        folder = std::filesystem::current_path();
        return engine::SessionFile::parse(file.readAll().toStdString(), path.toStdString());
    }
    const std::filesystem::path file = fsPath(path);
    folder = std::filesystem::absolute(file).parent_path();
    return engine::SessionFile::read(file);
}

// --device NAME, else the first of the session's devices present here, else the default device.
std::optional<engine::Device> chooseDevice(const QString& wanted, const engine::Session& session,
                                           QString& problem) {
    if (!wanted.isEmpty()) {
        auto device = engine::findDevice(wanted.toStdString());
        if (!device)
            problem = QStringLiteral("no OpenCL device matching '%1'; `clworkbench devices` "
                                     "lists them")
                          .arg(wanted);
        return device;
    }
    for (const std::string& name : session.devices)
        if (auto device = engine::findDevice(name))
            return device;
    if (!session.devices.empty()) {
        QStringList names;
        for (const std::string& name : session.devices)
            names << qs(name);
        problem = QStringLiteral("none of the session's devices (%1) is here; pick one with "
                                 "--device NAME (`clworkbench devices` lists them)")
                      .arg(names.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    auto device = engine::defaultDevice();
    if (!device)
        problem = QStringLiteral("no OpenCL device found; install a driver (PoCL runs on the CPU)");
    return device;
}

} // namespace

int runRunCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    QString file, deviceName, outDir;
    for (int i = 0; i < options.size(); ++i) {
        const QString& option = options[i];
        if (option == QLatin1String("--device") && i + 1 < options.size())
            deviceName = options[++i];
        else if (option == QLatin1String("--out") && i + 1 < options.size())
            outDir = options[++i];
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
    try {
        std::filesystem::path folder;
        const engine::SessionFile::ReadResult read = readSession(file, folder);
        for (const std::string& note : read.notes)
            err << "note: " << qs(note) << "\n";
        const engine::Session& session = read.session;

        QString problem;
        const std::optional<engine::Device> device = chooseDevice(deviceName, session, problem);
        if (!device) {
            err << "clworkbench run: " << problem << "\n";
            return kExitFailure;
        }
        // The output folder is checked before the run, so that a long run is not lost to it.
        if (!outDir.isEmpty()) {
            if (!QDir().mkpath(outDir) || !QFileInfo(outDir).isDir()) {
                err << "clworkbench run: cannot create the output folder " << outDir << "\n";
                return kExitFailure;
            }
            if (!QFileInfo(outDir).isWritable()) {
                err << "clworkbench run: the output folder " << outDir << " is not writable\n";
                return kExitFailure;
            }
        }

        out << "session: "
            << (session.title.empty() ? QFileInfo(file).fileName() : qs(session.title)) << "\n";
        out << "device: " << qs(device->name()) << " (" << qs(device->platform().name()) << ")\n";
        const engine::SessionRunner runner(session, folder);
        for (const std::string& warning : runner.includeFolderWarnings())
            err << "warning: " << qs(warning) << "\n";
        const engine::SessionRun run = runner.run(*device);
        for (const std::string& warning : run.warnings)
            err << "warning: " << qs(warning) << "\n";
        out << "build: " << QString::number(run.buildTimings.totalMs, 'f', 1) << " ms"
            << (run.buildFromCache ? " (from the cache)" : "") << "\n";
        for (const engine::SessionLaunchRun& launch : run.launches) {
            const engine::LaunchResult& result = launch.result;
            const size_t runs = result.runs.size();
            out << "launch " << qs(launch.name) << ": " << runs << (runs == 1 ? " run" : " runs");
            if (runs > 0)
                out << QStringLiteral(", min %1 µs, median %2 µs, max %3 µs")
                           .arg(micros(result.minNs()), micros(result.medianNs()),
                                micros(result.maxNs()));
            out << " (global " << sizes(result.global) << ", local " << sizes(result.local)
                << ")\n";
            if (!result.error.empty()) // done, but the timings were lost
                err << "note: launch " << qs(launch.name) << ": " << qs(result.error) << "\n";
        }
        for (const auto& [name, array] : run.outputs) {
            out << "output " << qs(name) << ": " << arrayText(array);
            if (!outDir.isEmpty()) {
                const QString path = QDir(outDir).filePath(qs(name) + QStringLiteral(".npy"));
                engine::NpyFile::write(fsPath(path), array);
                out << " -> " << QDir::toNativeSeparators(path);
            }
            out << "\n";
        }
        if (outDir.isEmpty() && !run.outputs.empty())
            out << "(--out DIR writes the outputs as DIR/<buffer>.npy)\n";
        return kExitOk;
    } catch (const std::exception& error) {
        // SessionError (the session, the build, a launch), NpyError (an output not written),
        // ClError (the driver): each says what failed.
        out.flush();
        err << "clworkbench run: " << QString::fromUtf8(error.what()) << "\n";
        return kExitFailure;
    }
}

} // namespace clw::app
