// clw_bench_inspector (issues 8 and 17): the buffer inspector over a 1 GiB float buffer (element
// i holds i, written by a kernel), measured the way the workbench shows a run's buffer now and,
// as its peer, the way it did before the device host:
//   inspector_host_*        this process is the GUI: it loads no OpenCL. A device host
//                           (clworkbench-host, started through DeviceHosts) runs a session that
//                           makes the buffer and fills it, and the inspector reads it through the
//                           RemoteBufferSource the run gave back. The goals are checked here.
//   inspector_in_process_*  the same inspector on a DeviceBufferSource over an engine buffer of
//                           the same process. It runs in a child process (this program with
//                           --in-process), started once the host path is measured and its host
//                           ended, so that its OpenCL driver and its 1 GiB buffer are never in
//                           the process whose memory the host path measures.
// Figures: the time from handing the buffer to the inspector to its first rows painted, the
// longest GUI-thread stall (one event delivered) while the table scrolls from the first element to
// the last, the growth of the GUI process's resident memory (the host's memory is not the GUI's:
// inspector_host_process_memory shows it beside), the pages the table held at the end, and the
// reads the inspector made and their bytes (through the host: what crossed the channel).
// Goals (issue 17 item 5): first rows < 200 ms, no stall > 16 ms, < 64 MiB extra in the GUI
// process. Runs offscreen unless QT_QPA_PLATFORM says otherwise. --quick uses 64 MiB.
#include "BenchOptions.h"
#include "BenchReport.h"
#include "InspectorMeasurement.h"
#include "MeasuringApplication.h"

#include "bridge/DeviceBufferSource.h"
#include "bridge/DeviceHosts.h"
#include "bridge/HostSessionClient.h"
#include "bridge/JobContext.h"

#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Program.h"
#include "clw/engine/session/SessionFile.h"

#include <QDir>
#include <QProcess>

#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <vector>

using namespace clw;

