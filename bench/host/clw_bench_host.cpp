// clw_bench_host (issue 17, item 5): what the device host costs.
//   host_start_to_devices   a new host started and its devices listed (hello), after a first
//                           start warmed the driver's caches; goal < 150 ms
//   host_round_trip         a request that does nothing (ping), there and back through the channel:
//                           what the host adds to each launch; goal <= 20 us
//   session_run_in_process / session_run_through_host
//                           the vector_add sample run (fresh buffers, one launch) with the same
//                           session-job code in this process and in a host; the difference beside
//   restart_ready           after a host was killed, a new one with the session built again (from
//                           the binary cache); goal < 1 s
// Medians; the device is --device NAME (a substring of the platform or device name).
#include "BenchOptions.h"
#include "BenchReport.h"
#include "Stopwatch.h"

#include "bridge/DeviceHosts.h"
#include "bridge/HostSessionClient.h"
#include "bridge/HostStopped.h"
#include "bridge/JobContext.h"
#include "bridge/SessionDeviceState.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/session/SessionFile.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace clw;

namespace {

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

engine::Session vectorAdd() {
    QFile resource(QStringLiteral(":/samples/vector_add.clwb"));
    if (!resource.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "clw_bench_host: the vector_add sample is not embedded\n");
        std::exit(1);
    }
    return engine::SessionFile::parse(resource.readAll().toStdString()).session;
}

ui::JobContext aliveJob() {
    return ui::JobContext(std::make_shared<ui::detail::JobState>());
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const bench::BenchOptions options =
        bench::parseBenchOptions(argc, argv, "the device host's start, round trip and restart");
    const int rounds = options.quick ? 5 : 20;
    // The device in this process too, for the in-process peer; its name picks the host.
    const engine::Device device = bench::requireDevice(options);
    const std::string platform = device.platform().name();
    const std::string choice = device.name();

    // Start and list devices; the first start warms the driver's caches and is left out.
    std::vector<double> starts;
    for (int i = 0; i <= std::min(rounds, 8); ++i) {
        ui::DeviceHosts hosts;
        bench::Stopwatch clock;
        hosts.host(platform)->request("hello", {}).reply.get();
        if (i > 0)
            starts.push_back(clock.seconds());
    }

    ui::DeviceHosts hosts;
    const auto host = hosts.host(platform);
    host->request("hello", {}).reply.get();
    std::vector<double> trips;
    for (int i = 0; i < rounds * 100; ++i) {
        bench::Stopwatch clock;
        host->request("ping", {}).reply.get();
        trips.push_back(clock.seconds());
    }

    // The same run in this process and in the host, taking turns.
    ui::RunPlan plan;
    plan.session = vectorAdd();
    plan.folder = ".";
    plan.deviceName = QString::fromStdString(choice);
    engine::BuildService builds;
    ui::SessionDeviceState state(device);
    ui::HostSessionClient client(hosts, 1);
    std::vector<double> local, remote;
    for (int i = 0; i <= rounds; ++i) {
        bench::Stopwatch clock;
        ui::RunOutcome outcome =
            ui::runSessionPlan(state, plan, builds, aliveJob(), [](const QString&, int, int) {});
        if (i > 0)
            local.push_back(clock.seconds());
        clock.restart();
        ui::RemoteRun ran = client.run(plan, choice, aliveJob(), {}, {});
        if (i > 0)
            remote.push_back(clock.seconds());
        if (!outcome.error.isEmpty() || !ran.outcome.error.isEmpty()) {
            std::fprintf(stderr, "clw_bench_host: a run failed: %s%s\n", qPrintable(outcome.error),
                         qPrintable(ran.outcome.error));
            return 1;
        }
    }

    // Killed while idle, then ready again: a new host with the session's program built.
    std::vector<double> restarts;
    for (int i = 0; i < std::min(rounds, 8); ++i) {
        bench::Stopwatch clock;
        hosts.stop(platform, QStringLiteral("the benchmark ends it"));
        for (;;) {
            try {
                const ui::RemoteBuild built = client.build(plan.session, plan.folder, choice, {});
                if (!built.summary.ok) {
                    std::fprintf(stderr, "clw_bench_host: %s\n", qPrintable(built.summary.message));
                    return 1;
                }
                break;
            } catch (const ui::HostStopped&) {
                // The request reached the host being killed: the next one starts a new host.
            }
        }
        restarts.push_back(clock.seconds());
    }

    const double start = median(starts) * 1e3;
    const double trip = median(trips) * 1e6;
    const double inProcess = median(local) * 1e3;
    const double throughHost = median(remote) * 1e3;
    const double restart = median(restarts) * 1e3;
    bench::printFigure("host_start_to_devices", start, "ms");
    bench::printFigure("host_round_trip", trip, "us");
    bench::printFigure("session_run_in_process", inProcess, "ms");
    bench::printFigure("session_run_through_host", throughHost, "ms");
    bench::printFigure("session_run_host_overhead", (throughHost - inProcess) * 1e3, "us");
    bench::printFigure("restart_ready", restart, "ms");
    bench::printGoal("host_start_to_devices_ms", start, "<", 150);
    bench::printGoal("host_round_trip_us", trip, "<=", 20);
    bench::printGoal("restart_ready_ms", restart, "<", 1000);
    return 0;
}
