#include "HostLaunchFigures.h"

#include "BenchReport.h"
#include "RawSocketPeer.h"
#include "Stopwatch.h"

#include "bridge/DeviceHosts.h"
#include "bridge/HostConnection.h"
#include "bridge/HostSessionClient.h"
#include "bridge/JobContext.h"
#include "bridge/SessionDeviceState.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/session/SessionFile.h"

#include <QCoreApplication>

#include <algorithm>
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

// The empty kernel of the launch figures with its one buffer, as a session of one launch.
engine::Session emptyKernelSession() {
    return engine::SessionFile::parse(R"({"format": "clworkbench-session", "version": 1,
      "sources": {"main": "empty.cl", "files": [{"name": "empty.cl",
        "text": "__kernel void empty(__global float* data) { }\n"}], "includeDirs": []},
      "options": "", "devices": [],
      "buffers": [{"name": "data", "type": "float", "shape": [1024], "access": "read_write",
                   "init": {"fill": "zeros"}, "output": true}],
      "launches": [{"kernel": "empty", "global": [64], "arguments": [{"buffer": "data"}]}]})")
        .session;
}

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

    ui::RunPlan plan;
    plan.session = emptyKernelSession();
    plan.folder = ".";
    plan.deviceName = QString::fromStdString(device.name());
    engine::BuildService builds;
    ui::SessionDeviceState state(device);
    ui::HostSessionClient client(hosts, 1);
    std::vector<double> local, remote;
    // Taking turns, the first of each (the build) left out.
    for (int i = 0; i <= trips / 4; ++i) {
        Stopwatch clock;
        const ui::RunOutcome outcome =
            ui::runSessionPlan(state, plan, builds, aliveJob(), [](const QString&, int, int) {});
        if (i > 0)
            local.push_back(clock.seconds());
        clock.restart();
        const ui::RemoteRun ran = client.run(plan, device.name(), aliveJob(), {}, {});
        if (i > 0)
            remote.push_back(clock.seconds());
        if (!outcome.error.isEmpty() || !ran.outcome.error.isEmpty())
            throw std::runtime_error("a run of the empty kernel failed: " +
                                     (outcome.error + ran.outcome.error).toStdString());
    }
    HostLaunchFigures figures;
    figures.channelRoundTripUs = median(pings) * 1e6;
    figures.rawSocketUs = rawSocketRoundTripUs(trips);
    figures.inProcessUs = median(local) * 1e6;
    figures.throughHostUs = median(remote) * 1e6;
    printFigure("host_round_trip", figures.channelRoundTripUs, "us");
    printFigure("raw_socket_round_trip", figures.rawSocketUs, "us");
    printFigure("session_launch_in_process", figures.inProcessUs, "us");
    printFigure("session_launch_through_host", figures.throughHostUs, "us");
    printFigure("session_launch_host_overhead", figures.throughHostUs - figures.inProcessUs, "us");
    return figures;
}

} // namespace clw::bench
