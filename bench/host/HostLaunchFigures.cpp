#include "HostLaunchFigures.h"

#include "BenchReport.h"
#include "RawSocketPeer.h"
#include "Stopwatch.h"

#include "bridge/DeviceHosts.h"
#include "bridge/HostConnection.h"
#include "bridge/HostReleaseBatch.h"
#include "bridge/HostSessionClient.h"
#include "bridge/JobContext.h"
#include "bridge/SessionDeviceState.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/session/SessionFile.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>

namespace clw::bench {

namespace {

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

// The empty kernel of the launch figures with its one buffer, as a session of `launches` launches.
engine::Session emptyKernelSession(int launches) {
    std::string list;
    for (int i = 0; i < launches; ++i)
        list += std::string(i ? ", " : "") +
                R"({"kernel": "empty", "global": [64], "arguments": [{"buffer": "data"}]})";
    return engine::SessionFile::parse(R"({"format": "clworkbench-session", "version": 1,
      "sources": {"main": "empty.cl", "files": [{"name": "empty.cl",
        "text": "__kernel void empty(__global float* data) { }\n"}], "includeDirs": []},
      "options": "", "devices": [],
      "buffers": [{"name": "data", "type": "float", "shape": [1024], "access": "read_write",
                   "init": {"fill": "zeros"}, "output": true}],
      "launches": [)" + list + "]}")
        .session;
}

// A measurement's runs, in seconds: in process, through the host, and the latter's pairs.
struct Samples {
    std::vector<double> local, remote;
    std::vector<double> added;  // each round trip less the host's own time for its run
    std::vector<double> inHost; // the host's own time for each run
};

// The launches of the session that tells a launch's own cost from the request's.
constexpr int kManyLaunches = 16;

ui::JobContext aliveJob() {
    return ui::JobContext(std::make_shared<ui::detail::JobState>());
}

} // namespace

