#pragma once
// Where a differential run's elements differ (BufferComparison::mismatches), laid over the
// buffer's shape for the 2D view: 1 where an element differs, 0 where it does not. A 2D shape is
// its rows, a 3D one its slices one under the other; a 1D buffer is wrapped into rows of about
// the square root of its length, so that a long vector still fills a picture. Sampled like
// HeatMapData: a point stands for `step` x `step` elements and is 1 when any of them differs.
// Qt-free.
#include "models/HeatMapData.h"

#include "clw/engine/inspect/ElementDiff.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace clw::ui {

class MismatchMask {
public:
    // `shape`: the session's (width[, height[, depth]]); `count` its elements.
    MismatchMask(const std::vector<std::uint64_t>& shape, std::uint64_t count);

    // Elements a row of the picture, and rows.
    std::uint64_t width() const { return m_width; }
    std::uint64_t height() const { return m_height; }
    bool isWrapped() const { return m_wrapped; }
    // The picture of `mask` at most `maxSide` points a side.
    HeatMapData picture(const engine::ElementDiff& mask, int maxSide) const;
    // The element at (x, y) of the picture in elements; nullopt past the last one.
    std::optional<std::uint64_t> elementAt(std::uint64_t x, std::uint64_t y) const;

private:
    std::uint64_t m_count = 0;
    std::uint64_t m_width = 1;
    std::uint64_t m_height = 1;
    bool m_wrapped = false;
};

} // namespace clw::ui
