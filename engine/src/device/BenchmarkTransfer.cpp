// Host-device transfers and kernel launch latency, timed as clpeak times them.
#include "BenchmarkKernels.h"
#include "BenchmarkRunner.h"

#include "clw/engine/runtime/CallbackFailure.h"
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/CleanupWait.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <memory>

namespace clw::engine::detail {

namespace {

using Clock = std::chrono::steady_clock;

double microsecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// clEnqueueRead/WriteBuffer with no event asked for, the very call clpeak makes: a driver may
// track a command with an event differently, and twenty of them are enqueued back to back.
void copyWithoutEvent(const CommandQueue& queue, const Buffer& buffer, bool toDevice, bool blocking,
                      size_t bytes, float* host) {
    const cl_bool block = blocking ? CL_TRUE : CL_FALSE;
    const cl_int code = toDevice ? clApi().clEnqueueWriteBuffer(queue.get(), buffer.get(), block, 0,
                                                                bytes, host, 0, nullptr, nullptr)
                                 : clApi().clEnqueueReadBuffer(queue.get(), buffer.get(), block, 0,
                                                               bytes, host, 0, nullptr, nullptr);
    checkCl(code, toDevice ? "clEnqueueWriteBuffer" : "clEnqueueReadBuffer", [&] {
        return "copying " + std::to_string(bytes) + " bytes " +
               (toDevice ? "to the device" : "from the device") + " (transfer benchmark)";
    });
}

// Keeps `host` until the copies queued so far completed, without waiting for them: a marker's
// callback holds it. Where no marker or callback can be made, the queue is finished instead,
// within the cleanup limit; past it the memory is never freed.
void keepForQueuedCopies(const CommandQueue& queue, std::shared_ptr<float[]> host) {
    try {
        queue.marker().keepAliveUntilComplete(host);
        return;
    } catch (const ClError& error) {
        noteCallbackFailure("keeping the transfer benchmark's memory for its queued copies (the "
                            "queue is finished instead)",
                            error.what());
    }
    if (!finishWithin(queue, "cancelling the transfer benchmark",
                      "its host memory is never freed: copies still queued may use it"))
        (void)new std::shared_ptr<float[]>(std::move(host)); // left for good, on purpose
}

} // namespace

void BenchmarkRunner::runTransfer() {
    const size_t bytes = m_sizes.transferItems * sizeof(float);
    const unsigned iterations = m_sizes.transferIterations;
    // Plain pageable memory from new[], zeroed, as clpeak 1.1 allocates it: a pageable copy's
    // speed depends on the host pointer's alignment, so a different allocation is a different
    // figure.
    // Shared: a cancel leaves it to the non-blocking copies still queued (below).
    const std::shared_ptr<float[]> host(new float[m_sizes.transferItems]);
    std::memset(host.get(), 0, bytes);
    const Buffer buffer(m_context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
    auto gbps = [bytes](double us) { return double(bytes) / us / 1e3; };

    // One warm-up, then the iterations timed together with one finish at the end.
    auto timed = [&](const std::string& name, const std::string& title,
                     const std::function<void()>& transfer) {
        beginStep("transfer, " + title);
        transfer();
        m_queue.finish();
        const auto start = Clock::now();
        for (unsigned i = 0; i < iterations; ++i) {
            checkCancelled();
            transfer();
        }
        m_queue.finish();
        addFigure("transfer", name, gbps(microsecondsSince(start) / iterations), "GB/s");
    };
    float* data = host.get();
    try {
        timed("write_blocking", "enqueueWriteBuffer",
              [&] { copyWithoutEvent(m_queue, buffer, true, true, bytes, data); });
        timed("read_blocking", "enqueueReadBuffer",
              [&] { copyWithoutEvent(m_queue, buffer, false, true, bytes, data); });
        timed("write_nonblocking", "enqueueWriteBuffer non-blocking",
              [&] { copyWithoutEvent(m_queue, buffer, true, false, bytes, data); });
        timed("read_nonblocking", "enqueueReadBuffer non-blocking",
              [&] { copyWithoutEvent(m_queue, buffer, false, false, bytes, data); });
    } catch (const BenchmarkStopped&) {
        // Non-blocking copies may still be queued: the host memory must outlive them.
        keepForQueuedCopies(m_queue, host);
        throw;
    }

    // Mapped access: the map or unmap alone, and the host's memcpy through the mapping. Each
    // iteration times one part and leaves the buffer unmapped.
    enum class Part { Map, CopyOut, Unmap, CopyIn };
    auto mapped = [&](const std::string& name, const std::string& title, cl_map_flags flags,
                      Part part) {
        beginStep("transfer, " + title);
        m_queue.finish();
        double total = 0;
        for (unsigned i = 0; i < iterations; ++i) {
            checkCancelled();
            auto start = Clock::now();
            const Mapping mapping = m_queue.map(buffer, flags, 0, bytes, true);
            m_queue.finish();
            if (part == Part::Map)
                total += microsecondsSince(start);
            start = Clock::now();
            if (part == Part::CopyOut)
                std::memcpy(host.get(), mapping.data, bytes);
            else if (part == Part::CopyIn)
                std::memcpy(mapping.data, host.get(), bytes);
            if (part == Part::CopyOut || part == Part::CopyIn)
                total += microsecondsSince(start);
            start = Clock::now();
            m_queue.unmap(buffer, mapping.data);
            m_queue.finish();
            if (part == Part::Unmap)
                total += microsecondsSince(start);
        }
        addFigure("transfer", name, gbps(total / iterations), "GB/s");
    };
    mapped("map_read", "enqueueMapBuffer (for read)", CL_MAP_READ, Part::Map);
    mapped("memcpy_from_mapped", "memcpy from mapped pointer", CL_MAP_READ, Part::CopyOut);
    mapped("unmap_write", "enqueueUnmapMemObject (after write)", CL_MAP_WRITE, Part::Unmap);
    mapped("memcpy_to_mapped", "memcpy to mapped pointer", CL_MAP_WRITE, Part::CopyIn);
}

void BenchmarkRunner::markZeroCopy() {
    double fastestCopy = 0;
    for (const char* name :
         {"write_blocking", "read_blocking", "write_nonblocking", "read_nonblocking"})
        if (const BenchmarkFigure* figure = m_result.find("transfer", name))
            fastestCopy = std::max(fastestCopy, figure->value);
    // Where the device shares the host's memory a map is 10x (Mali) to 10,000x (CPU) faster than
    // any copy. A discrete GPU's map moves the buffer over the bus from pinned memory, which can
    // be 5x a pageable copy too (the H100: 55 against 11 GB/s), so its maps never count.
    constexpr double kZeroCopyFactor = 5;
    if (fastestCopy <= 0)
        return; // no transfers measured
    bool sharesHostMemory = false;
    try {
        sharesHostMemory = m_device.info<CL_DEVICE_HOST_UNIFIED_MEMORY>();
    } catch (const ClError&) {
        // Deprecated since OpenCL 2.0: a driver that refuses it gets its figures unmarked.
    }
    for (BenchmarkFigure& figure : m_result.figures)
        if (figure.group == "transfer" &&
            (figure.name == "map_read" || figure.name == "unmap_write"))
            figure.zeroCopy = sharesHostMemory && figure.value > kZeroCopyFactor * fastestCopy;
}

void BenchmarkRunner::runKernelLatency() {
    beginStep("kernel launch latency");
    // The smallest bandwidth kernel: one work-group per compute unit, sixteen reads each.
    const Program program = buildProgram(bandwidthSource(), "", "kernel latency");
    const size_t local = m_sizes.workGroup;
    const size_t global = local * m_sizes.computeUnits;
    const size_t items = global * kFetchesPerWorkItem;
    const Buffer in(m_context, CL_MEM_READ_ONLY, items * sizeof(float));
    const Buffer out(m_context, CL_MEM_WRITE_ONLY, items * sizeof(float));
    const Kernel kernel(program, "bandwidth_local_1");
    kernel.setArgs(in, out);
    m_queue.ndRange(kernel, global, local);
    m_queue.ndRange(kernel, global, local);
    m_queue.finish();

    const unsigned iterations = m_sizes.latencyIterations;
    double dispatch = 0, roundTrip = 0;
    for (unsigned i = 0; i < iterations; ++i) {
        if (i % 64 == 0)
            checkCancelled();
        const auto start = Clock::now();
        const Event launch = m_queue.ndRange(kernel, global, local);
        m_queue.finish();
        roundTrip += microsecondsSince(start);
        // Two queries, as clpeak makes: host work between launches lets a CPU driver's workers
        // fall asleep, which shows as dispatch latency (PoCL: +15 % with four queries).
        const cl_ulong queued = launch.profiling<CL_PROFILING_COMMAND_QUEUED>();
        dispatch += double(launch.profiling<CL_PROFILING_COMMAND_START>() - queued) / 1e3;
    }
    // dispatch: from queued until it starts running (clpeak's "kernel launch latency"); round
    // trip: from the enqueue call until clFinish returns, on the host clock (newer clpeak's
    // "roundtrip").
    addFigure("kernel_latency", "dispatch", dispatch / iterations, "us");
    addFigure("kernel_latency", "round_trip", roundTrip / iterations, "us");
}

} // namespace clw::engine::detail
