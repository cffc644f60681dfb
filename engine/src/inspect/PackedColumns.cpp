#include "clw/engine/inspect/PackedColumns.h"

#include <cstring>

namespace clw::engine {

size_t PackedColumns::packedSize(const ElementLayout& layout) {
    size_t size = 0;
    for (const ElementColumn& column : layout.columns())
        size += column.size();
    return size;
}

void PackedColumns::pack(const ElementLayout& layout, const unsigned char* elements, size_t count,
                         size_t stride, unsigned char* out) {
    if (count == 0)
        return; // no elements: the pointers may be null, which memcpy may not be given
    if (layout.isPacked() && stride == layout.size()) {
        std::memcpy(out, elements, count * stride);
        return;
    }
    for (size_t e = 0; e < count; ++e)
        for (const ElementColumn& column : layout.columns()) {
            std::memcpy(out, elements + e * stride + column.offset, column.size());
            out += column.size();
        }
}

void PackedColumns::unpack(const ElementLayout& layout, const unsigned char* packed, size_t count,
                           unsigned char* elements, size_t stride) {
    if (count == 0)
        return;
    if (layout.isPacked() && stride == layout.size()) {
        std::memcpy(elements, packed, count * stride);
        return;
    }
    for (size_t e = 0; e < count; ++e)
        for (const ElementColumn& column : layout.columns()) {
            std::memcpy(elements + e * stride + column.offset, packed, column.size());
            packed += column.size();
        }
}

} // namespace clw::engine
