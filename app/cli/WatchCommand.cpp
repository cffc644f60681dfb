#include "cli/WatchCommand.h"

#include "cli/SessionArgument.h"
#include "cli/Usage.h"

#include "bridge/CheckRun.h"
#include "bridge/HostWatchRun.h"
#include "bridge/JobContext.h"

#include "clw/engine/debug/DeviceWatch.h"
#include "clw/engine/runtime/DeviceSelection.h"

#include <cmath>

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

QString sizes(const std::vector<std::uint64_t>& size) {
    QStringList parts;
    for (std::uint64_t one : size)
        parts << QString::number(one);
    return parts.join(QStringLiteral(" x "));
}

QString valueText(const engine::WatchedRun& run, std::uint64_t item) {
    QStringList parts;
    for (unsigned c = 0; c < run.components; ++c)
        parts << (std::isnan(run.value(item, c)) && run.passes[item] == 0
                      ? QStringLiteral("-")
                      : QString::number(run.value(item, c), 'g', 9));
    return run.components == 1 ? parts.front()
                               : QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

// The launch's values in a few lines: how many passed, their range, the first work-items.
void printLaunch(const engine::WatchedLaunch& launch, QTextStream& out) {
    const engine::WatchedRun& run = launch.run;
    std::uint64_t passed = 0;
    double low = INFINITY, high = -INFINITY;
    for (std::uint64_t item = 0; item < run.workItems(); ++item) {
        if (run.passes[item] == 0)
            continue;
        ++passed;
        for (unsigned c = 0; c < run.components; ++c)
            if (!std::isnan(run.value(item, c))) {
                low = std::min(low, run.value(item, c));
                high = std::max(high, run.value(item, c));
            }
    }
    out << "launch " << qs(launch.name) << ": " << qs(run.type) << ", " << passed << " of "
        << run.workItems() << " work-items passed (global " << sizes(run.global) << ", local "
        << sizes(run.local) << ")";
    if (low <= high)
        out << ", values from " << low << " to " << high;
    out << "\n";
    for (std::uint64_t item = 0; item < std::min<std::uint64_t>(run.workItems(), 8); ++item)
        out << "  work-item " << item << ": " << valueText(run, item) << " (" << run.passes[item]
            << (run.passes[item] == 1 ? " pass)\n" : " passes)\n");
}

struct Options {
    QString file;
    QString device;
    QString reproducer;
    engine::WatchRequest request;
    bool json = false;
};

// Reads the command line into `options`; false after saying what is wrong.
bool parse(const QStringList& arguments, Options& options, QTextStream& err) {
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& option = arguments[i];
        const bool hasValue = i + 1 < arguments.size();
        bool ok = true;
        if (option == QLatin1String("--line") && hasValue)
            options.request.line = arguments[++i].toUInt(&ok);
        else if (option == QLatin1String("--pass") && hasValue)
            options.request.pass = arguments[++i].toUInt(&ok);
        else if (option == QLatin1String("--expression") && hasValue)
            options.request.expression = arguments[++i].toStdString();
        else if (option == QLatin1String("--file") && hasValue)
            options.request.file = arguments[++i].toStdString();
        else if (option == QLatin1String("--device") && hasValue)
            options.device = arguments[++i];
        else if (option == QLatin1String("--reproducer") && hasValue)
            options.reproducer = arguments[++i];
        else if (option == QLatin1String("--json"))
            options.json = true;
        else if (options.file.isEmpty() && !option.startsWith(QLatin1Char('-')))
            options.file = option;
        else {
            err << "clworkbench watch: unknown option '" << option << "'\n";
            return false;
        }
        if (!ok) {
            err << "clworkbench watch: " << option << " takes a whole number, not '" << arguments[i]
                << "'\n";
            return false;
        }
    }
    if (options.file.isEmpty() || options.request.line == 0 || options.request.expression.empty()) {
        err << "clworkbench watch: name a session, a line and an expression, e.g. clworkbench "
               "watch reduction.clwb --line 12 --expression stride\n";
        return false;
    }
    return true;
}

} // namespace

int runWatchCommand(const QStringList& arguments, QTextStream& out, QTextStream& err) {
    Options options;
    if (!parse(arguments, options, err))
        return kExitUsage;
    try {
        std::filesystem::path folder;
        const engine::SessionFile::ReadResult read = readSessionArgument(options.file, folder);
        for (const std::string& note : read.notes)
            err << "note: " << qs(note) << "\n";
        const engine::Session& session = read.session;
        const ui::JobContext job(std::make_shared<ui::detail::JobState>());
        auto hosts = std::make_shared<ui::DeviceHosts>();
        const ui::ResolvedDevice device = hosts->resolve(options.device.toStdString());
        engine::WatchReport report;
        if (ui::HostWatchRun::isOclgrind(qs(device.platform))) {
            const ui::CheckOutcome outcome =
                ui::CheckRun::watch(session, folder, options.request, options.device, job, hosts);
            if (const QString failure = ui::CheckRun::failureOf(outcome.run); !failure.isEmpty())
                throw std::runtime_error(failure.toStdString());
            report = outcome.watch;
        } else {
            report =
                ui::HostWatchRun::run(session, folder, options.request, options.device, job, hosts)
                    .report;
        }
        if (report.launches.empty()) {
            err << "clworkbench watch: " << qs(report.problem) << "\n";
            return kExitFailure;
        }
        if (options.json) {
            nlohmann::json document = {{"format", "clworkbench-watch"},
                                       {"version", 1},
                                       {"device", device.device},
                                       {"platform", device.platform},
                                       {"request", engine::watchRequestToJson(options.request)},
                                       {"differences", report.differences},
                                       {"launches", nlohmann::json::array()}};
            for (const engine::WatchedLaunch& launch : report.launches)
                document["launches"].push_back(
                    {{"name", launch.name}, {"run", engine::watchedRunToJson(launch.run)}});
            out << qs(document.dump(2)) << "\n";
        } else {
            out << "watch: `" << qs(options.request.expression) << "` at line "
                << options.request.line << " ("
                << (options.request.pass == 0 ? QStringLiteral("the last pass")
                                              : QStringLiteral("pass %1").arg(options.request.pass))
                << " of each work-item) on " << qs(device.device) << "\n";
            for (const engine::WatchedLaunch& launch : report.launches)
                printLaunch(launch, out);
        }
        for (const std::string& difference : report.differences)
            err << "warning: " << qs(difference) << "\n";
        if (!options.reproducer.isEmpty()) {
            const std::optional<engine::Device> chosen =
                engine::findDevice(options.device.toStdString());
            if (!chosen)
                throw std::runtime_error("no device matches '" + options.device.toStdString() +
                                         "' in this process");
            std::size_t launch = 0;
            while (launch < session.launches.size() &&
                   session.launches[launch].kernel != report.launches.front().run.kernel)
                ++launch;
            engine::writeWatchReproducer(session, folder, options.request, *chosen, launch,
                                         options.reproducer.toStdU16String());
            err << "reproducer: " << options.reproducer << "\n";
        }
        return kExitOk;
    } catch (const std::exception& error) {
        err << "clworkbench watch: " << QString::fromUtf8(error.what()) << "\n";
        return kExitFailure;
    }
}

} // namespace clw::app
