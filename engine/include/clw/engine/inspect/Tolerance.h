#pragma once
// How far an output element may be from the reference's and still count as the same, for a
// differential run (OutputComparison.h). Written as text: `exact`, `4ulp`, `rel=1e-6`, `abs=1e-3`.
//
// With `a` the value under test and `b` the reference's, a scalar is within the tolerance when
//   exact:   a == b as numbers (so -0.0 equals 0.0; integers: equal bits),
//   N ulp:   floats at most N ULPs apart (UlpDistance.h); integers at most N apart,
//   rel=X:   |a - b| <= X * |b|,
//   abs=X:   |a - b| <= X;
// under every tolerance two NaNs are equal and a NaN against a number differs. An element is
// within when every scalar of it is.
#include "clw/engine/inspect/ElementDiff.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace clw::engine {

struct Tolerance {
    enum class Kind { Exact, Ulps, Relative, Absolute };

    Kind kind = Kind::Exact;
    std::uint64_t ulps = 0; // Kind::Ulps
    double value = 0;       // Kind::Relative, Kind::Absolute: finite, not negative

    static Tolerance exact() { return {}; }
    static Tolerance ofUlps(std::uint64_t ulps) { return {Kind::Ulps, ulps, 0}; }
    static Tolerance relative(double value) { return {Kind::Relative, 0, value}; }
    static Tolerance absolute(double value) { return {Kind::Absolute, 0, value}; }

    // Reads "exact", "4ulp" (also "4ulps", "4 ulp"), "rel=1e-6", "abs=1e-3"; spaces around the
    // parts and case are ignored. Throws ToleranceError saying what would work.
    static Tolerance parse(std::string_view text);
    // True when `text` reads as a tolerance (parse would not throw).
    static bool isTolerance(std::string_view text);
    // The text parse reads back: "exact", "4ulp", "rel=1e-06", "abs=0.001".
    std::string text() const;
    // The same rule as ElementDiff applies it.
    DiffOptions diffOptions() const;

    friend bool operator==(const Tolerance&, const Tolerance&) = default;
};

} // namespace clw::engine
