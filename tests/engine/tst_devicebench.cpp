// The microbenchmarks (DeviceBenchmark.h), quick-sized on the test device: every figure is there
// and positive, progress counts up to its total, a cancel stops the run early, a device without
// doubles skips that group with the reason, and a CPU device's maps are told apart as zero-copy.
#include "clw/engine/device/DeviceBenchmark.h"
#include "clw/engine/runtime/CallbackFailure.h"
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/CleanupWait.h"

#include "TestDevice.h"

#include <QElapsedTimer>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cstring>

using namespace clw::engine;

class TestDeviceBench : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void quickRunMeasuresEveryFigure();
    void cancelStopsEarly();
    void cancelDuringNonBlockingCopies();
    void optionsSelectGroups();
    void deviceWithoutDoublesSkipsThem();
    void cpuMapsAreZeroCopy();
};

void TestDeviceBench::quickRunMeasuresEveryFigure() {
    CLW_REQUIRE_DEVICE(device);
    BenchmarkOptions options;
    options.quick = true;
    std::vector<BenchmarkProgress> steps;
    const BenchmarkResult result = runDeviceBenchmarks(
        device, options, [&](const BenchmarkProgress& p) { steps.push_back(p); });
    QVERIFY(!result.cancelled);
    QVERIFY(result.quick);
    QCOMPARE(result.deviceName, device.name());
    const bool doubles = device.hasExtension("cl_khr_fp64") || device.hasExtension("cl_amd_fp64");
    QCOMPARE(result.figures.size(), size_t(doubles ? 30 : 25));
    for (const BenchmarkFigure& figure : result.figures) {
        QVERIFY2(figure.value > 0 && std::isfinite(figure.value), figure.id().c_str());
        QVERIFY2(!figure.unit.empty(), figure.id().c_str());
    }
    for (const char* id : {"float", "float2", "float4", "float8", "float16"})
        QVERIFY2(result.find("global_bandwidth", id), id);
    QCOMPARE(result.find("compute_sp", "float16")->unit, std::string("GFLOP/s"));
    QCOMPARE(result.find("compute_int", "int4")->unit, std::string("GIOP/s"));
    QCOMPARE(result.find("transfer", "write_nonblocking")->unit, std::string("GB/s"));
    QVERIFY(result.find("transfer", "memcpy_to_mapped"));
    const BenchmarkFigure* dispatch = result.find("kernel_latency", "dispatch");
    const BenchmarkFigure* roundTrip = result.find("kernel_latency", "round_trip");
    QVERIFY(dispatch && roundTrip);
    QVERIFY(dispatch->value < 1e6 && roundTrip->value < 1e6); // microseconds, not seconds
    QCOMPARE(roundTrip->id(), std::string("kernel_latency.round_trip"));
    QVERIFY(!result.find("kernel_latency", "nothing"));
    QVERIFY(result.seconds > 0);

    // Progress counts up to its total and ends with "done".
    QVERIFY(steps.size() >= 2);
    for (size_t i = 1; i < steps.size(); ++i) {
        QVERIFY(steps[i].done >= steps[i - 1].done);
        QCOMPARE(steps[i].total, steps.front().total);
    }
    QCOMPARE(steps.back().done, steps.back().total);
    QCOMPARE(steps.back().step, std::string("done"));
    QCOMPARE(benchmarkGroupTitle("compute_dp"), std::string("Double-precision compute"));
}

void TestDeviceBench::cancelStopsEarly() {
    CLW_REQUIRE_DEVICE(device);
    BenchmarkOptions options; // full size: the cancel must cut it short
    std::atomic<bool> cancel{false};
    QElapsedTimer clock;
    clock.start();
    std::string last;
    const BenchmarkResult result = runDeviceBenchmarks(
        device, options,
        [&](const BenchmarkProgress& p) {
            last = p.step;
            if (p.done >= 2) // as the first bandwidth figure starts: it stops within it
                cancel = true;
        },
        [&] { return cancel.load(); });
    QVERIFY(result.cancelled);
    QCOMPARE(last, std::string("cancelled"));
    QVERIFY2(result.figures.size() <= 1, qPrintable(QString::number(result.figures.size())));
    QVERIFY(!result.find("kernel_latency", "round_trip"));
    QVERIFY2(clock.elapsed() < 20000, qPrintable(QString::number(clock.elapsed())));

    // Cancelled before it starts: nothing measured.
    const BenchmarkResult none = runDeviceBenchmarks(device, options, {}, [] { return true; });
    QVERIFY(none.cancelled);
    QVERIFY(none.figures.empty());
}

