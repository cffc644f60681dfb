#include "models/HeatMapData.h"

#include "bridge/ElementScanner.h"

#include "clw/engine/inspect/ScalarValue.h"

#include <algorithm>
#include <cmath>

namespace clw::ui {

HeatMapData HeatMapData::load(const BufferSource& source, const engine::ElementLayout& layout,
                              const engine::BufferShape& shape, std::uint64_t slice,
                              const std::vector<int>& columns, int maxSide,
                              const std::function<bool()>& cancelled) {
    HeatMapData data;
    data.width = shape.width;
    data.height = shape.dimensions == 1 ? 1 : shape.height;
    data.slice = std::min<std::uint64_t>(slice, shape.depth ? shape.depth - 1 : 0);
    data.channels = int(std::clamp<size_t>(columns.size(), 1, 4));
    const std::uint64_t longest = std::max(data.width, data.height);
    data.step = std::max<std::uint64_t>(1, (longest + std::uint64_t(maxSide) - 1) /
                                               std::uint64_t(std::max(1, maxSide)));
    data.sampledWidth = int((data.width + data.step - 1) / data.step);
    data.sampledHeight = int((data.height + data.step - 1) / data.step);
    data.values.assign(
        size_t(data.sampledWidth) * size_t(data.sampledHeight) * size_t(data.channels), NAN);
    double low = INFINITY;
    double high = -INFINITY;
    const ElementScanner scanner(source, shape, layout.size());
    const std::uint64_t sliceFirst = data.slice * data.width * data.height;
    for (int sy = 0; sy < data.sampledHeight; ++sy) {
        const std::uint64_t row = std::uint64_t(sy) * data.step;
        float* out =
            data.values.data() + size_t(sy) * size_t(data.sampledWidth) * size_t(data.channels);
        // A whole row is read (rows are contiguous); only every step-th element is kept.
        const bool complete = scanner.scan(
            sliceFirst + row * data.width, data.width,
            [&](const unsigned char* run, std::uint64_t index, size_t count) {
                const std::uint64_t x0 = index - sliceFirst - row * data.width;
                std::uint64_t x = (x0 + data.step - 1) / data.step * data.step;
                for (; x < x0 + count; x += data.step) {
                    const unsigned char* element = run + (x - x0) * layout.size();
                    for (int c = 0; c < data.channels; ++c) {
                        const engine::ElementColumn& column =
                            layout.columns()[size_t(columns[size_t(c)])];
                        const double v = engine::readScalar(column.scalar, element + column.offset);
                        out[size_t(x / data.step) * size_t(data.channels) + size_t(c)] = float(v);
                        if (std::isfinite(v)) {
                            low = std::min(low, v);
                            high = std::max(high, v);
                        }
                    }
                }
            },
            cancelled);
        if (!complete)
            return {};
    }
    data.low = std::isfinite(low) ? low : 0;
    data.high = std::isfinite(high) ? high : 0;
    return data;
}

} // namespace clw::ui
