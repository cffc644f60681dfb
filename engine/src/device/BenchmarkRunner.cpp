#include "BenchmarkRunner.h"

#include "BenchmarkKernels.h"

#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/CleanupWait.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"

#include <algorithm>
#include <cctype>
#include <chrono>

namespace clw::engine::detail {

namespace {

using Clock = std::chrono::steady_clock;

double microsecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

size_t roundDown(size_t value, size_t multiple, size_t cap) {
    const size_t capped = std::min(value, cap);
    return multiple ? capped / multiple * multiple : capped;
}

} // namespace

BenchmarkSizes benchmarkSizes(const Device& device, bool quick) {
    BenchmarkSizes sizes;
    const std::vector<size_t> itemSizes = device.info<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    sizes.workGroup = std::min<size_t>(itemSizes.empty() ? 1 : itemSizes[0], 256);
    sizes.workGroup =
        std::min<size_t>(sizes.workGroup, device.info<CL_DEVICE_MAX_WORK_GROUP_SIZE>());
    std::string vendor = device.info<CL_DEVICE_VENDOR>();
    std::transform(vendor.begin(), vendor.end(), vendor.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (vendor.find("qualcomm") != std::string::npos) // launches fail above 128 there (clpeak)
        sizes.workGroup = std::min<size_t>(sizes.workGroup, 128);
    sizes.computeUnits = device.info<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const cl_ulong maxAlloc = device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
    const bool cpu = (device.type() & CL_DEVICE_TYPE_CPU) != 0;

    // clpeak 1.1: CPUs get 512 MiB buffers and fewer repetitions, GPUs 2 GiB and more.
    const size_t maxItems = quick ? (size_t(1) << 21) : cpu ? (size_t(1) << 27) : (size_t(1) << 29);
    const size_t bandwidthBlock = sizes.workGroup * kFetchesPerWorkItem * 16;
    sizes.bandwidthItems =
        std::max(roundDown(maxAlloc / sizeof(float) / 2, bandwidthBlock, maxItems), bandwidthBlock);
    sizes.bandwidthIterations = quick ? 3 : cpu ? 20 : 50;

    const size_t groupsPerUnit = quick ? 8 : cpu ? 512 : 2048;
    const size_t doubleGroupsPerUnit = quick ? 4 : cpu ? 256 : 512;
    auto computeItems = [&](size_t groups, size_t elementSize) {
        const size_t items = size_t(sizes.computeUnits) * groups * sizes.workGroup;
        const size_t fits = std::min<cl_ulong>(items * elementSize, maxAlloc) / elementSize;
        return std::max(roundDown(fits, sizes.workGroup, fits), sizes.workGroup);
    };
    sizes.computeItemsSingle = computeItems(groupsPerUnit, sizeof(float));
    sizes.computeItemsDouble = computeItems(doubleGroupsPerUnit, sizeof(double));
    sizes.computeIterations = quick ? 2 : cpu ? 10 : 30;

    sizes.transferItems = std::max(
        roundDown(maxAlloc / sizeof(float) / 2, sizes.workGroup, maxItems), sizes.workGroup);
    sizes.transferIterations = quick ? 3 : 20;
    sizes.latencyIterations = quick ? 200 : 20000;
    return sizes;
}

BenchmarkRunner::BenchmarkRunner(const Device& device, const BenchmarkOptions& options,
                                 const BenchmarkProgressFn& progress,
                                 const BenchmarkCancelFn& cancelled)
    : m_device(device)
    , m_options(options)
    , m_progress(progress)
    , m_cancelled(cancelled)
    , m_simulated(isSimulator(device))
    , m_sizes(benchmarkSizes(device, options.quick || m_simulated))
    , m_context(device)
    , m_queue(m_context, device, CL_QUEUE_PROFILING_ENABLE) {
    m_hasDouble = device.hasExtension("cl_khr_fp64") || device.hasExtension("cl_amd_fp64");
    m_result.deviceName = device.name();
    m_result.platformName = device.platform().name();
    m_result.quick = options.quick || m_simulated;
    // clpeak's sizes are hours of simulation (a step would outlast the GUI's watchdog): a
    // simulator's figures mean nothing beyond "it runs", which the quick sizes show as well.
    if (m_simulated && !options.quick)
        m_result.skipped.push_back("full sizes: " + m_result.platformName +
                                   " simulates its device, so the quick sizes ran");
}

int BenchmarkRunner::countSteps() const {
    const int widths = int(std::size(kBenchmarkWidths));
    int steps = 0;
    steps += m_options.globalBandwidth ? 1 + widths : 0;
    steps += m_options.computeSingle ? 1 + widths : 0;
    steps += m_options.computeDouble && m_hasDouble ? 1 + widths : 0;
    steps += m_options.computeInteger ? 1 + widths : 0;
    steps += m_options.transfer ? 8 : 0;
    steps += m_options.kernelLatency ? 1 : 0;
    return steps;
}

void BenchmarkRunner::checkCancelled() const {
    if (m_cancelled && m_cancelled())
        throw BenchmarkStopped{};
}

void BenchmarkRunner::beginStep(const std::string& what) {
    checkCancelled();
    if (m_progress)
        m_progress({m_done, m_total, what});
    ++m_done;
}

void BenchmarkRunner::addFigure(const std::string& group, const std::string& name, double value,
                                const char* unit) {
    m_result.figures.push_back({group, name, value, unit});
}

Program BenchmarkRunner::buildProgram(const std::string& source, const std::string& options,
                                      const char* what) const {
    Program program = Program::fromSource(m_context, source);
    const BuildResult build = program.build(options);
    if (!build.ok()) {
        std::string log = build.combinedLog();
        if (!log.empty() && log.back() == '\n')
            log.pop_back();
        throw ClError(CL_BUILD_PROGRAM_FAILURE, "clBuildProgram",
                      std::string("building the ") + what + " benchmark" +
                          (log.empty() ? "" : ": the driver's build log follows\n" + log));
    }
    return program;
}

double BenchmarkRunner::timeKernel(const Kernel& kernel, size_t global, unsigned iterations) {
    const size_t kernelLimit = kernel.workGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(m_device);
    const size_t local = std::max<size_t>(1, std::min(m_sizes.workGroup, kernelLimit));
    global = std::max(global / local * local, local);
    m_queue.ndRange(kernel, global, local);
    m_queue.ndRange(kernel, global, local);
    m_queue.finish();
    checkCancelled();
    std::vector<Event> launches;
    launches.reserve(iterations);
    const auto start = Clock::now();
    for (unsigned i = 0; i < iterations; ++i)
        launches.push_back(m_queue.ndRange(kernel, global, local));
    m_queue.flush();
    // Waiting launch by launch (not clFinish) lets a cancel stop the run between launches.
    for (const Event& launch : launches) {
        if (m_cancelled && m_cancelled())
            throw BenchmarkStopped{}; // run() waits for the launches still queued
        launch.wait();
    }
    return microsecondsSince(start) / iterations;
}

void BenchmarkRunner::runGlobalBandwidth() {
    beginStep("global bandwidth: building kernels");
    const Program program = buildProgram(bandwidthSource(), "", "global bandwidth");
    const size_t items = m_sizes.bandwidthItems;
    const Buffer in(m_context, CL_MEM_READ_ONLY, items * sizeof(float));
    const Buffer out(m_context, CL_MEM_WRITE_ONLY, items * sizeof(float));
    m_queue.fill(in, 1.0f, 0, items * sizeof(float)); // commits the pages before timing
    m_queue.finish();
    for (int width : kBenchmarkWidths) {
        const std::string name = width == 1 ? "float" : "float" + std::to_string(width);
        beginStep("global bandwidth, " + name);
        const size_t global = items / size_t(width) / kFetchesPerWorkItem;
        double best = 0;
        // Successive reads one work-group apart, or one global size apart: the faster counts.
        for (const char* kind : {"local", "global"}) {
            const Kernel kernel(program,
                                std::string("bandwidth_") + kind + "_" + std::to_string(width));
            kernel.setArgs(in, out);
            const double us = timeKernel(kernel, global, m_sizes.bandwidthIterations);
            best = best == 0 ? us : std::min(best, us);
        }
        addFigure("global_bandwidth", name, double(items) * sizeof(float) / best / 1e3, "GB/s");
    }
}

void BenchmarkRunner::runCompute(const std::string& scalar, const std::string& group,
                                 const char* unit) {
    beginStep(benchmarkGroupTitle(group) + ": building kernels");
    const Program program = buildProgram(computeSource(scalar), "", group.c_str());
    const bool isDouble = scalar == "double";
    const size_t items = isDouble ? m_sizes.computeItemsDouble : m_sizes.computeItemsSingle;
    const size_t elementSize = isDouble ? sizeof(double) : sizeof(float);
    const Buffer out(m_context, CL_MEM_WRITE_ONLY, items * elementSize);
    const int work = computeWorkPerWorkItem(scalar);
    for (int width : kBenchmarkWidths) {
        const std::string name = width == 1 ? scalar : scalar + std::to_string(width);
        beginStep(benchmarkGroupTitle(group) + ", " + name);
        const Kernel kernel(program, "compute_" + std::to_string(width));
        kernel.setArg(0, out);
        if (scalar == "float")
            kernel.setArg(1, 1.3f);
        else if (isDouble)
            kernel.setArg(1, 1.3);
        else
            kernel.setArg(1, cl_int(4));
        const double us = timeKernel(kernel, items, m_sizes.computeIterations);
        addFigure(group, name, double(items) * work / us / 1e3, unit);
    }
}

BenchmarkResult BenchmarkRunner::run() {
    const auto start = Clock::now();
    m_total = countSteps();
    try {
        if (m_options.globalBandwidth)
            runGlobalBandwidth();
        if (m_options.computeSingle)
            runCompute("float", "compute_sp", "GFLOP/s");
        if (m_options.computeDouble && m_hasDouble)
            runCompute("double", "compute_dp", "GFLOP/s");
        else if (m_options.computeDouble)
            m_result.skipped.push_back(
                "compute_dp: the device has no double precision (cl_khr_fp64, cl_amd_fp64)");
        if (m_options.computeInteger)
            runCompute("int", "compute_int", "GIOP/s");
        if (m_options.transfer)
            runTransfer();
        if (m_options.kernelLatency)
            runKernelLatency();
    } catch (const BenchmarkStopped&) {
        // What is still queued should not slow what runs next, so the cancel waits for it, but
        // within the cleanup limit: a command that hangs is left to the device. The buffers and
        // the queue go all the same: OpenCL 3.0 allows releasing them with commands pending
        // (clReleaseMemObject, clReleaseCommandQueue: they are deleted once those finished).
        finishWithin(m_queue, "cancelling a device benchmark",
                     "its queue and buffers were released with commands still pending");
        m_result.cancelled = true;
    }
    markZeroCopy(); // a cancelled run's map figures too
    m_result.seconds = microsecondsSince(start) / 1e6;
    if (m_progress)
        m_progress({m_done, m_total, m_result.cancelled ? "cancelled" : "done"});
    return m_result;
}

} // namespace clw::engine::detail
