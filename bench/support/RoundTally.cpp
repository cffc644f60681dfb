#include "RoundTally.h"

#include "BenchReport.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>

namespace clw::bench {

namespace {

bool isLatency(const std::string& id) {
    return unitOfFigure(id) == "us";
}

double best(const std::string& id, const std::vector<double>& values) {
    return isLatency(id) ? *std::min_element(values.begin(), values.end())
                         : *std::max_element(values.begin(), values.end());
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace

std::string unitOfFigure(const std::string& id) {
    const std::string group = id.substr(0, id.find('.'));
    if (group == "compute_sp" || group == "compute_dp")
        return "GFLOP/s";
    if (group == "compute_int")
        return "GIOP/s";
    if (group == "kernel_latency")
        return "us";
    return "GB/s";
}

void RoundTally::addEngine(int round, const std::string& id, double value, bool zeroCopy) {
    std::fprintf(stderr, "round %d %s %.6g%s\n", round, id.c_str(), value,
                 zeroCopy ? " zero-copy" : "");
    if (!m_engine.count(id))
        m_engineOrder.push_back(id);
    m_engine[id].push_back(value);
    if (zeroCopy)
        m_zeroCopy.insert(id);
}

void RoundTally::addClpeak(int round, const std::string& id, double value) {
    std::fprintf(stderr, "round %d clpeak.%s %.6g\n", round, id.c_str(), value);
    m_clpeak[id].push_back(value);
}

int RoundTally::readLog(std::istream& log) {
    int read = 0;
    for (std::string line; std::getline(log, line);) {
        std::istringstream words(line);
        std::string word, id, flag;
        int round = 0;
        double value = 0;
        if (!(words >> word >> round >> id >> value) || word != "round")
            continue;
        words >> flag;
        if (id.rfind("clpeak.", 0) == 0) {
            m_clpeak[id.substr(7)].push_back(value);
        } else {
            if (!m_engine.count(id))
                m_engineOrder.push_back(id);
            m_engine[id].push_back(value);
            if (flag == "zero-copy")
                m_zeroCopy.insert(id);
        }
        ++read;
    }
    return read;
}

void RoundTally::print(double peakBandwidth) const {
    // The goal compares medians: single rounds of either side are tens of percent off on a shared
    // machine, in both directions, and the best of a few rounds is one such round. The best
    // figures are printed beside them; the datasheet goal takes the best bandwidth (a peak).
    double bestBandwidth = 0;
    for (const std::string& id : m_engineOrder) {
        const std::vector<double>& ours = m_engine.at(id);
        printFigure(id, median(ours), unitOfFigure(id));
        printFigure("best." + id, best(id, ours), unitOfFigure(id));
        if (id.rfind("global_bandwidth.", 0) == 0)
            bestBandwidth = std::max(bestBandwidth, best(id, ours));
    }
    std::vector<std::pair<std::string, double>> deviations;
    for (const std::string& id : m_engineOrder) {
        const auto peer = m_clpeak.find(id);
        if (peer == m_clpeak.end()) {
            if (!m_clpeak.empty()) // a figure left out of the goals says so
                std::printf("note %s has no clpeak figure: not compared\n", id.c_str());
            continue;
        }
        const std::vector<double>& ours = m_engine.at(id);
        const std::vector<double>& theirs = peer->second;
        if (m_zeroCopy.count(id)) {
            // Times a call that moves nothing; newer clpeak prints "inf (zero-copy)" for it.
            std::printf("note %s is zero-copy on this device (%g vs clpeak's %g GB/s): not "
                        "compared\n",
                        id.c_str(), median(ours), median(theirs));
            continue;
        }
        const double ratio = median(ours) / median(theirs);
        printFigure("clpeak." + id, median(theirs), unitOfFigure(id));
        printFigure("ratio." + id, ratio, "x");
        printFigure("best_ratio." + id, best(id, ours) / best(id, theirs), "x");
        deviations.emplace_back(id, std::fabs(ratio - 1) * 100);
    }
    auto rounds = [](const std::map<std::string, std::vector<double>>& side) {
        size_t least = side.empty() ? 0 : SIZE_MAX, most = 0;
        for (const auto& [id, values] : side) {
            least = std::min(least, values.size());
            most = std::max(most, values.size());
        }
        return least == most ? std::to_string(most)
                             : std::to_string(least) + " to " + std::to_string(most);
    };
    std::printf("note rounds per figure: %s of the engine, %s of clpeak; figures and goals are "
                "medians\n",
                rounds(m_engine).c_str(), rounds(m_clpeak).c_str());
    for (const auto& [id, deviation] : deviations)
        printGoal(id + "_vs_clpeak_pct", deviation, "<=", 5.0);
    if (peakBandwidth > 0)
        printGoal("best_global_bandwidth_of_peak", bestBandwidth / peakBandwidth, ">=", 0.9);
}

} // namespace clw::bench