// A cancel between non-blocking copies: the copies still queued keep the host memory they use
// (the sanitizer presets would see a copy into freed memory), and the cancel returns without a
// cleanup wait that runs out. Where no marker can hold the memory for them (the seam refuses
// it), the queue is finished instead, and that fallback is counted.
void TestDeviceBench::cancelDuringNonBlockingCopies() {
    CLW_REQUIRE_DEVICE(device);
    BenchmarkOptions options;
    options.quick = true;
    options.globalBandwidth = options.computeSingle = options.computeDouble = false;
    options.computeInteger = options.kernelLatency = false;
    const auto cancelledRun = [&] {
        // Asked before each timed copy: the second time, the first copy may still be queued.
        std::atomic<bool> armed{false};
        std::atomic<int> asked{0};
        return runDeviceBenchmarks(
            device, options,
            [&](const BenchmarkProgress& p) {
                if (p.step.find("non-blocking") != std::string::npos)
                    armed = true;
            },
            [&] { return armed && ++asked >= 2; });
    };
    const int abandonedBefore = abandonedWaitCount();
    const int failuresBefore = callbackFailureCount();
    const BenchmarkResult result = cancelledRun();
    QVERIFY(result.cancelled);
    QVERIFY(result.find("transfer", "read_blocking"));
    QVERIFY(!result.find("transfer", "write_nonblocking"));
    QCOMPARE(callbackFailureCount(), failuresBefore);

    ScopedClApi scoped;
    scoped.api().clEnqueueMarkerWithWaitList = [](cl_command_queue, cl_uint, const cl_event*,
                                                  cl_event*) -> cl_int {
        return CL_OUT_OF_RESOURCES;
    };
    QVERIFY(cancelledRun().cancelled);
    QCOMPARE(callbackFailureCount(), failuresBefore + 1);
    QCOMPARE(abandonedWaitCount(), abandonedBefore);
}

void TestDeviceBench::optionsSelectGroups() {
    CLW_REQUIRE_DEVICE(device);
    BenchmarkOptions options;
    options.quick = true;
    options.globalBandwidth = options.computeSingle = options.computeDouble = false;
    options.computeInteger = options.transfer = false;
    const BenchmarkResult result = runDeviceBenchmarks(device, options);
    QCOMPARE(result.figures.size(), size_t(2));
    for (const BenchmarkFigure& figure : result.figures)
        QCOMPARE(figure.group, std::string("kernel_latency"));
}

void TestDeviceBench::deviceWithoutDoublesSkipsThem() {
    CLW_REQUIRE_DEVICE(device);
    ScopedClApi scoped;
    // The same device, claiming no cl_khr_fp64.
    scoped.api().clGetDeviceInfo = [](cl_device_id id, cl_device_info param, size_t size,
                                      void* value, size_t* sizeRet) -> cl_int {
        if (param != CL_DEVICE_EXTENSIONS)
            return ::clGetDeviceInfo(id, param, size, value, sizeRet);
        static const char kExtensions[] = "cl_khr_byte_addressable_store";
        if (sizeRet)
            *sizeRet = sizeof kExtensions;
        if (value)
            std::memcpy(value, kExtensions, std::min(size, sizeof kExtensions));
        return CL_SUCCESS;
    };
    BenchmarkOptions options;
    options.quick = true;
    options.globalBandwidth = options.computeSingle = options.computeInteger = false;
    options.transfer = options.kernelLatency = false;
    const BenchmarkResult result = runDeviceBenchmarks(device, options);
    QVERIFY(result.figures.empty());
    QCOMPARE(result.skipped.size(), size_t(1));
    QVERIFY(result.skipped.front().find("no double precision") != std::string::npos);
}

// PoCL's CPU device maps a buffer in place: its map and unmap figures time calls that move
// nothing, while the copies move every byte. Full sizes (512 MiB, about 4 s): with quick 8 MiB
// buffers a map's call overhead on a loaded machine could come near five copies' speed. Checked on
// PoCL, which every machine has; on a test device that is another, quick-sized, a map counts as
// zero-copy exactly where the device shares the host's memory and the map is five times the
// fastest copy (a discrete GPU's maps never do).
void TestDeviceBench::cpuMapsAreZeroCopy() {
    CLW_REQUIRE_DEVICE(device);
    CLW_REQUIRE_POCL(pocl);
    BenchmarkOptions options;
    options.globalBandwidth = options.computeSingle = options.computeDouble =
        options.computeInteger = options.kernelLatency = false;
    auto isMap = [](const BenchmarkFigure& figure) {
        return figure.name == "map_read" || figure.name == "unmap_write";
    };
    if (device != pocl) {
        BenchmarkOptions quick = options;
        quick.quick = true;
        const BenchmarkResult result = runDeviceBenchmarks(device, quick);
        QCOMPARE(result.figures.size(), size_t(8));
        double fastestCopy = 0;
        for (const char* copy :
             {"write_blocking", "read_blocking", "write_nonblocking", "read_nonblocking"}) {
            const BenchmarkFigure* figure = result.find("transfer", copy);
            QVERIFY2(figure, copy);
            fastestCopy = std::max(fastestCopy, figure->value);
        }
        QVERIFY(fastestCopy > 0);
        const bool shares = device.tryInfo<CL_DEVICE_HOST_UNIFIED_MEMORY>().value_or(false);
        for (const BenchmarkFigure& figure : result.figures)
            QVERIFY2(figure.zeroCopy == (isMap(figure) && shares && figure.value > 5 * fastestCopy),
                     figure.id().c_str());
    }
    QCOMPARE(pocl.type(), cl_device_type(CL_DEVICE_TYPE_CPU));
    const BenchmarkResult result = runDeviceBenchmarks(pocl, options);
    QCOMPARE(result.figures.size(), size_t(8));
    for (const BenchmarkFigure& figure : result.figures)
        QVERIFY2(figure.zeroCopy == isMap(figure), figure.id().c_str());
    QVERIFY(result.find("transfer", "map_read")->value >
            5 * result.find("transfer", "read_blocking")->value);
}

QTEST_GUILESS_MAIN(TestDeviceBench)
#include "tst_devicebench.moc"
