// clw_bench_device (issue 6: device browser, measured peaks): the engine's microbenchmarks
// (engine/include/clw/engine/DeviceBenchmark.h) against Debian's clpeak on the same device in the
// same run, group by group and interleaved so that both see the same machine load. Prints every
// figure of both, their ratios, and the goals: each figure within 5 % of clpeak's, and with
// --peak-bandwidth GBPS (a datasheet figure) the best global bandwidth at least 0.9 of it.
//
//   clw_bench_device [--device NAME] [--quick] [--peak-bandwidth GBPS] [--clpeak PATH]
//                    [--rounds N] [--only GROUP]
//
// --quick runs the engine's quick sizes only: clpeak cannot be shortened, so there is no
// comparison then. --clpeak names the clpeak binary (default: clpeak on PATH; CLW_CLPEAK too).
// --rounds N repeats every group N times, alternating with clpeak, and keeps each side's best
// figure: on a shared machine single runs of either vary by tens of percent. --only GROUP runs
// one group (global_bandwidth, compute_sp, compute_dp, compute_int, transfer, kernel_latency).
#include "BenchOptions.h"
#include "BenchReport.h"

#include "clw/engine/DeviceBenchmark.h"
#include "clw/engine/Platform.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace clw;
using namespace clw::engine;

namespace {

struct Group {
    const char* group;      // the engine's figure group
    const char* clpeakFlag; // clpeak's option running only that test
};

const Group kGroups[] = {{"global_bandwidth", "--global-bandwidth"},
                         {"compute_sp", "--compute-sp"},
                         {"compute_dp", "--compute-dp"},
                         {"compute_int", "--compute-integer"},
                         {"transfer", "--transfer-bandwidth"},
                         {"kernel_latency", "--kernel-latency"}};

// clpeak's labels within a section, mapped to the engine's figure names.
const std::map<std::string, std::string> kTransferNames = {
    {"enqueueWriteBuffer", "write_blocking"},
    {"enqueueReadBuffer", "read_blocking"},
    {"enqueueWriteBuffer non-blocking", "write_nonblocking"},
    {"enqueueReadBuffer non-blocking", "read_nonblocking"},
    {"enqueueMapBuffer(for read)", "map_read"},
    {"memcpy from mapped ptr", "memcpy_from_mapped"},
    {"enqueueUnmap(after write)", "unmap_write"},
    {"memcpy to mapped ptr", "memcpy_to_mapped"}};

std::string trim(const std::string& text) {
    const size_t begin = text.find_first_not_of(" \t");
    const size_t end = text.find_last_not_of(" \t\r\n");
    return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

// Parses clpeak's text output into "group.name" -> value.
std::map<std::string, double> parseClpeak(const std::string& output) {
    std::map<std::string, double> figures;
    std::string group;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        const std::string text = trim(line);
        if (text.rfind("Global memory bandwidth", 0) == 0)
            group = "global_bandwidth";
        else if (text.rfind("Single-precision compute", 0) == 0)
            group = "compute_sp";
        else if (text.rfind("Double-precision compute", 0) == 0)
            group = "compute_dp";
        else if (text.rfind("Integer compute", 0) == 0)
            group = "compute_int";
        else if (text.rfind("Transfer bandwidth", 0) == 0)
            group = "transfer";
        const size_t colon = text.rfind(':');
        if (colon == std::string::npos)
            continue;
        const std::string label = trim(text.substr(0, colon));
        char* end = nullptr;
        const std::string rest = trim(text.substr(colon + 1));
        const double value = std::strtod(rest.c_str(), &end);
        if (end == rest.c_str())
            continue; // "Driver version : ..." and the like
        if (label == "Kernel launch latency") {
            // clpeak 1.1 times it from CL_PROFILING_COMMAND_QUEUED to _START: our dispatch.
            figures["kernel_latency.dispatch"] = value;
        } else if (group == "transfer") {
            if (auto it = kTransferNames.find(label); it != kTransferNames.end())
                figures["transfer." + it->second] = value;
        } else if (!group.empty()) {
            figures[group + "." + label] = value;
        }
    }
    return figures;
}

// clpeak's -p / -d indices of the device: the ICD loader's order, which the engine also uses.
std::optional<std::pair<size_t, size_t>> clpeakIndices(const Device& device) {
    const std::vector<Platform> platforms = Platform::all();
    for (size_t p = 0; p < platforms.size(); ++p) {
        const std::vector<Device> devices = platforms[p].devices();
        for (size_t d = 0; d < devices.size(); ++d)
            if (devices[d] == device)
                return std::make_pair(p, d);
    }
    return std::nullopt;
}

std::optional<std::string> runCommand(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe)
        return std::nullopt;
    std::string output;
    char buffer[4096];
    while (size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
        output.append(buffer, n);
    if (pclose(pipe) != 0)
        return std::nullopt;
    return output;
}

void progressLine(const BenchmarkProgress& progress) {
    std::fprintf(stderr, "\r[%2d/%2d] %-60s", progress.done, progress.total, progress.step.c_str());
    if (progress.done >= progress.total)
        std::fprintf(stderr, "\n");
    std::fflush(stderr);
}

BenchmarkOptions onlyGroup(const std::string& group, bool quick) {
    BenchmarkOptions options;
    options.quick = quick;
    options.globalBandwidth = group == "global_bandwidth";
    options.computeSingle = group == "compute_sp";
    options.computeDouble = group == "compute_dp";
    options.computeInteger = group == "compute_int";
    options.transfer = group == "transfer";
    options.kernelLatency = group == "kernel_latency";
    return options;
}

} // namespace

