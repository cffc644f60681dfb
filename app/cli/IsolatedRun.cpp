#include "cli/IsolatedRun.h"

#include "cli/SessionDeviceChoice.h"
#include "cli/Usage.h"

#include "bridge/BufferSource.h"
#include "bridge/DeviceHosts.h"
#include "bridge/HostSessionClient.h"
#include "bridge/HostStopped.h"
#include "bridge/JobContext.h"

#include "clw/engine/session/ExpectedOutputs.h"
#include "clw/engine/session/SessionResources.h"

#include <QStringList>

#include <algorithm>
#include <optional>

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

// Reads travel in pieces of this size, each under the host's transfer limit.
constexpr std::uint64_t kReadPiece = std::uint64_t(64) << 20;

struct Choice {
    std::string choice; // as the hosts resolve it
    ui::ResolvedDevice device;
};

// A device the hosts resolve among every driver's devices (an empty choice: the default), as
// SessionDeviceChoice wants it.
std::optional<Choice> resolveIn(ui::DeviceHosts& hosts, const std::string& choice) {
    try {
        return Choice{choice, hosts.resolve(choice)};
    } catch (const ui::HostRequestFailed&) {
        return std::nullopt; // no such device; a host that stopped throws on
    }
}

std::vector<unsigned char> readAll(const ui::BufferSource& source) {
    std::vector<unsigned char> bytes(source.size());
    for (std::uint64_t offset = 0; offset < bytes.size(); offset += kReadPiece) {
        const std::uint64_t length = std::min<std::uint64_t>(kReadPiece, bytes.size() - offset);
        source.read(offset, {bytes.data() + offset, size_t(length)});
    }
    return bytes;
}

// Everything that went wrong, in the order a run in this process would say it; empty when the
// run went through.
QString failureOf(const ui::RunOutcome& outcome) {
    if (outcome.build && !outcome.build->ok)
        return outcome.build->failure.isEmpty() ? outcome.build->message : outcome.build->failure;
    return outcome.error;
}

// What a launch printed, each line after the work-item that printed it: "[3,0,0] text".
QString printedText(const ui::RunRecord& record) {
    QString text;
    for (const ui::OutputLine& line : record.outputLines()) {
        if (line.workItem)
            text += QLatin1Char('[') + ui::RunRecord::workItemText(*line.workItem) +
                    QStringLiteral("] ");
        text += line.text + QLatin1Char('\n');
    }
    return text;
}

} // namespace

int runIsolated(const engine::Session& session, const std::filesystem::path& folder,
                const QString& title, const QString& deviceName, RunPrinter& printer) {
    // Declared first, so that it goes last: the run's buffers hold its hosts.
    ui::DeviceHosts hosts;
    try {
        QString problem;
        const std::optional<Choice> chosen = chooseSessionDevice(
            deviceName, session,
            [&hosts](const std::string& choice) { return resolveIn(hosts, choice); }, problem);
        if (!chosen) {
            printer.fail(problem);
            return kExitFailure;
        }
        if (!printer.prepareOutputFolder())
            return kExitFailure;
        printer.header(title, qs(chosen->device.device), qs(chosen->device.platform));

        ui::HostSessionClient client(hosts, 1);
        ui::RunPlan plan;
        plan.session = session;
        plan.folder = folder;
        plan.deviceName = qs(chosen->device.device);
        plan.launchedKernelsOnly = true;
        const ui::JobContext job(std::make_shared<ui::detail::JobState>());
        const ui::RemoteRun ran =
            client.run(plan, chosen->choice, job, {}, ui::WatchdogLimits::of(session.watchdog));
        const ui::RunOutcome& outcome = ran.outcome;

        if (outcome.build)
            for (const QString& warning : outcome.build->warnings)
                printer.warning(warning);
        for (const QString& warning : outcome.warnings)
            printer.warning(warning);
        for (const ui::RunRecord& record : outcome.records)
            for (const QString& warning : record.warnings)
                printer.warning(warning);
        if (const QString failure = failureOf(outcome); !failure.isEmpty()) {
            printer.fail(failure);
            return kExitFailure;
        }

        if (outcome.build)
            printer.build(outcome.build->totalMs, outcome.build->fromCache);
        for (const ui::RunRecord& record : outcome.records) {
            const engine::SessionLaunch& launch = record.launch;
            printer.launch(qs(launch.name.empty() ? launch.kernel : launch.name), record.kernelNs,
                           record.global, record.local);
            printer.printed(printedText(record));
        }
        bool hadOutputs = false;
        engine::RunOutputs outputs;
        for (const engine::SessionBuffer& buffer : session.buffers) {
            if (!buffer.output)
                continue;
            const auto source = outcome.sources.find(qs(buffer.name));
            if (source == outcome.sources.end())
                throw std::runtime_error("the device host gave no buffer '" + buffer.name + "'");
            outputs.emplace_back(
                buffer.name, engine::SessionResources::toArray(buffer, readAll(*source->second)));
            printer.output(buffer.name, outputs.back().second);
            hadOutputs = true;
        }
        const bool asExpected =
            printer.expectations(engine::ExpectedOutputs::compare(session, folder, outputs));
        printer.finish(hadOutputs);
        return asExpected ? kExitOk : kExitFailure;
    } catch (const std::exception& error) {
        // HostStopped (a crash, the watchdog), HostRequestFailed (the host refused the request),
        // SessionError, NpyError (an output not written): each says what failed.
        printer.fail(QString::fromUtf8(error.what()));
        return kExitFailure;
    }
}

} // namespace clw::app
