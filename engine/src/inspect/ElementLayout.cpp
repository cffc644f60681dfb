#include "clw/engine/inspect/ElementLayout.h"

#include "clw/engine/inspect/LayoutError.h"

#include "StructLayoutParser.h"

#include <map>
#include <mutex>

namespace clw::engine {

namespace {

// What is kept of parse(): a few types, each of a few columns. A session names a handful, and
// each run parses each buffer's twice, in process and in a device host alike (about 4k
// instructions for "int", on the way of every launch). A wide struct parses each time, rather
// than keeping megabytes of columns.
constexpr size_t kKeptTypes = 64;
constexpr size_t kKeptColumns = 64;

struct ParsedTypes {
    std::mutex mutex;
    std::map<std::string, ElementLayout, std::less<>> layouts;
};

ParsedTypes& parsedTypes() {
    static ParsedTypes parsed;
    return parsed;
}

} // namespace

ElementLayout::ElementLayout(std::string name, std::vector<ElementColumn> columns, size_t size,
                             size_t alignment)
    : m_name(std::move(name))
    , m_columns(std::move(columns))
    , m_size(size)
    , m_alignment(alignment) {}

std::string vectorComponentName(int index, int width) {
    static const char* const kXyzw[] = {"x", "y", "z", "w"};
    if (width <= 4)
        return kXyzw[index];
    static const char kDigits[] = "0123456789abcdef";
    return std::string("s") + kDigits[index & 15];
}

ElementLayout ElementLayout::scalar(ScalarType type, int width) {
    const size_t size = scalarSize(type);
    if (size == 0)
        throw LayoutError(std::string("'") + scalarTypeName(type) +
                          "' has no fixed size in a buffer; use a sized type (uint, ulong)");
    if (width != 1 && width != 2 && width != 3 && width != 4 && width != 8 && width != 16)
        throw LayoutError("vectors have 2, 3, 4, 8 or 16 components, not " + std::to_string(width));
    std::string name = scalarTypeName(type);
    std::vector<ElementColumn> columns;
    if (width == 1) {
        columns.push_back({"value", type, 0});
    } else {
        name += std::to_string(width);
        for (int i = 0; i < width; ++i)
            columns.push_back({vectorComponentName(i, width), type, size_t(i) * size});
    }
    // OpenCL C: a 3-vector is as large and as aligned as a 4-vector.
    const size_t total = size * size_t(width == 3 ? 4 : width);
    return ElementLayout(std::move(name), std::move(columns), total, total);
}

ElementLayout ElementLayout::hex(size_t bytesPerRow) {
    if (bytesPerRow == 0 || bytesPerRow > 64)
        throw LayoutError("a hex row holds 1 to 64 bytes");
    std::vector<ElementColumn> columns;
    static const char kDigits[] = "0123456789ABCDEF";
    for (size_t i = 0; i < bytesPerRow; ++i)
        columns.push_back(
            {std::string{'+', kDigits[(i >> 4) & 15], kDigits[i & 15]}, ScalarType::UChar, i});
    ElementLayout layout("hex " + std::to_string(bytesPerRow), std::move(columns), bytesPerRow, 1);
    layout.m_hex = true;
    return layout;
}

ElementLayout ElementLayout::parse(std::string_view text) {
    ParsedTypes& parsed = parsedTypes();
    {
        const std::lock_guard lock(parsed.mutex);
        if (const auto found = parsed.layouts.find(text); found != parsed.layouts.end())
            return found->second;
    }
    ElementLayout layout = StructLayoutParser(text).parse(); // a LayoutError is not kept
    if (layout.m_columns.size() <= kKeptColumns) {
        const std::lock_guard lock(parsed.mutex);
        if (parsed.layouts.size() >= kKeptTypes)
            parsed.layouts.clear();
        parsed.layouts.emplace(std::string(text), layout);
    }
    return layout;
}

std::optional<ScalarType> ElementLayout::commonScalar() const {
    if (m_columns.empty())
        return std::nullopt;
    for (const ElementColumn& column : m_columns)
        if (column.scalar != m_columns.front().scalar)
            return std::nullopt;
    return m_columns.front().scalar;
}

bool ElementLayout::isPacked() const {
    size_t next = 0;
    for (const ElementColumn& column : m_columns) {
        if (column.offset != next)
            return false;
        next += column.size();
    }
    return next == m_size;
}

} // namespace clw::engine
