#pragma once
// What a differential run found in one output buffer (OutputComparison.h): run A's contents
// against run B's, the reference, element by element under the buffer's tolerance.
#include "clw/engine/inspect/ElementDiff.h"
#include "clw/engine/inspect/Tolerance.h"
#include "clw/engine/inspect/UlpHistogram.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clw::engine {

// One element that differs beyond the tolerance.
struct DifferingElement {
    std::uint64_t index = 0;                  // flat, in the buffer's element order
    std::array<std::uint64_t, 3> coordinates; // (x, y, z) by the buffer's shape
    std::string a;                            // A's element as text: "1.5", "(1, 2, 3, 4)"
    std::string b;                            // the reference's
    double absoluteError = 0;                 // the largest of its scalars' (finite ones)
    // The largest of its floating-point scalars' distances; nullopt for an element of integers
    // or one with a NaN against a number.
    std::optional<std::uint64_t> ulps;
};

struct BufferComparison {
    enum class Status {
        Within,    // every element within the tolerance
        Differs,   // elements differ beyond it
        Missing,   // an output of one run only
        Mismatched // element type, shape or size differ: nothing compared
    };
    // The differing elements kept with their values.
    static constexpr size_t kFirstDifferences = 10;

    std::string name;
    Status status = Status::Within;
    std::string problem; // Missing, Mismatched: what is wrong, in plain words
    std::string elementType;
    std::vector<std::uint64_t> shape; // the session's: width[, height[, depth]]
    Tolerance tolerance;

    std::uint64_t compared = 0;
    std::uint64_t differing = 0;
    bool floating = false; // some scalar of the element is half, float or double
    // Over every element compared, not only those beyond the tolerance; infinite differences (an
    // infinity against a number) and relative ones against a zero reference are left out.
    double maxAbsolute = 0;
    std::optional<std::uint64_t> maxAbsoluteElement;
    double maxRelative = 0;
    std::optional<std::uint64_t> maxUlps; // of the floating-point scalars; nullopt: none compared
    // One count an element (its scalars' largest distance; a NaN against a number in any of them
    // counts apart); empty unless `floating`.
    UlpHistogram ulpHistogram;
    std::vector<DifferingElement> firstDifferences; // in element order, at most kFirstDifferences
    // Which elements differ, as ranges (ElementDiff::ranges, isChanged, next): the heat-map's and
    // the table's mask. Null unless elements were compared.
    std::shared_ptr<const ElementDiff> mismatches;

    bool differs() const { return status != Status::Within; }
    // "within", "differs", "missing", "mismatched".
    static const char* statusName(Status status);
};

} // namespace clw::engine
