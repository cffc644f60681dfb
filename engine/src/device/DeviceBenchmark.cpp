#include "clw/engine/device/DeviceBenchmark.h"

#include "BenchmarkRunner.h"

namespace clw::engine {

const BenchmarkFigure* BenchmarkResult::find(const std::string& group,
                                             const std::string& name) const {
    for (const BenchmarkFigure& figure : figures)
        if (figure.group == group && figure.name == name)
            return &figure;
    return nullptr;
}

BenchmarkResult runDeviceBenchmarks(const Device& device, const BenchmarkOptions& options,
                                    const BenchmarkProgressFn& progress,
                                    const BenchmarkCancelFn& cancelled) {
    detail::BenchmarkRunner runner(device, options, progress, cancelled);
    return runner.run();
}

std::string benchmarkGroupTitle(const std::string& group) {
    if (group == "global_bandwidth")
        return "Global memory bandwidth";
    if (group == "compute_sp")
        return "Single-precision compute";
    if (group == "compute_dp")
        return "Double-precision compute";
    if (group == "compute_int")
        return "Integer compute";
    if (group == "transfer")
        return "Transfer bandwidth";
    if (group == "kernel_latency")
        return "Kernel launch latency";
    return group;
}

} // namespace clw::engine
