// clw_bench_check (issue 18): the workbench's check of each defect sample (and two bigger ones)
// against plain Oclgrind running the same session with its own checks, in one run. The check is
// `clworkbench check SESSION` (a device host with the workbench's plugin); plain Oclgrind is
// `clworkbench run SESSION --device Oclgrind` in its own process with OCLGRIND_DATA_RACES=1 (its
// race detector; its memory checker is always on). Each is a whole process (start, build without
// the binary cache, buffers, launches), the median of several runs. Goal: the check at most 1.3x
// the plain run.
//
// Oclgrind's own uninitialized-value check (OCLGRIND_UNINITIALIZED=1) is left out of the peer:
// Debian 12's Oclgrind 21.10 crashes in it (ShadowContext, on the host's buffer writes) on the
// matmul and reduction samples.
#include "BenchReport.h"
#include "Stopwatch.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using clw::bench::printFigure;
using clw::bench::printGoal;

struct Sample {
    const char* name;
    const char* file;
};

const Sample kSamples[] = {
    {"race", ":/samples/race.clwb"},
    {"out_of_bounds", ":/samples/out_of_bounds.clwb"},
    {"uninitialized", ":/samples/uninitialized.clwb"},
    {"reduction", ":/samples/reduction.clwb"},
    {"matmul_local", ":/samples/matmul_local.clwb"},
};

// Seconds a shell command takes; exits the benchmark when it fails in a way it should not
// (the check's status 1 says it found something, which the defect samples must).
double timed(const std::string& command, bool findingsExpected) {
    clw::bench::Stopwatch watch;
    const int status = std::system(command.c_str());
    const double seconds = watch.seconds();
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code != 0 && !(findingsExpected && code == 1)) {
        std::fprintf(stderr, "clw_bench_check: '%s' failed (status %d)\n", command.c_str(), code);
        std::exit(1);
    }
    return seconds;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    int runs = 5;
    for (int i = 1; i < argc; ++i) {
        const std::string option = argv[i];
        if (option == "--quick") {
            runs = 1;
        } else if (option == "--help") {
            std::printf("clw_bench_check [--quick]: the workbench's Oclgrind check against plain "
                        "Oclgrind's checks, per sample\n");
            return 0;
        } else {
            std::fprintf(stderr, "clw_bench_check: unknown option '%s'\n", option.c_str());
            return 2;
        }
    }
    const std::string workbench = CLW_WORKBENCH_PATH;
    const std::string quiet = " >/dev/null 2>&1";
    const std::string common = "CLW_NO_CACHE=1 QT_QPA_PLATFORM=offscreen ";
    bool allOk = true;
    for (const Sample& sample : kSamples) {
        const bool defect =
            std::string(sample.name) != "reduction" && std::string(sample.name) != "matmul_local";
        std::vector<double> check, plain;
        for (int run = 0; run < runs; ++run) {
            check.push_back(timed(common + workbench + " check " + sample.file + quiet, defect));
            plain.push_back(timed(common + "OCLGRIND_DATA_RACES=1 " + workbench + " run " +
                                      sample.file + " --device Oclgrind" + quiet,
                                  false));
        }
        const double checkMs = median(check) * 1000, plainMs = median(plain) * 1000;
        printFigure(std::string(sample.name) + "_check", checkMs, "ms");
        printFigure(std::string(sample.name) + "_plain_oclgrind", plainMs, "ms");
        allOk = printGoal(std::string(sample.name) + "_check_over_plain", checkMs / plainMs,
                          "<=", 1.3) &&
                allOk;
    }
    return allOk ? 0 : 1;
}
