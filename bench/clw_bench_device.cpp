// clw_bench_device (issue 6: device browser, measured peaks): the engine's microbenchmarks
// (engine/include/clw/engine/device/DeviceBenchmark.h) against Debian's clpeak on the same device
// in the same run, group by group and interleaved so that both see the same machine load. Prints
// every figure of both, their ratios, and the goals: each figure (the median of the rounds) within
// 5 % of clpeak's, and with --peak-bandwidth GBPS (a datasheet figure) the best global bandwidth at
// least 0.9 of it.
//
//   clw_bench_device [--device NAME] [--quick] [--peak-bandwidth GBPS] [--clpeak PATH]
//                    [--rounds N] [--only GROUP]
//   clw_bench_device --from-rounds LOG [--from-rounds LOG]... [--peak-bandwidth GBPS]
//
// --quick runs the engine's quick sizes only: clpeak cannot be shortened, so there is no
// comparison then. --clpeak names the clpeak binary (default: clpeak on PATH; CLW_CLPEAK too).
// --rounds N repeats every group N times, alternating with clpeak (which goes first changes every
// round), and compares the medians of each side: on a shared machine single runs of either vary
// by tens of percent, both ways. --only GROUP runs one group (global_bandwidth, compute_sp,
// compute_dp, compute_int, transfer, kernel_latency). Every round's figures go to stderr as "round
// ..." lines; --from-rounds sums up the rounds of such logs instead of running, so that runs cut
// short by a time limit add up.
//
// Each round of the engine runs in a new process of this program, as clpeak's does. A pageable or
// mapped transfer's speed depends on where the process's memory lies: on the H100's machine
// map_read comes out near 23 or near 28 GB/s depending on the process, and one long-lived process
// kept the lower figure in 7 of 8 rounds while clpeak's new processes reached the higher in half
// of theirs.
#include "BenchOptions.h"
#include "BenchReport.h"
#include "RoundTally.h"

#include "clw/engine/device/DeviceBenchmark.h"
#include "clw/engine/runtime/Platform.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
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

// The child's side of a round: runs one group of the engine's benchmarks on the device at the
// loader's indices and prints "figure GROUP NAME VALUE UNIT ZERO_COPY" and "skipped WHAT" lines.
int engineChild(const std::string& group, size_t platform, size_t device, bool quick) {
    const std::vector<Platform> platforms = Platform::all();
    if (platform >= platforms.size() || device >= platforms[platform].devices().size()) {
        std::fprintf(stderr, "no device %zu on platform %zu\n", device, platform);
        return 1;
    }
    BenchmarkResult result;
    try {
        result = runDeviceBenchmarks(platforms[platform].devices()[device], onlyGroup(group, quick),
                                     progressLine);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "%s: %s\n", group.c_str(), error.what());
        return 1;
    }
    for (const std::string& skipped : result.skipped)
        std::printf("skipped %s\n", skipped.c_str());
    for (const BenchmarkFigure& figure : result.figures)
        std::printf("figure %s %s %.17g %s %d\n", figure.group.c_str(), figure.name.c_str(),
                    figure.value, figure.unit.c_str(), int(figure.zeroCopy));
    return 0;
}

// Runs one round of the engine in a new process; nullopt when it failed.
std::optional<BenchmarkResult> engineRound(const std::string& self, const std::string& group,
                                           std::pair<size_t, size_t> indices, bool quick) {
    const std::string command = self + " --engine-child " + group + " " +
                                std::to_string(indices.first) + " " +
                                std::to_string(indices.second) + (quick ? " quick" : "");
    const auto output = runCommand(command);
    if (!output)
        return std::nullopt;
    BenchmarkResult result;
    std::istringstream lines(*output);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::string kind;
        words >> kind;
        if (kind == "skipped") {
            result.skipped.push_back(trim(line.substr(kind.size())));
        } else if (kind == "figure") {
            BenchmarkFigure figure;
            int zeroCopy = 0;
            words >> figure.group >> figure.name >> figure.value >> figure.unit >> zeroCopy;
            figure.zeroCopy = zeroCopy != 0;
            result.figures.push_back(figure);
        }
    }
    return result;
}

} // namespace

