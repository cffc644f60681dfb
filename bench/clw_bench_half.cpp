// clw_bench_half (issue 22: kept libraries where the engine writes its own): 16 M conversions
// each way, half to float and float to half, through the engine's HalfFloat against the
// compiler's _Float16 as this build compiles it and, on x86-64 CPUs with F16C, against the same
// compiled for F16C. Every peer's output is checked against the engine's before it counts.
// Needs no OpenCL device: --device is accepted and ignored.
#include "BenchOptions.h"
#include "BenchReport.h"
#include "HalfConversion.h"
#include "Stopwatch.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

using namespace clw;

namespace {

constexpr std::size_t kCount = std::size_t(16) << 20;

// Every half bit pattern 256 times, shuffled: denormals, infinities and NaNs as often as they
// occur among bit patterns, in no order a branch predictor could learn.
std::vector<std::uint16_t> halfInputs(std::mt19937& random) {
    std::vector<std::uint16_t> halves(kCount);
    for (std::size_t i = 0; i < kCount; ++i)
        halves[i] = std::uint16_t(i);
    std::shuffle(halves.begin(), halves.end(), random);
    return halves;
}

// The floats of those halves with random bits below a half's precision, so that each rounds
// (infinities stay infinite: those bits would make them NaNs).
std::vector<float> floatInputs(const std::vector<std::uint16_t>& halves, std::mt19937& random) {
    const bench::HalfConversion engine = bench::engineHalfConversion();
    std::vector<float> floats(halves.size());
    for (std::size_t i = 0; i < halves.size(); ++i) {
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(engine.toFloat(halves[i]));
        const bool infinite = (halves[i] & 0x7fffu) == 0x7c00u;
        const std::uint32_t noise = std::uint32_t(random()) & 0x1fffu;
        floats[i] = std::bit_cast<float>(infinite ? bits : bits ^ noise);
    }
    return floats;
}

bool sameValue(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) ||
           (std::isnan(a) && std::isnan(b));
}

bool sameHalf(std::uint16_t a, std::uint16_t b) {
    auto isNan = [](std::uint16_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0; };
    return a == b || (isNan(a) && isNan(b)); // hardware quiets a signaling NaN; software keeps it
}

struct Timing {
    std::vector<double> toFloat, fromFloat; // seconds per round
};

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    const auto options = bench::parseBenchOptions(
        argc, argv,
        "Half floats: 16 M conversions each way through the engine against the compiler's "
        "_Float16 (as built, and with F16C where the CPU has it)");
    const int rounds = options.quick ? 1 : 5;

    std::mt19937 random(22);
    const std::vector<std::uint16_t> halves = halfInputs(random);
    const std::vector<float> floats = floatInputs(halves, random);

    std::vector<bench::HalfConversion> conversions{bench::engineHalfConversion()};
    for (const bench::HalfConversion& peer : bench::float16Conversions())
        conversions.push_back(peer);

    // The engine's results, against which each peer is checked.
    std::vector<float> engineFloats(kCount);
    std::vector<std::uint16_t> engineHalves(kCount);
    for (std::size_t i = 0; i < kCount; ++i) {
        engineFloats[i] = conversions[0].toFloat(halves[i]);
        engineHalves[i] = conversions[0].fromFloat(floats[i]);
    }

    std::vector<Timing> timings(conversions.size());
    std::vector<float> outFloats(kCount);
    std::vector<std::uint16_t> outHalves(kCount);
    bool agree = true;
    for (int round = 0; round < rounds; ++round) {
        for (std::size_t c = 0; c < conversions.size(); ++c) {
            const bench::HalfConversion& conversion = conversions[c];
            bench::Stopwatch clock;
            for (std::size_t i = 0; i < kCount; ++i)
                outFloats[i] = conversion.toFloat(halves[i]);
            timings[c].toFloat.push_back(clock.seconds());
            clock.restart();
            for (std::size_t i = 0; i < kCount; ++i)
                outHalves[i] = conversion.fromFloat(floats[i]);
            timings[c].fromFloat.push_back(clock.seconds());
            if (round > 0)
                continue;
            for (std::size_t i = 0; i < kCount; ++i) {
                if (sameValue(outFloats[i], engineFloats[i]) &&
                    sameHalf(outHalves[i], engineHalves[i]))
                    continue;
                std::fprintf(stderr,
                             "MISMATCH: %s and the engine differ (half 0x%04x: %a against %a; "
                             "float %a: 0x%04x against 0x%04x)\n",
                             conversion.name.c_str(), unsigned(halves[i]), double(outFloats[i]),
                             double(engineFloats[i]), double(floats[i]), unsigned(outHalves[i]),
                             unsigned(engineHalves[i]));
                agree = false;
                break;
            }
        }
    }

    const double engineTo = median(timings[0].toFloat), engineFrom = median(timings[0].fromFloat);
    for (std::size_t c = 0; c < conversions.size(); ++c) {
        const std::string& name = conversions[c].name;
        bench::printFigure("half_to_float_16M_" + name, median(timings[c].toFloat) * 1e3, "ms");
        bench::printFigure("float_to_half_16M_" + name, median(timings[c].fromFloat) * 1e3, "ms");
    }
    for (std::size_t c = 1; c < conversions.size(); ++c) {
        const std::string& name = conversions[c].name;
        bench::printFigure("half_to_float_" + name + "_over_engine",
                           median(timings[c].toFloat) / engineTo, "x");
        bench::printFigure("float_to_half_" + name + "_over_engine",
                           median(timings[c].fromFloat) / engineFrom, "x");
    }

    bench::printGoal("half_conversions_agree_with_float16", agree ? 1 : 0, ">=", 1);
    // The engine takes _Float16 unless the compiler's, as built, is slower than its own; where
    // it takes it, the two are the same code and agree within the noise (5%).
    if (conversions.size() > 1 && conversions[1].name == "float16_as_built") {
        bench::printGoal("half_to_float_float16_as_built_over_engine",
                         median(timings[1].toFloat) / engineTo, ">=", 0.95);
        bench::printGoal("float_to_half_float16_as_built_over_engine",
                         median(timings[1].fromFloat) / engineFrom, ">=", 0.95);
    }
    return 0;
}
