#include "clw/engine/inspect/BufferShape.h"

#include "clw/engine/inspect/LayoutError.h"

#include <cstdint>

namespace clw::engine {

namespace {

// Sizes from a saved view or a person's text can be anything up to 2^64 - 1: a product or sum
// that wraps around would pass the checks below (found by tests/fuzz).
std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    if (a != 0 && b > UINT64_MAX / a)
        throw LayoutError("the shape is larger than any buffer (" + std::to_string(a) + " x " +
                          std::to_string(b) + ")");
    return a * b;
}

std::uint64_t plus(std::uint64_t a, std::uint64_t b) {
    if (b > UINT64_MAX - a)
        throw LayoutError("the shape is larger than any buffer");
    return a + b;
}

} // namespace

BufferShape BufferShape::resolved(std::uint64_t bufferSize, size_t elementSize) const {
    if (elementSize == 0)
        throw LayoutError("the element has no size");
    if (dimensions < 1 || dimensions > 3)
        throw LayoutError("a shape has 1, 2 or 3 dimensions");
    if (offset > bufferSize)
        throw LayoutError("the offset " + std::to_string(offset) + " is past the end of the " +
                          std::to_string(bufferSize) + "-byte buffer");
    BufferShape shape = *this;
    const std::uint64_t available = bufferSize - offset;
    const std::uint64_t rowBytes = times(shape.width, elementSize);
    if (dimensions == 1) {
        if (shape.width == 0)
            shape.width = available / elementSize;
        shape.height = shape.depth = 1;
    } else if (shape.width == 0) {
        throw LayoutError("a 2D or 3D shape needs a width");
    }
    if (shape.rowPitch == 0)
        shape.rowPitch = rowBytes;
    if (shape.rowPitch < rowBytes)
        throw LayoutError("the row pitch " + std::to_string(shape.rowPitch) +
                          " B is smaller than a row of " + std::to_string(shape.width) +
                          " elements (" + std::to_string(rowBytes) + " B)");
    if (dimensions == 2)
        shape.depth = 1;
    if (dimensions >= 2 && shape.height == 0) {
        if (dimensions == 3 && shape.slicePitch != 0)
            throw LayoutError("a 3D shape with a slice pitch needs a height");
        // As many whole rows as fit (in one slice for 3D, whose depth is then 1).
        shape.height = available >= rowBytes ? (available - rowBytes) / shape.rowPitch + 1 : 0;
    }
    if (shape.slicePitch == 0)
        shape.slicePitch = times(shape.rowPitch, shape.height);
    if (shape.height > 0 && shape.slicePitch < times(shape.rowPitch, shape.height))
        throw LayoutError("the slice pitch " + std::to_string(shape.slicePitch) +
                          " B is smaller than " + std::to_string(shape.height) + " rows");
    if (dimensions == 3 && shape.depth == 0) {
        const std::uint64_t sliceBytes =
            shape.height > 0 ? plus(times(shape.rowPitch, shape.height - 1), rowBytes) : 0;
        shape.depth = shape.height > 0 && shape.slicePitch > 0 && available >= sliceBytes
                          ? (available - sliceBytes) / shape.slicePitch + 1
                          : 0;
    }
    if (times(times(shape.width, shape.height), shape.depth) > 0) {
        // Where the last element ends: byteOffset(elementCount() - 1) + elementSize, checked.
        const std::uint64_t end =
            plus(plus(plus(shape.offset, times(shape.depth - 1, shape.slicePitch)),
                      times(shape.height - 1, shape.rowPitch)),
                 rowBytes);
        if (end > bufferSize)
            throw LayoutError("the shape needs " + std::to_string(end) + " bytes; the buffer has " +
                              std::to_string(bufferSize));
    }
    return shape;
}

bool BufferShape::isContiguous(size_t elementSize) const {
    return (height == 1 || rowPitch == width * elementSize) &&
           (depth == 1 || slicePitch == rowPitch * height);
}

std::string BufferShape::describe() const {
    if (dimensions == 1)
        return "1D, " + std::to_string(elementCount()) + " elements";
    std::string text =
        std::to_string(dimensions) + "D " + std::to_string(width) + " x " + std::to_string(height);
    if (dimensions == 3)
        text += " x " + std::to_string(depth);
    text += ", row pitch " + std::to_string(rowPitch) + " B";
    if (dimensions == 3)
        text += ", slice pitch " + std::to_string(slicePitch) + " B";
    return text;
}

} // namespace clw::engine
