#pragma once
#include <array>
#include <cstddef>

namespace clw::engine {

// A 1, 2 or 3 dimensional size; dimensions() == 0 means "not given" (a null local size).
class NDRange {
public:
    NDRange() = default;
    NDRange(size_t x)
        : m_dims(1)
        , m_sizes{x, 1, 1} {}
    NDRange(size_t x, size_t y)
        : m_dims(2)
        , m_sizes{x, y, 1} {}
    NDRange(size_t x, size_t y, size_t z)
        : m_dims(3)
        , m_sizes{x, y, z} {}

    unsigned dimensions() const noexcept { return m_dims; }
    const size_t* data() const noexcept { return m_dims ? m_sizes.data() : nullptr; }
    size_t operator[](size_t i) const noexcept { return m_sizes[i]; }
    size_t total() const noexcept { return m_sizes[0] * m_sizes[1] * m_sizes[2]; }

private:
    unsigned m_dims = 0;
    std::array<size_t, 3> m_sizes{1, 1, 1};
};

} // namespace clw::engine
