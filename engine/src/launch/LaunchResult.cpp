#include "clw/engine/launch/LaunchResult.h"

#include <algorithm>

namespace clw::engine {

std::vector<double> LaunchResult::durationsNs() const {
    std::vector<double> durations;
    durations.reserve(runs.size());
    for (const ProfilingTimes& run : runs)
        durations.push_back(run.durationNs());
    return durations;
}

double LaunchResult::minNs() const {
    const auto d = durationsNs();
    return d.empty() ? 0.0 : *std::min_element(d.begin(), d.end());
}

double LaunchResult::maxNs() const {
    const auto d = durationsNs();
    return d.empty() ? 0.0 : *std::max_element(d.begin(), d.end());
}

double LaunchResult::medianNs() const {
    auto d = durationsNs();
    if (d.empty())
        return 0.0;
    std::sort(d.begin(), d.end());
    return d.size() % 2 ? d[d.size() / 2] : (d[d.size() / 2 - 1] + d[d.size() / 2]) / 2.0;
}

} // namespace clw::engine
