// clw_bench_host_instructions (issue 17, item 5): the program that bench/host/count-instructions
// runs under callgrind, to count the instructions a run through the device host takes on each
// side. Wall-clock figures (clw_bench_launch) need the cores of the machines they are quoted for;
// instruction counts are the same on a machine of two cores, and say which side a change spared.
//
// It runs a one-launch session (an empty kernel over 1024 floats, clw_bench_launch's) through a
// host, --runs times after five to warm up, each in countedRun(), the function whose instructions
// callgrind collects (--toggle-collect). --replacing: each run's outcome replaces the one before,
// which releases that run's buffers in the host, as the workbench does after every run; without
// it every outcome is kept. --host PROGRAM: the host executable (count-instructions gives a
// script that starts it under callgrind). Nothing here loads OpenCL: the hosts list the devices.
#include "bridge/DeviceHosts.h"
#include "bridge/HostReleaseBatch.h"
#include "bridge/HostSessionClient.h"
#include "bridge/JobContext.h"
#include "bridge/SessionJobs.h"

#include "clw/engine/session/SessionFile.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace clw;

namespace {

constexpr const char* kSession = R"({"format": "clworkbench-session", "version": 1,
  "sources": {"main": "empty.cl", "files": [{"name": "empty.cl",
    "text": "__kernel void empty(__global float* data) { }\n"}], "includeDirs": []},
  "options": "", "devices": [],
  "buffers": [{"name": "data", "type": "float", "shape": [1024], "access": "read_write",
               "init": {"fill": "zeros"}, "output": true}],
  "launches": [{"kernel": "empty", "global": [64], "arguments": [{"buffer": "data"}]}]})";

struct Options {
    std::string device;
    int runs = 400;
    bool replacing = false;
    QString host;
};

[[noreturn]] void usage(const char* program, int status) {
    std::fprintf(status == 0 ? stdout : stderr,
                 "usage: %s [--device NAME] [--runs N] [--replacing] [--host PROGRAM]\n", program);
    std::exit(status);
}

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (std::strcmp(argv[i], "--device") == 0 && hasValue)
            options.device = argv[++i];
        else if (std::strcmp(argv[i], "--runs") == 0 && hasValue)
            options.runs = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--replacing") == 0)
            options.replacing = true;
        else if (std::strcmp(argv[i], "--host") == 0 && hasValue)
            options.host = QString::fromLocal8Bit(argv[++i]);
        else if (std::strcmp(argv[i], "--help") == 0)
            usage(argv[0], 0);
        else
            usage(argv[0], 2);
    }
    if (options.runs < 1)
        usage(argv[0], 2);
    return options;
}

ui::RemoteRun runOnce(ui::HostSessionClient& client, const ui::RunPlan& plan,
                      const std::string& device) {
    ui::RemoteRun run =
        client.run(plan, device, ui::JobContext(std::make_shared<ui::detail::JobState>()), {}, {});
    if (!run.outcome.error.isEmpty()) {
        std::fprintf(stderr, "clw_bench_host_instructions: %s\n", qPrintable(run.outcome.error));
        std::exit(1);
    }
    return run;
}

} // namespace

// Out of line, under a name callgrind's --toggle-collect finds: what one run costs the
// workbench's side, the release of the run it replaces included.
extern "C" __attribute__((noinline)) void
countedRun(ui::HostSessionClient& client, const ui::RunPlan& plan, const std::string& device,
           std::vector<ui::RemoteRun>& kept, bool replacing) {
    ui::RemoteRun run = runOnce(client, plan, device);
    if (replacing) {
        const ui::HostReleaseBatch batch; // as SessionController's, when a run replaces one
        kept.back() = std::move(run);
    } else {
        kept.push_back(std::move(run));
    }
}

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const Options options = parse(argc, argv);
    ui::DeviceHosts hosts(options.host);
    const ui::ResolvedDevice device = hosts.resolve(options.device);
    std::printf("device %s (%s)\n", device.device.c_str(), device.platform.c_str());
    ui::HostSessionClient client(hosts, 1);
    ui::RunPlan plan;
    plan.session = engine::SessionFile::parse(kSession).session;
    plan.folder = ".";
    plan.deviceName = QString::fromStdString(device.device);
    for (int i = 0; i < 5; ++i)
        runOnce(client, plan, device.device);
    std::vector<ui::RemoteRun> kept(1);
    kept.reserve(std::size_t(options.runs) + 1);
    for (int i = 0; i < options.runs; ++i)
        countedRun(client, plan, device.device, kept, options.replacing);
    std::printf("runs %d%s\n", options.runs, options.replacing ? " replacing" : "");
    return 0;
}