namespace {

constexpr const char* kRampSource =
    "__kernel void ramp(__global float* out) { size_t i = get_global_id(0); out[i] = (float)i; }";
constexpr const char* kInProcessFlag = "--in-process";

ui::JobContext aliveJob() {
    return ui::JobContext(std::make_shared<ui::detail::JobState>());
}

// A session of one float buffer `data` of `count` zeros and one launch of the ramp kernel over it.
engine::Session rampSession(std::uint64_t count) {
    const std::string n = std::to_string(count);
    const std::string text = R"({"format": "clworkbench-session", "version": 1,
      "sources": {"main": "ramp.cl", "files": [{"name": "ramp.cl", "text": ")" +
                             std::string(kRampSource) + R"("}], "includeDirs": []},
      "options": "", "devices": [],
      "buffers": [{"name": "data", "type": "float", "shape": [)" +
                             n + R"(], "access": "read_write",
                   "init": {"fill": "zeros"}, "output": true}],
      "launches": [{"kernel": "ramp", "global": [)" +
                             n + R"(], "arguments": [{"buffer": "data"}]}]})";
    return engine::SessionFile::parse(text).session;
}

// The peer: the buffer made and filled in this process, read by a DeviceBufferSource.
int measureInProcess(bench::MeasuringApplication& app, const bench::BenchOptions& options,
                     std::uint64_t bytes, int steps) {
    const engine::Device device = bench::requireDevice(options);
    if (device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() < bytes) {
        std::fprintf(stderr, "the device allocates at most %llu bytes at once; %llu are needed\n",
                     static_cast<unsigned long long>(device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>()),
                     static_cast<unsigned long long>(bytes));
        return 1;
    }
    // Written by the device so that its pages are resident before the baseline is taken.
    const engine::Context context(device);
    const engine::CommandQueue queue(context, device);
    const engine::Buffer buffer(context, CL_MEM_READ_WRITE, bytes);
    const engine::Program program = engine::Program::fromSource(context, kRampSource);
    if (!program.build().ok())
        throw std::runtime_error("the ramp kernel did not build");
    const engine::Kernel ramp(program, "ramp");
    ramp.setArg(0, buffer);
    queue.ndRange(ramp, engine::NDRange(bytes / sizeof(float)));
    queue.finish();
    auto source = std::make_shared<ui::DeviceBufferSource>(buffer, queue, bytes);
    const bench::InspectorFigures figures = bench::measureInspector(app, source, nullptr, steps);
    std::printf("in process: last row: element %llu = %s\n",
                static_cast<unsigned long long>(figures.lastElement),
                figures.lastValue.toUtf8().constData());
    bench::printInspectorFigures("inspector_in_process", figures);
    return 0;
}

// Runs this program with --in-process on `device` and passes its lines on (its own device line
// aside). False when it could not measure.
bool runInProcessPeer(const std::string& device, bool quick) {
    QProcess peer;
    peer.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QStringList arguments{QString::fromLatin1(kInProcessFlag), QStringLiteral("--device"),
                          QString::fromStdString(device)};
    if (quick)
        arguments << QStringLiteral("--quick");
    peer.start(QCoreApplication::applicationFilePath(), arguments);
    if (!peer.waitForFinished(600'000)) {
        peer.kill();
        peer.waitForFinished();
        return false;
    }
    for (const QByteArray& line : peer.readAllStandardOutput().split('\n'))
        if (!line.isEmpty() && !line.startsWith("device "))
            std::printf("%s\n", line.constData());
    return peer.exitStatus() == QProcess::NormalExit && peer.exitCode() == 0;
}

// The workbench's way: the buffer lives in a device host; this process never loads OpenCL.
int measureThroughHost(bench::MeasuringApplication& app, const bench::BenchOptions& options,
                       std::uint64_t bytes, int steps) {
    bench::InspectorFigures figures;
    double hostMiB = 0;
    std::string deviceName;
    {
        ui::DeviceHosts hosts;
        const ui::ResolvedDevice device = hosts.resolve(options.deviceName);
        deviceName = device.device;
        std::printf("device %s (%s)\n", device.device.c_str(), device.platform.c_str());
        ui::HostSessionClient client(hosts, 1);
        ui::RunPlan plan;
        plan.session = rampSession(bytes / sizeof(float));
        plan.folder = QDir::currentPath().toStdString();
        plan.deviceName = QString::fromStdString(device.device);
        ui::WatchdogLimits limits;
        limits.launch = std::chrono::minutes(5); // a slow device fills 1 GiB slowly
        ui::RemoteRun ran = client.run(plan, device.device, aliveJob(), {}, limits);
        if (!ran.outcome.error.isEmpty())
            throw std::runtime_error("the ramp session failed in the device host: " +
                                     ran.outcome.error.toStdString());
        const QString name = QStringLiteral("data");
        const long long hostPid =
            hosts.host(device.platform)->request("hello", {}).reply.get().body.at("pid");
        figures = bench::measureInspector(app, ran.outcome.sources.at(name),
                                          ran.outcome.initial.at(name), steps);
        hostMiB = bench::residentMiB(hostPid);
    } // the host ends here, before the peer starts
    std::printf("through the device host: last row: element %llu = %s\n",
                static_cast<unsigned long long>(figures.lastElement),
                figures.lastValue.toUtf8().constData());
    bench::printFigure("inspector_buffer_size", double(bytes) / (1 << 20), "MiB");
    bench::printInspectorFigures("inspector_host", figures);
    bench::printFigure("inspector_host_process_memory", hostMiB, "MiB");
    if (!runInProcessPeer(deviceName, options.quick)) {
        std::fprintf(stderr, "clw_bench_inspector: the in-process peer could not measure\n");
        return 1;
    }
    bench::printGoal("inspector_host_first_rows_ms", figures.firstRowsMs, "<", 200);
    bench::printGoal("inspector_host_longest_stall_ms", figures.longestStallMs, "<", 16);
    bench::printGoal("inspector_host_extra_memory_mib", figures.extraMiB, "<", 64);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    // --in-process (this program's own child) is taken out before the common options are read.
    std::vector<char*> arguments;
    bool inProcess = false;
    for (int i = 0; i < argc; ++i) {
        if (i > 0 && !std::strcmp(argv[i], kInProcessFlag))
            inProcess = true;
        else
            arguments.push_back(argv[i]);
    }
    int count = int(arguments.size());
    arguments.push_back(nullptr);
    const auto options = bench::parseBenchOptions(
        count, arguments.data(),
        "Buffer inspector: first rows, scroll stalls and GUI memory on a 1 GiB buffer in a device "
        "host, and in process as the peer (run by this program as a child with --in-process)");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    bench::MeasuringApplication app(count, arguments.data());
    const std::uint64_t bytes = options.quick ? (64ull << 20) : (1ull << 30);
    const int steps = options.quick ? 200 : 1000;
    try {
        return inProcess ? measureInProcess(app, options, bytes, steps)
                         : measureThroughHost(app, options, bytes, steps);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "clw_bench_inspector: %s\n", error.what());
        return 1;
    }
}