int main(int argc, char** argv) {
    // Options of this benchmark only; the rest go to the shared parser.
    double peakBandwidth = 0;
    std::string clpeak = std::getenv("CLW_CLPEAK") ? std::getenv("CLW_CLPEAK") : "clpeak";
    int rounds = 1;
    std::string only;
    std::vector<char*> rest = {argv[0]};
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--peak-bandwidth") && i + 1 < argc)
            peakBandwidth = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!std::strcmp(argv[i], "--clpeak") && i + 1 < argc)
            clpeak = argv[++i];
        else
            rest.push_back(argv[i]);
    }
    const auto options = bench::parseBenchOptions(
        int(rest.size()), rest.data(),
        "Device microbenchmarks (engine) against clpeak on the same device; options of this "
        "benchmark: [--peak-bandwidth GBPS] [--clpeak PATH] [--rounds N] [--only GROUP]");
    const Device device = bench::requireDevice(options);
    const auto indices = clpeakIndices(device);

    // Best figure of each side over the rounds: the largest, the smallest for latencies.
    std::vector<BenchmarkFigure> figures;
    std::map<std::string, double> reference;
    auto better = [](const std::string& unit, double a, double b) {
        return unit == "us" ? std::min(a, b) : std::max(a, b);
    };
    bool clpeakRan = false;
    for (const Group& group : kGroups) {
        if (!only.empty() && only != group.group)
            continue;
        for (int round = 0; round < rounds; ++round) {
            if (!options.quick && indices) {
                const std::string command = clpeak + " -p " + std::to_string(indices->first) +
                                            " -d " + std::to_string(indices->second) + " " +
                                            group.clpeakFlag + " 2>&1";
                std::fprintf(stderr, "running %s\n", command.c_str());
                if (const auto output = runCommand(command)) {
                    clpeakRan = true;
                    for (const auto& [id, value] : parseClpeak(*output)) {
                        std::fprintf(stderr, "round %d clpeak.%s %g\n", round, id.c_str(), value);
                        const std::string unit = id.rfind("kernel_latency", 0) == 0 ? "us" : "";
                        reference[id] =
                            reference.count(id) ? better(unit, reference[id], value) : value;
                    }
                } else {
                    std::fprintf(stderr, "clpeak did not run (%s): no comparison for %s\n",
                                 clpeak.c_str(), group.group);
                }
            }
            const BenchmarkResult result =
                runDeviceBenchmarks(device, onlyGroup(group.group, options.quick), progressLine);
            if (round == 0)
                for (const std::string& skipped : result.skipped)
                    std::printf("skipped %s\n", skipped.c_str());
            for (const BenchmarkFigure& figure : result.figures) {
                std::fprintf(stderr, "round %d %s %g\n", round, figure.id().c_str(), figure.value);
                auto same = [&](const BenchmarkFigure& f) { return f.id() == figure.id(); };
                auto it = std::find_if(figures.begin(), figures.end(), same);
                if (it == figures.end())
                    figures.push_back(figure);
                else
                    it->value = better(figure.unit, it->value, figure.value);
            }
        }
    }
    if (figures.empty()) {
        std::fprintf(stderr, "no figure could be measured\n");
        return 1;
    }

    double bestBandwidth = 0;
    for (const BenchmarkFigure& figure : figures) {
        bench::printFigure(figure.id(), figure.value, figure.unit);
        if (figure.group == "global_bandwidth")
            bestBandwidth = std::max(bestBandwidth, figure.value);
    }
    std::vector<std::pair<std::string, double>> deviations;
    for (const BenchmarkFigure& figure : figures) {
        const auto it = reference.find(figure.id());
        if (it == reference.end() || it->second <= 0)
            continue;
        bench::printFigure("clpeak." + figure.id(), it->second, figure.unit);
        const double ratio = figure.value / it->second;
        bench::printFigure("ratio." + figure.id(), ratio, "x");
        deviations.emplace_back(figure.id(), std::fabs(ratio - 1) * 100);
    }
    if (options.quick)
        std::printf("note --quick: clpeak was not run, so there is no comparison\n");
    else if (!clpeakRan)
        std::printf("goal within_5pct_of_clpeak unmeasured (clpeak did not run) MISSED\n");
    for (const auto& [id, deviation] : deviations)
        bench::printGoal(id + "_vs_clpeak_pct", deviation, "<=", 5.0);
    if (peakBandwidth > 0)
        bench::printGoal("global_bandwidth_of_peak", bestBandwidth / peakBandwidth, ">=", 0.9);
    return 0;
}
