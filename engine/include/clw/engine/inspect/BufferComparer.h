#pragma once
// The element-by-element part of a differential run (OutputComparison.h): two arrays of one
// buffer, known to hold the same element type and count, compared under a tolerance.
#include "clw/engine/inspect/BufferComparison.h"
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/session/NpyArray.h"

#include <cstdint>

namespace clw::engine {

class BufferComparer {
public:
    // The elements of an array: `count` of `layout` (its columns' offsets), `stride` bytes apart.
    struct View {
        ElementLayout layout;
        size_t stride = 0;
        std::uint64_t count = 0;
        const unsigned char* data = nullptr;
    };

    // `count` elements of the buffer's `layout` in `array`: packed columns (a scalar or vector
    // type's dtype) or whole elements (a struct's uint8 rows). nullopt when the array holds
    // another number of bytes.
    static std::optional<View> view(const ElementLayout& layout, std::uint64_t count,
                                    const NpyArray& array);

    // Fills `result`'s counts, maxima, histogram, first differences and mask from `a` and `b`
    // (the reference), which share layout and count; `result.shape` gives the coordinates.
    static void compare(const View& a, const View& b, BufferComparison& result);

    // An element as text: "1.5", "(1, 2, 3, 4)" for a vector, "{pos.x=1, id=3}" for a struct.
    static std::string elementText(const ElementLayout& layout, const unsigned char* element);
};

} // namespace clw::engine
