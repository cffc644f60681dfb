#pragma once
// One run of the microbenchmarks (DeviceBenchmark.h): the context, queue and programs it uses,
// progress and cancellation.
#include "clw/engine/device/DeviceBenchmark.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Program.h"

#include <string>

namespace clw::engine::detail {

// clpeak's sizes and repetitions for this device (larger on GPUs, tiny in quick mode).
struct BenchmarkSizes {
    size_t workGroup = 0; // local size: the first max work-item size, at most 256
    unsigned computeUnits = 0;
    size_t bandwidthItems = 0; // floats read by one bandwidth launch
    unsigned bandwidthIterations = 0;
    size_t computeItemsSingle = 0; // global size of the float and int compute kernels
    size_t computeItemsDouble = 0;
    unsigned computeIterations = 0;
    size_t transferItems = 0; // floats per transfer
    unsigned transferIterations = 0;
    unsigned latencyIterations = 0;
};

BenchmarkSizes benchmarkSizes(const Device& device, bool quick);

// Thrown inside a run when the caller cancelled; run() turns it into a cancelled result.
struct BenchmarkStopped {};

class BenchmarkRunner {
public:
    BenchmarkRunner(const Device& device, const BenchmarkOptions& options,
                    const BenchmarkProgressFn& progress, const BenchmarkCancelFn& cancelled);
    BenchmarkResult run();

private:
    // Reports the next step; throws BenchmarkStopped when the caller cancelled.
    void beginStep(const std::string& what);
    void checkCancelled() const;
    void addFigure(const std::string& group, const std::string& name, double value,
                   const char* unit);
    Program buildProgram(const std::string& source, const std::string& options,
                         const char* what) const;
    // Mean wall time of one launch, in microseconds: two warm-up launches, then `iterations`
    // launches timed together (clpeak's default timer). The work-group shrinks to what the
    // kernel allows.
    double timeKernel(const Kernel& kernel, size_t global, unsigned iterations);

    void runGlobalBandwidth();
    void runCompute(const std::string& scalar, const std::string& group, const char* unit);
    void runTransfer();      // BenchmarkTransfer.cpp
    void markZeroCopy();     // BenchmarkTransfer.cpp
    void runKernelLatency(); // BenchmarkTransfer.cpp
    int countSteps() const;

    Device m_device;
    BenchmarkOptions m_options;
    const BenchmarkProgressFn& m_progress;
    const BenchmarkCancelFn& m_cancelled;
    bool m_simulated; // Oclgrind: always the quick sizes
    BenchmarkSizes m_sizes;
    Context m_context;
    CommandQueue m_queue;
    BenchmarkResult m_result;
    int m_done = 0;
    int m_total = 0;
    bool m_hasDouble = false;
};

} // namespace clw::engine::detail