HostLaunchFigures measureHostLaunches(const engine::Device& device, int trips) {
    // The hosts' connections are Qt objects (QProcess on a QThread): they want an application.
    static int argc = 1;
    static char name[] = "clw_bench_launch";
    static char* argv[] = {name, nullptr};
    std::unique_ptr<QCoreApplication> application;
    if (!QCoreApplication::instance())
        application = std::make_unique<QCoreApplication>(argc, argv);
    ui::DeviceHosts hosts;
    const std::shared_ptr<ui::HostConnection> host = hosts.host(device.platform().name());
    host->request("hello", {}).reply.get();
    std::vector<double> pings;
    for (int i = 0; i < trips; ++i) {
        Stopwatch clock;
        host->request("ping", {}).reply.get();
        pings.push_back(clock.seconds());
    }

    engine::BuildService builds;
    ui::SessionDeviceState state(device);
    ui::HostSessionClient client(hosts, 1);
    // A session of `launches` launches, in this process and in the host, in blocks of runs that
    // take turns. Single runs taking turns made an NVIDIA GPU switch between this process's
    // context and the host's for every run (in process 260-300 us against 80 us in blocks), which
    // the workbench, whose process has no OpenCL, never does; so each block's first run, which
    // pays for that switch, is left out on both sides (and with it the very first, the build).
    // Either a block's outcomes are kept until it ends, which leaves out their release (dropping
    // them between two runs timed back to back would time their release too), or each run's
    // outcome replaces the one before, as the workbench's history does: that times the release
    // of the run before with each run, and through a host the requests it takes. Medians in
    // microseconds.
    constexpr int kBlock = 25;
    const auto measure = [&](int launches, int rounds, bool replacing) {
        ui::RunPlan plan;
        plan.session = emptyKernelSession(launches);
        plan.folder = ".";
        plan.deviceName = QString::fromStdString(device.name());
        Samples samples;
        const auto check = [](const ui::RunOutcome& outcome) {
            if (!outcome.error.isEmpty())
                throw std::runtime_error("a run of the empty kernel failed: " +
                                         outcome.error.toStdString());
        };
        for (int first = 0; first <= rounds; first += kBlock) {
            std::vector<ui::RunOutcome> kept(1);
            for (int i = first; i < first + kBlock; ++i) {
                Stopwatch clock;
                ui::RunOutcome outcome = ui::runSessionPlan(state, plan, builds, aliveJob(),
                                                            [](const QString&, int, int) {});
                if (replacing)
                    kept.back() = std::move(outcome);
                else
                    kept.push_back(std::move(outcome));
                if (i > first)
                    samples.local.push_back(clock.seconds());
                check(kept.back());
            }
            std::vector<ui::RemoteRun> keptRemote(1);
            for (int i = first; i < first + kBlock; ++i) {
                Stopwatch clock;
                ui::RemoteRun ran = client.run(plan, device.name(), aliveJob(), {}, {});
                if (replacing) {
                    // As the workbench lets a run's buffers go (SessionController).
                    const ui::HostReleaseBatch batch;
                    keptRemote.back() = std::move(ran);
                } else {
                    keptRemote.push_back(std::move(ran));
                }
                const double seconds = clock.seconds();
                const double inHost =
                    std::chrono::duration<double>(keptRemote.back().hostRunTime).count();
                if (i > first) {
                    samples.remote.push_back(seconds);
                    samples.added.push_back(seconds - inHost);
                    samples.inHost.push_back(inHost);
                }
                check(keptRemote.back().outcome);
            }
        }
        return samples;
    };
    const Samples one = measure(1, trips / 4, false);
    const Samples many = measure(kManyLaunches, trips / 8, false);
    const Samples replacing = measure(1, trips / 4, true);
    const double local = median(one.local) * 1e6, remote = median(one.remote) * 1e6;
    const double local16 = median(many.local) * 1e6, remote16 = median(many.remote) * 1e6;
    HostLaunchFigures figures;
    figures.channelRoundTripUs = median(pings) * 1e6;
    figures.rawSocketUs = rawSocketRoundTripUs(trips);
    figures.inProcessUs = local;
    figures.throughHostUs = remote;
    figures.hostAddedUs = median(one.added) * 1e6;
    figures.runInHostUs = median(one.inHost) * 1e6;
    // What each launch past the first adds through the host, beyond what it adds in process.
    figures.perLaunchOverheadUs = ((remote16 - local16) - (remote - local)) / (kManyLaunches - 1);
    figures.replacingInProcessUs = median(replacing.local) * 1e6;
    figures.replacingThroughHostUs = median(replacing.remote) * 1e6;
    figures.replacingHostAddedUs = median(replacing.added) * 1e6;
    printFigure("host_round_trip", figures.channelRoundTripUs, "us");
    printFigure("raw_socket_round_trip", figures.rawSocketUs, "us");
    printFigure("session_launch_in_process", figures.inProcessUs, "us");
    printFigure("session_launch_through_host", figures.throughHostUs, "us");
    printFigure("session_launch_host_overhead", figures.throughHostUs - figures.inProcessUs, "us");
    printFigure("session_launch_run_in_host", figures.runInHostUs, "us");
    printFigure("session_launch_host_added", figures.hostAddedUs, "us");
    printFigure("session_16_launches_in_process", local16, "us");
    printFigure("session_16_launches_through_host", remote16, "us");
    printFigure("session_per_launch_host_overhead", figures.perLaunchOverheadUs, "us");
    printFigure("session_launch_replacing_in_process", figures.replacingInProcessUs, "us");
    printFigure("session_launch_replacing_through_host", figures.replacingThroughHostUs, "us");
    printFigure("session_launch_replacing_host_overhead",
                figures.replacingThroughHostUs - figures.replacingInProcessUs, "us");
    printFigure("session_launch_replacing_host_added", figures.replacingHostAddedUs, "us");
    return figures;
}

} // namespace clw::bench
