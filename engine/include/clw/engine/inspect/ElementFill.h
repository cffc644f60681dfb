#pragma once
// What "fill" writes into a range of elements: zeros, a constant, an index ramp or seeded random
// values, for every column of the element type (padding bytes are zero). Random values are a pure
// function of (seed, element, column), so a fill done in chunks on any number of threads gives
// the same bytes.
#include "clw/engine/inspect/ElementLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clw::engine {

struct FillSpec {
    enum class Kind { Zeros, Constant, Ramp, Random };
    Kind kind = Kind::Zeros;
    // Constant: one value for every column, or one per column separated by commas ("1, 2, 3, 0").
    std::string constant = "0";
    // Ramp: element i gets start + step * i in every column.
    double start = 0;
    double step = 1;
    // Random: uniform in [low, high) for floats, [low, high] for integers.
    std::uint64_t seed = 1;
    double low = 0;
    double high = 1;
    friend bool operator==(const FillSpec&, const FillSpec&) = default;
};

class ElementFill {
public:
    // Throws ImportError when the constant does not parse for a column or the random range is
    // empty.
    ElementFill(const ElementLayout& layout, const FillSpec& spec);

    // True when every element gets the same bytes (zeros, a constant): pattern() is then them.
    bool isUniform() const { return m_uniform; }
    const std::vector<unsigned char>& pattern() const { return m_pattern; }
    // Writes elements [first, first + count), `stride` bytes apart, into `out`.
    void generate(std::uint64_t first, size_t count, unsigned char* out, size_t stride) const;

private:
    ElementLayout m_layout;
    FillSpec m_spec;
    bool m_uniform = false;
    std::vector<unsigned char> m_pattern; // one element, for uniform fills
};

} // namespace clw::engine
