#pragma once
// Elements as CSV: a header of column names, then one line per element with one field per column,
// each printed so that it reads back to the same bits. Parsing accepts ',' ';' or tab between
// fields, an optional header line, blank lines at the end, and CRLF; it checks every line before
// returning anything.
#include "clw/engine/inspect/ElementLayout.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

class CsvTable {
public:
    // "pos.x,pos.y,pos.z,id\n".
    static std::string header(const ElementLayout& layout);
    // Appends `count` elements (`stride` bytes apart) as lines.
    static void appendRows(const ElementLayout& layout, const unsigned char* elements, size_t count,
                           size_t stride, std::string& out);
    // The packed columns of every line (PackedColumns.h). Throws ImportError naming the line and
    // field: a field that does not parse, a line with the wrong number of fields, or a line count
    // other than `expectedElements` (when it is not 0).
    static std::vector<unsigned char> parse(std::string_view text, const ElementLayout& layout,
                                            std::uint64_t expectedElements);
};

} // namespace clw::engine
