#pragma once
// The figures of every round of clw_bench_device, the engine's and clpeak's side by side, and
// their summary: each side's median and best (the largest, the smallest for latencies), the
// ratios, and the goal that each median is within 5 % of clpeak's. Rounds come from a run or from
// the "round ..." lines earlier runs printed, so that runs cut short by a time limit add up.
#include <istream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace clw::bench {

class RoundTally {
public:
    // Records a figure and prints its line to stderr: "round R ID VALUE" for the engine (with
    // " zero-copy" appended when the map moved nothing), "round R clpeak.ID VALUE" for clpeak.
    void addEngine(int round, const std::string& id, double value, bool zeroCopy);
    void addClpeak(int round, const std::string& id, double value);
    // Reads the round lines of a log and ignores every other line; the count of figures read.
    int readLog(std::istream& log);

    bool empty() const { return m_engineOrder.empty(); }
    bool hasClpeak() const { return !m_clpeak.empty(); }
    // Prints each figure (the engine's median and best), clpeak's median, both ratios, the goals
    // and, with peakBandwidth > 0, the best global bandwidth against that datasheet figure.
    void print(double peakBandwidth) const;

private:
    std::map<std::string, std::vector<double>> m_engine;
    std::map<std::string, std::vector<double>> m_clpeak;
    std::vector<std::string> m_engineOrder; // ids in the order the engine measured them
    std::set<std::string> m_zeroCopy;
};

// "GB/s", "GFLOP/s", "GIOP/s" or "us" for a figure id such as "compute_int.int4".
std::string unitOfFigure(const std::string& id);

} // namespace clw::bench
