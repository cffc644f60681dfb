#include "bridge/HostWatchRun.h"

#include "bridge/BufferSource.h"
#include "bridge/CheckRun.h"
#include "bridge/HostReleaseBatch.h"
#include "bridge/HostSessionClient.h"

#include "clw/engine/debug/DeviceWatch.h"
#include "clw/engine/debug/WatchInstrumentation.h"

#include <stdexcept>

namespace clw::ui {

namespace {

// Runs `session` once in `hosts`; its sizes and output buffers' bytes.
engine::WatchRunData runOnce(HostSessionClient& client, const engine::Session& session,
                             const std::filesystem::path& folder, const std::string& device,
                             const JobContext& job, RunOutcome& outcome) {
    RunPlan plan;
    plan.session = session;
    plan.folder = folder;
    plan.deviceName = QString::fromStdString(device);
    plan.launchedKernelsOnly = true;
    outcome = client.run(plan, device, job, {}, WatchdogLimits::of(session.watchdog)).outcome;
    if (const QString failure = CheckRun::failureOf(outcome); !failure.isEmpty())
        throw std::runtime_error(failure.toStdString());
    engine::WatchRunData data;
    for (const RunRecord& record : outcome.records) {
        if (!record.ok)
            throw std::runtime_error(record.error.toStdString());
        data.global.push_back(record.global);
        data.local.push_back(record.local);
    }
    for (const engine::SessionBuffer& buffer : session.buffers) {
        const auto source = outcome.sources.find(QString::fromStdString(buffer.name));
        if (!buffer.output || source == outcome.sources.end())
            continue;
        std::vector<unsigned char> bytes(source->second->size());
        source->second->read(0, bytes);
        data.outputs.emplace_back(buffer.name, std::move(bytes));
    }
    {
        const HostReleaseBatch batch;
        outcome.sources.clear();
        outcome.initial.clear();
    }
    return data;
}

} // namespace

bool HostWatchRun::isOclgrind(const QString& platform) {
    return platform.contains(QLatin1String("Oclgrind"), Qt::CaseInsensitive);
}

HostWatchOutcome HostWatchRun::run(const engine::Session& session,
                                   const std::filesystem::path& folder,
                                   const engine::WatchRequest& request, const QString& deviceName,
                                   const JobContext& job, std::shared_ptr<DeviceHosts> hosts) {
    const engine::InstrumentedWatch watch = engine::instrumentWatch(session, request);
    if (!watch.problem.empty())
        throw std::runtime_error(watch.problem);
    const ResolvedDevice device = hosts->resolve(deviceName.toStdString());
    HostWatchOutcome outcome;
    outcome.device = QString::fromStdString(device.device);
    outcome.platform = QString::fromStdString(device.platform);
    // Two documents, one a client: the host keeps each client's program and buffers apart.
    HostSessionClient plainClient(*hosts, 1);
    HostSessionClient watchedClient(*hosts, 2);
    const engine::WatchRunData plain =
        runOnce(plainClient, watch.plain, folder, device.device, job, outcome.plain);
    const engine::WatchRunData watched =
        runOnce(watchedClient, watch.session, folder, device.device, job, outcome.watched);
    outcome.report = engine::reportDeviceWatch(session, request, watch, plain, watched);
    return outcome;
}

} // namespace clw::ui