int main(int argc, char** argv) {
    if ((argc == 5 || argc == 6) && !std::strcmp(argv[1], "--engine-child"))
        return engineChild(argv[2], std::strtoul(argv[3], nullptr, 10),
                           std::strtoul(argv[4], nullptr, 10), argc == 6);
    // Options of this benchmark only; the rest go to the shared parser.
    double peakBandwidth = 0;
    std::string clpeak = std::getenv("CLW_CLPEAK") ? std::getenv("CLW_CLPEAK") : "clpeak";
    int rounds = 1;
    std::string only;
    std::vector<std::string> logs;
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
        else if (!std::strcmp(argv[i], "--from-rounds") && i + 1 < argc)
            logs.push_back(argv[++i]);
        else
            rest.push_back(argv[i]);
    }
    bench::RoundTally tally;
    if (!logs.empty()) {
        for (const std::string& path : logs) {
            std::ifstream log(path);
            if (!log || tally.readLog(log) == 0) {
                std::fprintf(stderr, "%s: no round lines to read\n", path.c_str());
                return 1;
            }
        }
        tally.print(peakBandwidth);
        return 0;
    }
    const auto options = bench::parseBenchOptions(
        int(rest.size()), rest.data(),
        "Device microbenchmarks (engine) against clpeak on the same device; options of this "
        "benchmark: [--peak-bandwidth GBPS] [--clpeak PATH] [--rounds N] [--only GROUP] "
        "[--from-rounds LOG]...");
    const Device device = bench::requireDevice(options);
    const auto indices = clpeakIndices(device);
    if (!indices) {
        std::fprintf(stderr, "the device is not in the loader's list of platforms\n");
        return 1;
    }
    const std::string self = std::string("'") + argv[0] + "'";

    auto clpeakRound = [&](const Group& group, int round) {
        const std::string command = clpeak + " -p " + std::to_string(indices->first) + " -d " +
                                    std::to_string(indices->second) + " " + group.clpeakFlag +
                                    " 2>&1";
        std::fprintf(stderr, "running %s\n", command.c_str());
        const auto output = runCommand(command);
        if (!output) {
            std::fprintf(stderr, "clpeak did not run (%s): no comparison for %s\n", clpeak.c_str(),
                         group.group);
            return;
        }
        for (const auto& [id, value] : parseClpeak(*output))
            tally.addClpeak(round, id, value);
    };
    auto engineRoundOf = [&](const Group& group, int round) {
        const auto result = engineRound(self, group.group, *indices, options.quick);
        if (!result) {
            std::fprintf(stderr, "the engine's round %d of %s failed\n", round, group.group);
            return false;
        }
        if (round == 0)
            for (const std::string& skipped : result->skipped)
                std::printf("skipped %s\n", skipped.c_str());
        for (const BenchmarkFigure& figure : result->figures)
            tally.addEngine(round, figure.id(), figure.value, figure.zeroCopy);
        return true;
    };
    for (const Group& group : kGroups) {
        if (!only.empty() && only != group.group)
            continue;
        for (int round = 0; round < rounds; ++round) {
            // Which side goes first changes every round, so that neither always follows the
            // other's freed memory or warmed clocks.
            const bool clpeakFirst = round % 2 == 0 && !options.quick;
            if (clpeakFirst)
                clpeakRound(group, round);
            if (!engineRoundOf(group, round))
                return 1;
            if (!clpeakFirst && !options.quick)
                clpeakRound(group, round);
        }
    }
    if (tally.empty()) {
        std::fprintf(stderr, "no figure could be measured\n");
        return 1;
    }
    tally.print(peakBandwidth);
    if (options.quick)
        std::printf("note --quick: clpeak was not run, so there is no comparison\n");
    else if (!tally.hasClpeak())
        std::printf("goal within_5pct_of_clpeak unmeasured (clpeak did not run) MISSED\n");
    return 0;
}
