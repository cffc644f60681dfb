#pragma once
// Where the elements of a buffer lie: from a byte offset, 1D (a count), 2D (width elements a row,
// rows `rowPitch` bytes apart) or 3D (slices `slicePitch` bytes apart). Element i of a 2D shape is
// (x, y) = (i % width, i / width): the inspector lists elements in that order and skips the
// padding between rows.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace clw::engine {

struct BufferShape {
    int dimensions = 1;
    // 0 means "as many as fit": a 1D shape of width 0 holds every whole element after the
    // offset, a 2D shape of height 0 every whole row, a 3D shape of depth 0 every whole slice.
    std::uint64_t width = 0; // elements a row
    std::uint64_t height = 0;
    std::uint64_t depth = 0;
    std::uint64_t rowPitch = 0;   // bytes from one row to the next; 0: width * element size
    std::uint64_t slicePitch = 0; // bytes from one slice to the next; 0: height * row pitch
    std::uint64_t offset = 0;     // byte offset of the first element

    // Every zero field worked out against a buffer of `bufferSize` bytes and elements of
    // `elementSize` bytes. Throws LayoutError saying what does not fit: a pitch smaller than a
    // row, a shape that runs past the end of the buffer, an offset past it.
    BufferShape resolved(std::uint64_t bufferSize, size_t elementSize) const;

    // Only on a resolved shape:
    std::uint64_t elementCount() const { return width * height * depth; }
    std::uint64_t byteOffset(std::uint64_t index, size_t elementSize) const {
        const std::uint64_t x = index % width;
        const std::uint64_t rest = index / width;
        return offset + (rest / height) * slicePitch + (rest % height) * rowPitch + x * elementSize;
    }
    std::array<std::uint64_t, 3> coordinates(std::uint64_t index) const {
        return {index % width, (index / width) % height, index / width / height};
    }
    // True when element i + 1 follows element i directly for every i (no pitch padding).
    bool isContiguous(size_t elementSize) const;
    // "1D, 1024 elements", "2D 640 x 480, row pitch 2560 B".
    std::string describe() const;

    friend bool operator==(const BufferShape&, const BufferShape&) = default;
};

} // namespace clw::engine
