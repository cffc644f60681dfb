#pragma once
// What the 2D view draws: one slice of a 2D / 3D shape sampled onto at most `maxSide` x `maxSide`
// points (every step-th element of every step-th row), with up to four columns of the element a
// point, as floats. Read on a worker thread by load(); Qt-free.
#include "bridge/BufferSource.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementLayout.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace clw::ui {

struct HeatMapData {
    std::uint64_t width = 0;  // of the full slice, in elements
    std::uint64_t height = 0; // of the full slice, in rows
    std::uint64_t slice = 0;
    std::uint64_t step = 1; // elements between two samples, across and down
    int sampledWidth = 0;
    int sampledHeight = 0;
    int channels = 0;          // columns kept (1 to 4)
    std::vector<float> values; // sampledHeight x sampledWidth x channels
    double low = 0;            // of the finite values of every channel
    double high = 0;

    float at(int x, int y, int channel) const {
        return values[(size_t(y) * size_t(sampledWidth) + size_t(x)) * size_t(channels) +
                      size_t(channel)];
    }

    // Reads a slice. `columns` are indices into the layout's columns (1 to 4 of them). Throws on
    // a read error; returns an empty result (width 0) when cancelled.
    static HeatMapData load(const BufferSource& source, const engine::ElementLayout& layout,
                            const engine::BufferShape& shape, std::uint64_t slice,
                            const std::vector<int>& columns, int maxSide,
                            const std::function<bool()>& cancelled);
};

} // namespace clw::ui
