#include "cli/CaptureCommand.h"

#include "cli/CaptureIndex.h"
#include "cli/CaptureStop.h"
#include "cli/Usage.h"

#include "clw/engine/capture/CaptureRecord.h"
#include "clw/engine/capture/CapturedSessionBuilder.h"
#include "clw/engine/capture/ChromeTrace.h"
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

struct CaptureOptions {
    QStringList kernels;
    QString launch = QStringLiteral("first");
    quint64 maxBytes = quint64(1) << 30;
    QString out = QStringLiteral("clworkbench-capture");
    QString program;
    QStringList arguments;
};

// "64M", "1G", "4096": bytes, or nothing.
std::optional<quint64> byteCount(const QString& text) {
    static const QRegularExpression form(QStringLiteral("^(\\d+)([KMG]?)i?B?$"),
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = form.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    quint64 value = match.captured(1).toULongLong();
    const QString unit = match.captured(2).toUpper();
    const int shift = unit == QLatin1String("K")   ? 10
                      : unit == QLatin1String("M") ? 20
                      : unit == QLatin1String("G") ? 30
                                                   : 0;
    return value << shift;
}

bool validLaunch(const QString& launch) {
    static const QRegularExpression form(
        QStringLiteral("^(first|last|all|none|[1-9]\\d*|[1-9]\\d*\\.\\.[1-9]\\d*)$"));
    if (!form.match(launch).hasMatch())
        return false;
    const QStringList ends = launch.split(QStringLiteral(".."));
    return ends.size() != 2 || ends[0].toULongLong() <= ends[1].toULongLong();
}

// The layer beside the executable: the build tree's lib/, or where the package installs it.
QString layerPath() {
    const QString chosen = qEnvironmentVariable("CLW_CAPTURE_LAYER");
    if (!chosen.isEmpty())
        return QFileInfo(chosen).absoluteFilePath();
#ifdef _WIN32
    const QString file = QStringLiteral("clworkbench_capture.dll");
#else
    const QString file = QStringLiteral("libclworkbench_capture.so");
#endif
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString& place :
         {QStringLiteral("../lib/"), QStringLiteral(CLW_CAPTURE_LAYER_DIR "/"), QString()}) {
        const QString path = here.absoluteFilePath(place + file);
        if (QFileInfo(path).isFile())
            return QDir::cleanPath(path);
    }
    return {};
}

