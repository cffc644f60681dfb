#include "bridge/DifferentialRun.h"

#include "bridge/BufferSource.h"
#include "bridge/CheckRun.h"
#include "bridge/HostBufferSource.h"
#include "bridge/HostSessionClient.h"
#include "bridge/HostStopped.h"
#include "bridge/JobContext.h"

#include "clw/engine/session/SessionResources.h"

#include <algorithm>
#include <thread>

namespace clw::ui {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

// Reads travel in pieces of this size, each under the host's transfer limit.
constexpr std::uint64_t kReadPiece = std::uint64_t(64) << 20;

std::vector<unsigned char> readAll(const BufferSource& source) {
    std::vector<unsigned char> bytes(source.size());
    for (std::uint64_t offset = 0; offset < bytes.size(); offset += kReadPiece) {
        const std::uint64_t length = std::min<std::uint64_t>(kReadPiece, bytes.size() - offset);
        source.read(offset, {bytes.data() + offset, size_t(length)});
    }
    return bytes;
}

std::string deviceList(DeviceHosts& hosts) {
    std::string names;
    for (const ResolvedDevice& device : hosts.devices())
        names += (names.empty() ? "" : ", ") + device.device;
    return names;
}

} // namespace

DifferentialSideOutcome DifferentialRun::runSide(const DifferentialSide& side, DeviceHosts& hosts,
                                                 std::uint64_t sessionId, const JobContext& job,
                                                 bool keepContents) {
    DifferentialSideOutcome result;
    result.run.session = side.label;
    result.run.device = side.device;
    try {
        ResolvedDevice device;
        try {
            device = hosts.resolve(side.device);
        } catch (const HostRequestFailed&) {
            result.run.failure = "no OpenCL device matches '" + side.device +
                                 "' (devices: " + deviceList(hosts) + ")";
            return result;
        }
        result.run.device = device.device;
        result.run.platform = device.platform;

        HostSessionClient client(hosts, sessionId);
        RunPlan plan;
        plan.session = side.session;
        plan.folder = side.folder;
        plan.deviceName = qs(device.device);
        plan.launchedKernelsOnly = true;
        const RunOutcome outcome =
            client.run(plan, side.device, job, {}, WatchdogLimits::of(side.session.watchdog))
                .outcome;
        if (outcome.build)
            result.warnings << outcome.build->warnings;
        result.warnings << outcome.warnings;
        for (const RunRecord& record : outcome.records)
            result.warnings << record.warnings;
        if (const QString failure = CheckRun::failureOf(outcome); !failure.isEmpty()) {
            result.run.failure = failure.toStdString();
            return result;
        }
        for (const engine::SessionBuffer& buffer : side.session.buffers) {
            if (!buffer.output)
                continue;
            const auto source = outcome.sources.find(qs(buffer.name));
            if (source == outcome.sources.end())
                throw std::runtime_error("the device host gave no buffer '" + buffer.name + "'");
            std::vector<unsigned char> bytes = readAll(*source->second);
            if (keepContents)
                result.contents[buffer.name] =
                    std::make_shared<HostBufferSource>(bytes, "the run on " + result.run.device);
            result.outputs.emplace_back(
                buffer.name, engine::SessionResources::toArray(buffer, std::move(bytes)));
        }
    } catch (const std::exception& error) {
        // HostStopped (a crash, the watchdog), HostRequestFailed (the host refused the request),
        // SessionError (a buffer that came back wrong): the run failed, saying why.
        result.run.failure = error.what();
        result.outputs.clear();
        result.contents.clear();
    }
    return result;
}

DifferentialOutcome DifferentialRun::run(const DifferentialSide& a, const DifferentialSide& b,
                                         const engine::ToleranceRules& rules, const JobContext& job,
                                         std::shared_ptr<DeviceHosts> hosts, bool keepContents) {
    if (!hosts)
        hosts = std::make_shared<DeviceHosts>();
    DifferentialOutcome outcome;
    {
        // A on a thread of its own, B here: each waits on its own host, so both devices work at
        // once. runSide throws nothing, so the thread always ends and is joined.
        std::thread tested([&] { outcome.a = runSide(a, *hosts, 1, job, keepContents); });
        outcome.b = runSide(b, *hosts, 2, job, keepContents);
        tested.join();
    }
    if (!outcome.failed())
        outcome.comparison = engine::OutputComparison::compare(a.session, outcome.a.outputs,
                                                               b.session, outcome.b.outputs, rules);
    return outcome;
}

} // namespace clw::ui
