#pragma once
// Microbenchmarks in the manner of clpeak (Debian's clpeak 1.1): global memory bandwidth, single
// and double precision and integer compute, host-device transfers and kernel launch latency. The
// kernels, sizes, repetitions and timing follow clpeak's so that the figures compare one to one
// with its own on the same device. Runs on the caller's thread (an engine worker thread for the
// GUI), reports progress through a callback and stops early when asked.
#include <functional>
#include <string>
#include <vector>

namespace clw::engine {

class Device;

struct BenchmarkOptions {
    // Small buffers and few repetitions: a smoke run of about a second on a CPU device. The
    // figures are then rough. A simulator (isSimulator) always runs these sizes.
    bool quick = false;
    bool globalBandwidth = true;
    bool computeSingle = true;
    bool computeDouble = true; // skipped, with the reason, on a device without doubles
    bool computeInteger = true;
    bool transfer = true;
    bool kernelLatency = true;
};

// One measured figure. group and name are stable identifiers ("global_bandwidth", "float4").
struct BenchmarkFigure {
    std::string group; // global_bandwidth, compute_sp, compute_dp, compute_int, transfer,
                       // kernel_latency
    std::string name;  // float4, write_blocking, dispatch, ...
    double value = 0;
    std::string unit; // "GB/s", "GFLOP/s", "GIOP/s", "us"
    // A map or unmap that moved no data: the device works in the host's memory (a CPU device),
    // so value is the buffer's size over the time of the call alone, thousands of GB/s that mean
    // nothing. Set, as newer clpeak decides it, when the figure is above five times the fastest
    // copy of the same run, and only on a device with CL_DEVICE_HOST_UNIFIED_MEMORY.
    bool zeroCopy = false;

    // "global_bandwidth.float4"
    std::string id() const { return group + "." + name; }
};

struct BenchmarkProgress {
    int done = 0;     // steps finished
    int total = 0;    // steps in the whole run
    std::string step; // what runs now: "global bandwidth, float4"
};

struct BenchmarkResult {
    std::string deviceName;
    std::string platformName;
    bool quick = false;
    // True when the run was cancelled: figures holds what was measured before.
    bool cancelled = false;
    std::vector<BenchmarkFigure> figures;
    std::vector<std::string> skipped; // "compute_dp: the device has no double precision"
    double seconds = 0;               // wall time of the whole run

    // The figure with this group and name, or nullptr.
    const BenchmarkFigure* find(const std::string& group, const std::string& name) const;
};

using BenchmarkProgressFn = std::function<void(const BenchmarkProgress&)>;
// Asked between launches and transfers; true stops the run (no spinning: it is only asked).
using BenchmarkCancelFn = std::function<bool()>;

// Runs the benchmarks the options select on the device. Progress is called on the calling thread
// before each step and once at the end. Throws ClError when the device cannot run them at all
// (no context, a kernel that does not build); a cancelled run returns normally with cancelled set.
BenchmarkResult runDeviceBenchmarks(const Device& device, const BenchmarkOptions& options = {},
                                    const BenchmarkProgressFn& progress = {},
                                    const BenchmarkCancelFn& cancelled = {});

// Human names for groups and units: "Global memory bandwidth".
std::string benchmarkGroupTitle(const std::string& group);

} // namespace clw::engine