std::string readText(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

QString sizesText(const std::vector<std::uint64_t>& sizes) {
    if (sizes.empty())
        return QStringLiteral("-");
    QStringList parts;
    for (std::uint64_t size : sizes)
        parts << QString::number(size);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// A free folder name in `out` for a session named `base`.
QString freeName(const QDir& out, const QString& base) {
    QString name = base;
    for (int i = 2; out.exists(name); ++i)
        name = base + QLatin1Char('-') + QString::number(i);
    return name;
}

// Writes the session whole into out/NAME/NAME.clwb, or nothing: it is written into a hidden
// folder first and renamed into place. Throws SessionError or std::runtime_error.
QString writeSession(const QDir& out, const QString& base, const engine::CapturedSession& made) {
    const QString name = freeName(out, base);
    const QString staging =
        out.absoluteFilePath(QStringLiteral(".") + name + QStringLiteral(".partial"));
    QDir(staging).removeRecursively();
    try {
        engine::SessionFile::write(std::filesystem::path(staging.toStdString()) /
                                       (name.toStdString() + ".clwb"),
                                   made.session, made.dataFiles);
    } catch (...) {
        QDir(staging).removeRecursively();
        throw;
    }
    if (!QDir().rename(staging, out.absoluteFilePath(name))) {
        QDir(staging).removeRecursively();
        throw std::runtime_error("could not move the session into " +
                                 out.absoluteFilePath(name).toStdString());
    }
    return name + QLatin1Char('/') + name + QStringLiteral(".clwb");
}

int usage(QTextStream& err, const QString& problem) {
    err << "clworkbench capture: " << problem << "\n"
        << "usage: clworkbench capture [--kernel NAME]... [--launch first|last|all|none|N|FROM..TO]"
           " [--max-bytes SIZE] [--out DIR] -- PROGRAM [ARGS...]\n";
    return kExitUsage;
}

} // namespace

int runCaptureCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    CaptureOptions settings;
    int i = 0;
    for (; i < options.size(); ++i) {
        const QString& option = options[i];
        const auto value = [&]() -> std::optional<QString> {
            if (i + 1 >= options.size())
                return std::nullopt;
            return options[++i];
        };
        if (option == QLatin1String("--")) {
            ++i;
            break;
        }
        if (option == QLatin1String("--kernel")) {
            const auto name = value();
            if (!name)
                return usage(err, QStringLiteral("--kernel needs a kernel's name"));
            settings.kernels << *name;
        } else if (option == QLatin1String("--launch")) {
            const auto launch = value();
            if (!launch || !validLaunch(*launch))
                return usage(err, QStringLiteral("--launch takes first, last, all, none, a "
                                                 "launch's number N (from 1) or FROM..TO"));
            settings.launch = *launch;
        } else if (option == QLatin1String("--max-bytes")) {
            const auto text = value();
            const auto bytes = text ? byteCount(*text) : std::nullopt;
            if (!bytes)
                return usage(err, QStringLiteral("--max-bytes takes a size such as 4096, 64M "
                                                 "or 2G"));
            settings.maxBytes = *bytes;
        } else if (option == QLatin1String("--out")) {
            const auto folder = value();
            if (!folder)
                return usage(err, QStringLiteral("--out needs a folder"));
            settings.out = *folder;
        } else if (!option.startsWith(QLatin1Char('-'))) {
            break; // the program, without "--"
        } else {
            return usage(err, QStringLiteral("unknown option '%1'").arg(option));
        }
    }
    if (i >= options.size())
        return usage(err, QStringLiteral("no program to run: put it after --"));
    settings.program = options[i];
    settings.arguments = options.mid(i + 1);

#ifdef __APPLE__
    err << "clworkbench capture: macOS' OpenCL framework loads no layers (the Khronos "
           "cl_loader_layers extension), so a program's calls cannot be captured there. Capture "
           "the program on Linux or Windows, or link it against the Khronos ICD loader "
           "(OpenCL-ICD-Loader), which loads layers, instead of the framework.\n";
    return kExitFailure;
#endif
    const QString layer = layerPath();
    if (layer.isEmpty()) {
        err << "clworkbench capture: the capture layer (libclworkbench_capture) is not installed "
               "beside clworkbench: build the clworkbench_capture target, or reinstall\n";
        return kExitFailure;
    }
    const QString outPath = QFileInfo(settings.out).absoluteFilePath();
    const QDir outFolder(outPath);
    if (!QDir().mkpath(outPath) || !QFileInfo(outPath).isWritable()) {
        err << "clworkbench capture: cannot write in " << outPath
            << ": give a folder you may write with --out\n";
        return kExitFailure;
    }
    const QString journal = outFolder.absoluteFilePath(
        QStringLiteral(".journal-%1").arg(QCoreApplication::applicationPid()));
    QDir(journal).removeRecursively();

    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QString layers = environment.value(QStringLiteral("OPENCL_LAYERS"));
    environment.insert(QStringLiteral("OPENCL_LAYERS"),
                       layers.isEmpty() ? layer : layer + QLatin1Char(':') + layers);
    environment.insert(QStringLiteral("CLW_CAPTURE_DIR"), journal);
    // PyOpenCL builds from its own binary cache when it can, which would leave the layer a
    // binary and no source: the script builds from source instead (its results are the same).
    environment.insert(QStringLiteral("PYOPENCL_NO_CACHE"), QStringLiteral("1"));
    environment.insert(QStringLiteral("CLW_CAPTURE_KERNELS"),
                       settings.kernels.join(QLatin1Char(',')));
    environment.insert(QStringLiteral("CLW_CAPTURE_LAUNCH"), settings.launch);
    environment.insert(QStringLiteral("CLW_CAPTURE_MAX_BYTES"), QString::number(settings.maxBytes));
    QProcess program;
    program.setProcessEnvironment(environment);
    program.setProcessChannelMode(QProcess::ForwardedChannels);
    program.setInputChannelMode(QProcess::ForwardedInputChannel);
    out.flush();
    program.start(settings.program, settings.arguments);
    if (!program.waitForStarted(-1)) {
        err << "clworkbench capture: cannot start '" << settings.program
            << "': " << program.errorString()
            << " (give the program's path, or a name found on PATH)\n";
        QDir(journal).removeRecursively();
        return kExitFailure;
    }
    const bool stopped =
        CaptureStop(QDir(journal).absoluteFilePath(QStringLiteral("stop"))).waitFor(program);
    const bool crashed = program.exitStatus() == QProcess::CrashExit;
    const int status = crashed || stopped ? kExitFailure : program.exitCode();
    CaptureIndex index(settings.program, settings.arguments, settings.kernels);
    index.setEnd(crashed || stopped ? std::nullopt : std::optional(status), stopped);
    if (stopped)
        err << "clworkbench capture: the program was stopped; what was captured before is kept\n";
    else if (crashed)
        err << "clworkbench capture: the program crashed; what was captured before is kept\n";
    else if (status != 0)
        err << "clworkbench capture: the program exited with status " << status
            << "; what was captured is kept\n";

    int result = status;
    if (QFile progress(QDir(journal).absoluteFilePath(QStringLiteral("progress.json")));
        progress.open(QIODevice::ReadOnly))
        index.setProgress(progress.readAll());
    if (!QFileInfo::exists(QDir(journal).absoluteFilePath(QStringLiteral("capture.jsonl")))) {
        err << "clworkbench capture: the program made no OpenCL call through the capture layer: "
               "either it calls no OpenCL, or the OpenCL loader it loads (libOpenCL) reads no "
               "layers (OPENCL_LAYERS). NVIDIA's CUDA toolkit ships such a loader: put ocl-icd's "
               "(Debian: ocl-icd-libopencl1) or the Khronos loader before it, for example with "
               "LD_LIBRARY_PATH\n";
        try {
            index.write(outPath);
        } catch (const std::exception& error) {
            err << "clworkbench capture: " << error.what() << "\n";
        }
        QDir(journal).removeRecursively();
        return result == 0 ? kExitFailure : result;
    }
    try {
        const engine::CaptureRecord record = engine::CaptureRecord::read(journal.toStdString());
        // The program's timeline.
        const engine::ChromeTrace trace = engine::ChromeTrace::fromJournal(
            readText(std::filesystem::path(journal.toStdString()) / "trace.jsonl"),
            record.queueDevices());
        {
            const std::string text = trace.text();
            std::ofstream file((outPath + QStringLiteral("/trace.json")).toStdString(),
                               std::ios::binary);
            file << text;
            if (!file.flush())
                throw std::runtime_error("could not write " +
                                         (outPath + QStringLiteral("/trace.json")).toStdString() +
                                         " (is the disk full?)");
        }
        index.setTrace(trace.summary());
        out << "trace: " << outFolder.absoluteFilePath(QStringLiteral("trace.json")) << " ("
            << trace.summary().calls << " OpenCL calls, " << trace.summary().launches.size()
            << " launches)\n";
        for (const QString& kernel : settings.kernels) {
            bool launched = false;
            for (const auto& launch : record.launches())
                launched = launched || qs(launch.kernel) == kernel;
            for (const auto& skipped : record.skipped())
                launched = launched || qs(skipped.kernel) == kernel;
            for (const std::string& name : trace.summary().launches)
                launched = launched || qs(name) == kernel;
            if (!launched) {
                QStringList made;
                for (const std::string& name : record.kernelNames())
                    made << qs(name);
                err << "clworkbench capture: kernel '" << kernel << "' was never launched"
                    << (made.isEmpty() ? QStringLiteral(" (the program made no kernel)")
                                       : QStringLiteral(" (the program made: ") +
                                             made.join(QStringLiteral(", ")) + QLatin1Char(')'))
                    << "\n";
                if (result == 0)
                    result = kExitFailure;
            }
        }
        // Sessions: a range as one, else one a launch.
        std::vector<std::vector<const engine::CapturedLaunchRecord*>> groups;
        const bool range = settings.launch.contains(QStringLiteral(".."));
        for (const auto& launch : record.launches()) {
            if (range && !groups.empty())
                groups.back().push_back(&launch);
            else
                groups.push_back({&launch});
        }
        if (settings.launch == QLatin1String("last") && groups.size() > 1)
            groups.erase(groups.begin(), groups.end() - 1);
        int written = 0;
        for (const auto& group : groups) {
            const engine::CapturedLaunchRecord& first = *group.front();
            const QString label =
                QStringLiteral("launch %1 of '%2'").arg(first.number).arg(qs(first.kernel));
            try {
                const engine::CapturedSession made =
                    engine::CapturedSessionBuilder::build(record, group);
                const QString base =
                    group.size() > 1
                        ? QStringLiteral("%1-%2-to-%3")
                              .arg(qs(first.kernel))
                              .arg(first.number)
                              .arg(group.back()->number)
                        : QStringLiteral("%1-%2").arg(qs(first.kernel)).arg(first.number);
                const QString path = writeSession(outFolder, base, made);
                index.addSession(path, group);
                out << outFolder.absoluteFilePath(path) << ": " << label;
                if (group.size() > 1)
                    out << " to " << group.back()->number << " (" << group.size() << " launches)";
                out << ", global " << sizesText(first.global) << ", local "
                    << sizesText(first.local) << ", on " << qs(first.device) << "\n";
                if (!first.afterProblem.empty())
                    err << "clworkbench capture: " << label
                        << ": no expected result: " << qs(first.afterProblem) << "\n";
                ++written;
            } catch (const engine::CaptureRefusal& refusal) {
                err << "clworkbench capture: " << label << " not captured: " << refusal.what()
                    << "\n";
                index.addNotCaptured(first.number, qs(first.kernel), qs(refusal.what()));
            }
        }
        for (const auto& skipped : record.skipped()) {
            err << "clworkbench capture: launch " << skipped.number << " of '" << qs(skipped.kernel)
                << "' skipped: " << qs(skipped.reason) << "\n";
            index.addNotCaptured(skipped.number, qs(skipped.kernel), qs(skipped.reason));
        }
        index.write(outPath);
        if (settings.launch != QLatin1String("none") && written == 0) {
            if (record.launches().empty() && record.skipped().empty())
                err << "clworkbench capture: no launch "
                    << (settings.kernels.isEmpty() ? QStringLiteral("was made")
                                                   : QStringLiteral("of the kernels asked for"))
                    << (settings.launch == QLatin1String("first") ||
                                settings.launch == QLatin1String("all") ||
                                settings.launch == QLatin1String("last")
                            ? QString()
                            : QStringLiteral(" matched --launch ") + settings.launch)
                    << ": nothing captured\n";
            if (result == 0)
                result = kExitFailure;
        }
    } catch (const std::exception& error) {
        err << "clworkbench capture: " << error.what() << "\n";
        if (result == 0)
            result = kExitFailure;
    }
    if (qEnvironmentVariable("CLW_CAPTURE_KEEP_JOURNAL").isEmpty())
        QDir(journal).removeRecursively();
    return result;
}

} // namespace clw::app
