#pragma once
// A kernel run's ND-range, to turn a work-item's global id into the one number the plugin's
// tables keep, and that number back into its global and group ids.
#include "clw/engine/debug/CheckFinding.h"

#include <cstdint>

namespace clw::oclgrind_check {

struct WorkItemIds {
    engine::CheckIds offset{0, 0, 0};
    engine::CheckIds global{1, 1, 1};
    engine::CheckIds local{1, 1, 1};

    std::uint64_t linear(const engine::CheckIds& id) const {
        return (id[0] - offset[0]) +
               global[0] * ((id[1] - offset[1]) + global[1] * (id[2] - offset[2]));
    }
    engine::CheckIds globalId(std::uint64_t linear) const {
        return {offset[0] + linear % global[0], offset[1] + linear / global[0] % global[1],
                offset[2] + linear / global[0] / global[1]};
    }
    engine::CheckIds groupId(const engine::CheckIds& id) const {
        return {(id[0] - offset[0]) / local[0], (id[1] - offset[1]) / local[1],
                (id[2] - offset[2]) / local[2]};
    }
    std::uint64_t groupLinear(const engine::CheckIds& group) const {
        const std::uint64_t across = (global[0] + local[0] - 1) / local[0];
        const std::uint64_t down = (global[1] + local[1] - 1) / local[1];
        return group[0] + across * (group[1] + down * group[2]);
    }
    std::uint64_t groupCount() const {
        std::uint64_t count = 1;
        for (int i = 0; i < 3; ++i)
            count *= (global[i] + local[i] - 1) / local[i];
        return count;
    }
};

} // namespace clw::oclgrind_check
