// clw_bench_watch (issue 19, Speed): a watch on a device runs the kernel instrumented with its
// hidden watch buffer (engine WatchInstrumentation). For each sample the plain launch and the
// instrumented launch of the same session run on the device, each 50 times (device times
// from profiling events, medians, the fastest of five rounds); the watch buffer's read-back is
// timed at the device's measured transfer rate (a read of that many bytes, the median of several).
// Goal: the instrumented kernel takes at most 1.5x the plain kernel plus that read-back.
#include "BenchOptions.h"
#include "BenchReport.h"

#include "clw/engine/debug/WatchInstrumentation.h"
#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/session/SessionFile.h"
#include "clw/engine/session/SessionRunner.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

using namespace clw;

namespace {

struct Case {
    const char* sample;
    unsigned line;
    const char* expression;
    // Elements of every buffer and work-items of every launch instead of the sample's own (0:
    // as the sample has them); for a 1-D sample whose kernel reads no size argument.
    std::uint64_t scale = 0;
};

// A line of each sample: its loop's accumulator, a reduction step, a plain statement; and the
// vector add at 16 M elements, where the kernel's own time is no longer the launch's overhead
// and the watch's stores (16 bytes a work-item beside the kernel's 12) show.
constexpr Case kCases[] = {
    {"vector_add.clwb", 5, "i"},
    {"matmul_local.clwb", 20, "sum"},
    {"reduction.clwb", 13, "lid + stride"},
    {"ulp_drift.clwb", 11, "wave"},
    {"missing_barrier.clwb", 20, "left"},
    {"vector_add.clwb", 5, "i", std::uint64_t(16) << 20},
};

engine::Session scaled(engine::Session session, std::uint64_t elements) {
    if (elements == 0)
        return session;
    for (engine::SessionBuffer& buffer : session.buffers)
        buffer.shape = {elements};
    for (engine::SessionLaunch& launch : session.launches)
        launch.global = {elements};
    return session;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

// The median device time of a launch of `session` run `repeats` times.
double kernelNs(engine::Session session, const std::filesystem::path& folder, int repeats,
                const engine::Device& device) {
    for (engine::SessionLaunch& launch : session.launches)
        launch.repeat = repeats;
    const engine::SessionRun run = engine::SessionRunner(session, folder).run(device);
    std::vector<double> all;
    for (const engine::SessionLaunchRun& launch : run.launches)
        for (double ns : launch.result.durationsNs())
            all.push_back(ns);
    return median(all);
}

// How long reading `bytes` back from the device takes (median of 9 reads, device time).
double readBackNs(const engine::Device& device, std::size_t bytes) {
    const engine::Context context(device);
    const engine::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
    const engine::Buffer buffer(context, CL_MEM_READ_WRITE, bytes);
    std::vector<unsigned char> host(bytes);
    std::vector<double> times;
    for (int i = 0; i < 9; ++i)
        times.push_back(queue.read(buffer, 0, bytes, host.data()).profilingTimes().durationNs());
    return median(times);
}

} // namespace

int main(int argc, char** argv) {
    const bench::BenchOptions options = bench::parseBenchOptions(
        argc, argv, "An instrumented watch run against the plain run of the same launch.");
    const engine::Device device = bench::requireDevice(options);
    // CLW_SAMPLES_DIR in the environment: the samples of a copy of the tree on another machine.
    const char* samples = std::getenv("CLW_SAMPLES_DIR");
    const std::filesystem::path folder = samples ? samples : CLW_SAMPLES_DIR;
    const int repeats = options.quick ? 5 : 50;
    for (const Case& one : kCases) {
        const engine::Session session =
            scaled(engine::SessionFile::read(folder / one.sample).session, one.scale);
        engine::WatchRequest request;
        request.line = one.line;
        request.expression = one.expression;
        const engine::InstrumentedWatch watch = engine::instrumentWatch(session, request);
        if (!watch.problem.empty()) {
            std::fprintf(stderr, "%s: %s\n", one.sample, watch.problem.c_str());
            return 1;
        }
        const std::string name = std::filesystem::path(one.sample).stem().string() +
                                 (one.scale ? "_" + std::to_string(one.scale >> 20) + "M" : "");
        // Rounds of one plain and one watched run, the fastest round of each: a machine busy
        // with other work slows some rounds of either, not all.
        double plain = 0, watched = 0;
        for (int round = 0; round < (options.quick ? 1 : 5); ++round) {
            const double p = kernelNs(watch.plain, folder, repeats, device);
            const double w = kernelNs(watch.session, folder, repeats, device);
            plain = round == 0 ? p : std::min(plain, p);
            watched = round == 0 ? w : std::min(watched, w);
        }
        std::size_t bytes = 0;
        for (const engine::SessionBuffer& buffer : watch.session.buffers)
            if (!watch.plain.findBuffer(buffer.name))
                bytes += buffer.elementCount() * 8;
        const double readBack = readBackNs(device, bytes);
        bench::printFigure(name + "_plain_kernel", plain / 1e3, "us");
        bench::printFigure(name + "_watched_kernel", watched / 1e3, "us");
        bench::printFigure(name + "_watch_buffer", double(bytes) / 1024, "KiB");
        bench::printFigure(name + "_read_back", readBack / 1e3, "us");
        bench::printFigure(name + "_watched_over_plain", watched / plain, "x");
        // The goal in microseconds: instrumented <= 1.5 x plain + read-back.
        bench::printGoal(name + "_watched_kernel_us", watched / 1e3,
                         "<=", (1.5 * plain + readBack) / 1e3);
    }
    return 0; // a missed goal is printed, not an error
}
