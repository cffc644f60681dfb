#pragma once
// Element bytes to and from "packed columns": every element's scalars one after another without
// the layout's padding (a float3 element of 16 bytes packs to 12), which is how .npy and CSV files
// hold them and how imports arrive.
#include "clw/engine/inspect/ElementLayout.h"

#include <cstdint>
#include <span>

namespace clw::engine {

class PackedColumns {
public:
    // Bytes of one packed element: the sum of the column sizes.
    static size_t packedSize(const ElementLayout& layout);
    // `count` elements, `stride` bytes apart in `elements`, packed into `out`
    // (count * packedSize bytes).
    static void pack(const ElementLayout& layout, const unsigned char* elements, size_t count,
                     size_t stride, unsigned char* out);
    // The reverse: each column's bytes written into the elements; padding is left as it was.
    static void unpack(const ElementLayout& layout, const unsigned char* packed, size_t count,
                       unsigned char* elements, size_t stride);
};

} // namespace clw::engine
