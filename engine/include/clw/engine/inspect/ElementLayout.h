#pragma once
// How one element of a buffer is laid out: a flat list of scalar columns at byte offsets, and the
// element's size (its stride in the buffer, padding included). A float4 is four columns, a
// struct { float3 pos; uint id; } is four columns (pos.x, pos.y, pos.z, id) in 32 bytes, laid
// out with OpenCL C's rules: a 3-vector takes the size and alignment of a 4-vector, a struct
// aligns to its most aligned member and pads its size to that alignment.
#include "clw/engine/launch/KernelSignature.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

struct ElementColumn {
    std::string name; // "value", "x", "pos.y", "a[2]", "inner.s3"
    ScalarType scalar = ScalarType::Float;
    size_t offset = 0; // bytes from the start of the element

    size_t size() const { return scalarSize(scalar); }
    friend bool operator==(const ElementColumn&, const ElementColumn&) = default;
};

class ElementLayout {
public:
    // The most columns an element may have: a table of more is no longer readable, and an
    // element type such as "float a[100000000]" typed into the inspector must not take the
    // workbench's memory. A buffer of big arrays is viewed as their element type.
    static constexpr size_t kMaxColumns = 65536;

    ElementLayout() = default; // invalid: no columns
    ElementLayout(std::string name, std::vector<ElementColumn> columns, size_t size,
                  size_t alignment);

    // One scalar or an OpenCL vector of it (width 2, 3, 4, 8 or 16). Throws LayoutError for
    // another width or a scalar without a fixed size (size_t, void, struct).
    static ElementLayout scalar(ScalarType type, int width = 1);
    // The hex view: `bytesPerRow` uchar columns, shown in hexadecimal.
    static ElementLayout hex(size_t bytesPerRow = 16);
    // Parses an element type as written in OpenCL C: "float", "uint4", "unsigned short", "half8",
    // "struct { float3 pos; uint id; }", a series of declarations whose last one is used
    // ("struct In { float a; }; typedef struct { struct In i; int n[2]; } Out;"), with
    // __attribute__((packed)) and __attribute__((aligned(N))); or "hex" / "hex 32". Throws
    // LayoutError with the column of the problem, also for more than kMaxColumns columns.
    static ElementLayout parse(std::string_view text);

    bool isValid() const { return m_size > 0 && !m_columns.empty(); }
    bool isHex() const { return m_hex; }
    // "float4", "struct Particle", "struct { ... }", "hex 16".
    const std::string& name() const { return m_name; }
    const std::vector<ElementColumn>& columns() const { return m_columns; }
    int columnCount() const { return int(m_columns.size()); }
    // Bytes per element: the stride from one element to the next.
    size_t size() const { return m_size; }
    size_t alignment() const { return m_alignment; }
    // The scalar all columns share, or nullopt for a struct of mixed types.
    std::optional<ScalarType> commonScalar() const;
    // True when the columns tile the element with no padding and no overlap (a .npy of the
    // columns has the same bytes as the buffer).
    bool isPacked() const;

    friend bool operator==(const ElementLayout&, const ElementLayout&) = default;

private:
    std::string m_name;
    std::vector<ElementColumn> m_columns;
    size_t m_size = 0;
    size_t m_alignment = 0;
    bool m_hex = false;
};

// The component names OpenCL C gives a vector of `width`: x y z w up to 4, s0..s9 sa..sf above.
std::string vectorComponentName(int index, int width);

} // namespace clw::engine
