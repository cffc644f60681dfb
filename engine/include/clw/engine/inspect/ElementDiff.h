#pragma once
// The differences between two buffers shown with one element type: which elements differ beyond a
// tolerance, how many, and the largest absolute and relative difference. Built run by run in
// element order and merged; changed elements are kept as ranges so that "next / previous
// difference" and highlighting are a binary search.
//
// A column differs when its bytes differ and, as numbers a (this) and b (the reference),
// |a - b| > absTolerance + relTolerance * |b| (NumPy's isclose), or exactly one is NaN. Two NaNs
// are equal whatever their payloads. With `ulps` set, the tolerances are units in the last place
// instead: floats differ when more than `ulps` ULPs apart (UlpDistance.h), integers when more than
// `ulps` apart. Integers with no tolerance at all differ when their bits do (a long past 2^53 is
// no exact double).
#include "clw/engine/inspect/ElementLayout.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace clw::engine {

struct DiffOptions {
    double absTolerance = 0;
    double relTolerance = 0;
    std::optional<std::uint64_t> ulps;
};

class ElementDiff {
public:
    // Ranges kept for highlighting; counts stay exact past it.
    static constexpr size_t kMaxRanges = 1 << 20;

    ElementDiff() = default;
    ElementDiff(ElementLayout layout, DiffOptions options);

    // Compares `count` elements starting at element `index`, `stride` bytes apart in both.
    void addRun(const unsigned char* a, const unsigned char* b, size_t count, size_t stride,
                std::uint64_t index);
    // Appends what `later` found (it covers elements after every one seen here).
    void merge(const ElementDiff& later);

    std::uint64_t compared() const { return m_compared; }
    std::uint64_t changed() const { return m_changed; }
    double maxAbsolute() const { return m_maxAbs; }
    double maxRelative() const { return m_maxRel; }
    // The element with the largest absolute difference; nullopt when none differs.
    std::optional<std::uint64_t> maxAbsoluteElement() const { return m_maxAbsElement; }
    // True when more ranges differed than were kept (highlighting covers the first ones).
    bool truncated() const { return m_truncated; }
    const std::vector<std::pair<std::uint64_t, std::uint64_t>>& ranges() const { return m_ranges; }

    bool isChanged(std::uint64_t element) const;
    // The first changed element after / the last before `element`; nullopt when there is none.
    std::optional<std::uint64_t> next(std::uint64_t element) const;
    std::optional<std::uint64_t> previous(std::uint64_t element) const;

private:
    void markChanged(std::uint64_t element);
    // Whether two scalars whose bits differ, neither a NaN, `diff` apart, differ beyond the
    // options.
    bool beyondTolerance(ScalarType scalar, const unsigned char* a, const unsigned char* b,
                         double diff, double reference) const;

    ElementLayout m_layout;
    DiffOptions m_options;
    std::uint64_t m_compared = 0;
    std::uint64_t m_changed = 0;
    double m_maxAbs = 0;
    double m_maxRel = 0;
    std::optional<std::uint64_t> m_maxAbsElement;
    bool m_truncated = false;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> m_ranges; // [begin, end), sorted
};

} // namespace clw::engine
