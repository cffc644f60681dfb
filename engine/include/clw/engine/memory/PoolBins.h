#pragma once
// The memory pool's size bins (PyOpenCL's scheme): a size's bin is its bit length and the
// `leadingBits` bits after its leading one. Every size in a bin is served by the bin's largest
// size, so a block is interchangeable within its bin and padding is at most 2^-leadingBits of the
// request (6.25 % for the default 4).
#include <cstddef>
#include <cstdint>

namespace clw::engine {

class PoolBins {
public:
    explicit PoolBins(unsigned leadingBits = 4);

    unsigned leadingBits() const noexcept { return m_leadingBits; }
    // The bin of a request of `size` bytes (size > 0).
    std::uint32_t binOf(size_t size) const noexcept;
    // The bytes a block of `bin` has: the largest size whose bin is `bin`.
    size_t allocationSize(std::uint32_t bin) const noexcept;
    // allocationSize(binOf(size)).
    size_t roundUp(size_t size) const noexcept { return allocationSize(binOf(size)); }

private:
    unsigned m_leadingBits;
    size_t m_mantissaMask;
};

} // namespace clw::engine
