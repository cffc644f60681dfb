#include "models/MismatchMask.h"

#include <algorithm>
#include <cmath>

namespace clw::ui {

MismatchMask::MismatchMask(const std::vector<std::uint64_t>& shape, std::uint64_t count)
    : m_count(count) {
    if (shape.size() >= 2 && shape[0] > 0) {
        m_width = shape[0];
    } else {
        m_width = std::max<std::uint64_t>(1, std::uint64_t(std::ceil(std::sqrt(double(count)))));
        m_wrapped = m_width < count;
    }
    m_height = std::max<std::uint64_t>(1, (count + m_width - 1) / m_width);
}

HeatMapData MismatchMask::picture(const engine::ElementDiff& mask, int maxSide) const {
    HeatMapData data;
    data.width = m_width;
    data.height = m_height;
    const std::uint64_t side = std::uint64_t(std::max(1, maxSide));
    data.step = std::max<std::uint64_t>(1, (std::max(m_width, m_height) + side - 1) / side);
    data.sampledWidth = int((m_width + data.step - 1) / data.step);
    data.sampledHeight = int((m_height + data.step - 1) / data.step);
    data.channels = 1;
    data.values.assign(size_t(data.sampledWidth) * size_t(data.sampledHeight), 0.0f);
    data.low = 0;
    data.high = 1;
    for (const auto& [begin, end] : mask.ranges()) {
        for (std::uint64_t e = begin; e < end && e < m_count; ++e) {
            const std::uint64_t x = (e % m_width) / data.step;
            const std::uint64_t y = (e / m_width) / data.step;
            data.values[size_t(y) * size_t(data.sampledWidth) + size_t(x)] = 1.0f;
        }
    }
    return data;
}

std::optional<std::uint64_t> MismatchMask::elementAt(std::uint64_t x, std::uint64_t y) const {
    if (x >= m_width || y >= m_height)
        return std::nullopt;
    const std::uint64_t element = y * m_width + x;
    if (element >= m_count)
        return std::nullopt;
    return element;
}

} // namespace clw::ui
