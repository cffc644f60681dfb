#include "clw/engine/debug/CheckRange.h"

namespace clw::engine {

namespace {

std::uint64_t product(const std::vector<std::uint64_t>& sizes) {
    std::uint64_t total = 1;
    for (std::uint64_t size : sizes)
        total *= size;
    return total;
}

std::string sizesText(const std::vector<std::uint64_t>& sizes) {
    std::string text;
    for (size_t i = 0; i < sizes.size(); ++i)
        text += (i ? " x " : "") + std::to_string(sizes[i]);
    return text;
}

// Half of `size`, rounded down to a multiple of `step`, or `size` when that would be none.
std::uint64_t halved(std::uint64_t size, std::uint64_t step) {
    const std::uint64_t half = size / 2 / step * step;
    return half >= step ? half : size;
}

} // namespace

CheckRangeShrink shrinkForCheck(const Session& session, std::uint64_t maxWorkItems) {
    CheckRangeShrink shrink{session, {}};
    for (SessionLaunch& launch : shrink.session.launches) {
        const std::vector<std::uint64_t> before = launch.global;
        while (product(launch.global) > maxWorkItems) {
            size_t largest = launch.global.size();
            for (size_t i = 0; i < launch.global.size(); ++i) {
                const std::uint64_t step =
                    i < launch.local.size() && launch.local[i] ? launch.local[i] : 1;
                if (halved(launch.global[i], step) == launch.global[i])
                    continue; // one work-group already
                if (largest == launch.global.size() || launch.global[i] > launch.global[largest])
                    largest = i;
            }
            if (largest == launch.global.size())
                break;
            const std::uint64_t step =
                largest < launch.local.size() && launch.local[largest] ? launch.local[largest] : 1;
            launch.global[largest] = halved(launch.global[largest], step);
        }
        if (launch.global != before)
            shrink.changes.push_back((launch.name.empty() ? launch.kernel : launch.name) + ": " +
                                     sizesText(before) + " -> " + sizesText(launch.global) +
                                     " work-items");
    }
    return shrink;
}

} // namespace clw::engine
