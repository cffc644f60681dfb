#include "cli/BenchCommand.h"

#include "bridge/BenchmarkJson.h"
#include "cli/Usage.h"

#include "clw/engine/device/DeviceBenchmark.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"

#include <QJsonDocument>

#include <exception>

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

} // namespace

void printBenchmarkText(QTextStream& out, const engine::BenchmarkResult& result) {
    out << "Device: " << qs(result.deviceName) << " (" << qs(result.platformName) << ")"
        << (result.quick ? " [quick: small sizes, rough figures]" : "") << '\n';
    std::string group;
    for (const engine::BenchmarkFigure& figure : result.figures) {
        if (figure.group != group) {
            group = figure.group;
            out << '\n' << qs(engine::benchmarkGroupTitle(group)) << '\n';
        }
        out << "  " << qs(figure.name).leftJustified(22);
        // A map that moved nothing: its number (thousands of GB/s) is no bandwidth, so neither
        // it nor its unit is printed. Newer clpeak prints "inf (zero-copy)".
        if (figure.zeroCopy)
            out << QStringLiteral("zero-copy").rightJustified(12) << '\n';
        else
            out << QString::number(figure.value, 'f', 2).rightJustified(12) << ' '
                << qs(figure.unit) << '\n';
    }
    for (const std::string& skipped : result.skipped)
        out << "\nSkipped " << qs(skipped) << '\n';
    out << '\n'
        << QStringLiteral("%1 figures in %2 s\n")
               .arg(result.figures.size())
               .arg(result.seconds, 0, 'f', 1);
}

int runBenchCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    bool json = false;
    QString deviceName;
    engine::BenchmarkOptions benchmark;
    for (qsizetype i = 0; i < options.size(); ++i) {
        const QString& option = options[i];
        if (option == QLatin1String("--json")) {
            json = true;
        } else if (option == QLatin1String("--quick")) {
            benchmark.quick = true;
        } else if (option == QLatin1String("--device") && i + 1 < options.size()) {
            deviceName = options[++i];
        } else {
            err << "clworkbench bench: unknown option '" << option
                << "' (see clworkbench --help)\n";
            return kExitUsage;
        }
    }
    try {
        const std::optional<engine::Device> device = engine::findDevice(deviceName.toStdString());
        if (!device) {
            err << "clworkbench bench: "
                << (deviceName.isEmpty()
                        ? QStringLiteral("no OpenCL device found. Run scripts/setup to install "
                                         "PoCL (pocl-opencl-icd).")
                        : QStringLiteral("no OpenCL device matches '%1'; `clworkbench devices` "
                                         "lists them.")
                              .arg(deviceName))
                << '\n';
            return kExitFailure;
        }
        // One progress line, rewritten in place; stdout stays clean for --json.
        const engine::BenchmarkResult result = engine::runDeviceBenchmarks(
            *device, benchmark, [&err](const engine::BenchmarkProgress& progress) {
                err << QStringLiteral("\r[%1/%2] %3")
                           .arg(progress.done, 2)
                           .arg(progress.total, 2)
                           .arg(qs(progress.step).leftJustified(56))
                    << (progress.done >= progress.total ? "\n" : "");
                err.flush();
            });
        if (json)
            out << QJsonDocument(ui::benchmarkToJson(result)).toJson(QJsonDocument::Indented);
        else
            printBenchmarkText(out, result);
        return kExitOk;
    } catch (const engine::ClError& error) {
        err << "\nclworkbench bench: " << qs(error.what()) << '\n';
    } catch (const std::exception& error) {
        err << "\nclworkbench bench: " << error.what() << '\n';
    }
    return kExitFailure;
}

} // namespace clw::app
