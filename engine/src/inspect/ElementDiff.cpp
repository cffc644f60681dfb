#include "clw/engine/inspect/ElementDiff.h"

#include "clw/engine/inspect/ScalarValue.h"
#include "clw/engine/inspect/UlpDistance.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace clw::engine {

ElementDiff::ElementDiff(ElementLayout layout, DiffOptions options)
    : m_layout(std::move(layout))
    , m_options(options) {}

void ElementDiff::markChanged(std::uint64_t element) {
    ++m_changed;
    if (!m_ranges.empty() && m_ranges.back().second == element) {
        ++m_ranges.back().second;
    } else if (m_ranges.size() < kMaxRanges) {
        m_ranges.emplace_back(element, element + 1);
    } else {
        m_truncated = true;
    }
}

bool ElementDiff::beyondTolerance(ScalarType scalar, const unsigned char* a, const unsigned char* b,
                                  double diff, double reference) const {
    const bool isFloat = isFloatScalar(scalar);
    if (m_options.ulps) {
        if (!isFloat)
            return diff > double(*m_options.ulps);
        const std::optional<std::uint64_t> distance = ulpDistance(scalar, a, b);
        return !distance || *distance > *m_options.ulps;
    }
    if (!isFloat && m_options.absTolerance == 0 && m_options.relTolerance == 0)
        return true; // the bits differ (the caller compared them)
    return diff > m_options.absTolerance + m_options.relTolerance * std::fabs(reference);
}

void ElementDiff::addRun(const unsigned char* a, const unsigned char* b, size_t count,
                         size_t stride, std::uint64_t index) {
    for (size_t e = 0; e < count; ++e) {
        const unsigned char* ea = a + e * stride;
        const unsigned char* eb = b + e * stride;
        bool changed = false;
        for (const ElementColumn& column : m_layout.columns()) {
            const unsigned char* ca = ea + column.offset;
            const unsigned char* cb = eb + column.offset;
            if (std::memcmp(ca, cb, column.size()) == 0)
                continue;
            const double va = readScalar(column.scalar, ca);
            const double vb = readScalar(column.scalar, cb);
            if (std::isnan(va) || std::isnan(vb)) {
                changed = changed || std::isnan(va) != std::isnan(vb);
                continue;
            }
            const double diff = std::fabs(va - vb);
            if (!beyondTolerance(column.scalar, ca, cb, diff, vb))
                continue;
            changed = true;
            if (std::isfinite(diff) && (diff > m_maxAbs || !m_maxAbsElement)) {
                m_maxAbs = diff;
                m_maxAbsElement = index + e;
            }
            if (vb != 0 && std::isfinite(diff))
                m_maxRel = std::max(m_maxRel, diff / std::fabs(vb));
        }
        if (changed)
            markChanged(index + e);
    }
    m_compared += count;
}

void ElementDiff::merge(const ElementDiff& later) {
    m_compared += later.m_compared;
    m_changed += later.m_changed;
    if (later.m_maxAbsElement && (!m_maxAbsElement || later.m_maxAbs > m_maxAbs)) {
        m_maxAbs = later.m_maxAbs;
        m_maxAbsElement = later.m_maxAbsElement;
    }
    m_maxRel = std::max(m_maxRel, later.m_maxRel);
    m_truncated = m_truncated || later.m_truncated;
    for (const auto& range : later.m_ranges) {
        if (!m_ranges.empty() && m_ranges.back().second == range.first) {
            m_ranges.back().second = range.second;
        } else if (m_ranges.size() < kMaxRanges) {
            m_ranges.push_back(range);
        } else {
            m_truncated = true;
            break;
        }
    }
}

bool ElementDiff::isChanged(std::uint64_t element) const {
    auto it = std::upper_bound(m_ranges.begin(), m_ranges.end(), element,
                               [](std::uint64_t e, const auto& r) { return e < r.first; });
    if (it == m_ranges.begin())
        return false;
    --it;
    return element < it->second;
}

std::optional<std::uint64_t> ElementDiff::next(std::uint64_t element) const {
    auto it = std::upper_bound(m_ranges.begin(), m_ranges.end(), element,
                               [](std::uint64_t e, const auto& r) { return e < r.first; });
    if (it != m_ranges.begin() && element + 1 < std::prev(it)->second)
        return element + 1; // inside a range that goes on
    if (it == m_ranges.end())
        return std::nullopt;
    return it->first;
}

std::optional<std::uint64_t> ElementDiff::previous(std::uint64_t element) const {
    auto it = std::lower_bound(m_ranges.begin(), m_ranges.end(), element,
                               [](const auto& r, std::uint64_t e) { return r.first < e; });
    // `it` is the first range starting at or after element; the one before starts before it.
    if (it == m_ranges.begin())
        return std::nullopt;
    --it;
    return std::min(element - 1, it->second - 1);
}

} // namespace clw::engine
