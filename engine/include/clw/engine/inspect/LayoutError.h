#pragma once
// What parsing an element type throws (ElementLayout::parse): what is wrong and where, e.g.
// "column 12: unknown type 'flaot3'". A std::runtime_error: no OpenCL call is involved.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace clw::engine {

class LayoutError : public std::runtime_error {
public:
    LayoutError(const std::string& what, std::size_t column = 0)
        : std::runtime_error(column ? "column " + std::to_string(column) + ": " + what : what)
        , m_column(column) {}
    // 1-based column in the declaration; 0 when the error has no place.
    std::size_t column() const noexcept { return m_column; }

private:
    std::size_t m_column = 0;
};

} // namespace clw::engine
