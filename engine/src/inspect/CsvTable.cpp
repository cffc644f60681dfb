#include "clw/engine/inspect/CsvTable.h"

#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/inspect/PackedColumns.h"
#include "clw/engine/inspect/ScalarValue.h"

namespace clw::engine {

namespace {

std::vector<std::string_view> splitFields(std::string_view line) {
    std::vector<std::string_view> fields;
    size_t start = 0;
    for (size_t i = 0; i <= line.size(); ++i) {
        if (i == line.size() || line[i] == ',' || line[i] == ';' || line[i] == '\t') {
            fields.push_back(line.substr(start, i - start));
            start = i + 1;
        }
    }
    return fields;
}

// A first line is a header when its first field cannot start a value (a name, not a number, nan,
// inf or bool): a typo in the first data line is still reported as one.
bool isHeader(std::string_view line) {
    std::string_view field = splitFields(line).front();
    while (!field.empty() && (field.front() == ' ' || field.front() == '"'))
        field.remove_prefix(1);
    if (field.empty())
        return false;
    const char c = field.front();
    if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.')
        return false;
    for (std::string_view word : {"nan", "inf", "true", "false"})
        if (field.starts_with(word))
            return false;
    return true;
}

// The header that header() writes for `layout`: a hex view's column names ("+00", "+01") look
// like numbers to isHeader.
bool isHeaderOf(std::string_view line, const ElementLayout& layout) {
    const std::vector<std::string_view> fields = splitFields(line);
    if (fields.size() != layout.columns().size())
        return false;
    for (size_t c = 0; c < fields.size(); ++c) {
        std::string_view field = fields[c];
        while (!field.empty() && (field.front() == ' ' || field.front() == '"'))
            field.remove_prefix(1);
        while (!field.empty() && (field.back() == ' ' || field.back() == '"'))
            field.remove_suffix(1);
        if (field != layout.columns()[c].name)
            return false;
    }
    return true;
}

} // namespace

std::string CsvTable::header(const ElementLayout& layout) {
    std::string text;
    for (const ElementColumn& column : layout.columns()) {
        if (!text.empty())
            text += ',';
        text += column.name;
    }
    return text + '\n';
}

void CsvTable::appendRows(const ElementLayout& layout, const unsigned char* elements, size_t count,
                          size_t stride, std::string& out) {
    for (size_t e = 0; e < count; ++e) {
        const unsigned char* element = elements + e * stride;
        bool first = true;
        for (const ElementColumn& column : layout.columns()) {
            if (!first)
                out += ',';
            first = false;
            out += formatScalar(column.scalar, element + column.offset);
        }
        out += '\n';
    }
}

std::vector<unsigned char> CsvTable::parse(std::string_view text, const ElementLayout& layout,
                                           std::uint64_t expectedElements) {
    const size_t packed = PackedColumns::packedSize(layout);
    const size_t columns = layout.columns().size();
    std::vector<unsigned char> out;
    if (expectedElements)
        out.reserve(size_t(expectedElements) * packed);
    std::uint64_t lineNumber = 0;
    std::uint64_t rows = 0;
    bool pendingBlank = false; // blank lines are allowed only at the end
    std::uint64_t blankLine = 0;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) {
            if (!pendingBlank)
                blankLine = lineNumber;
            pendingBlank = true;
            continue;
        }
        if (pendingBlank)
            throw ImportError("line " + std::to_string(blankLine) + " is blank");
        if (lineNumber == 1 && (isHeader(line) || isHeaderOf(line, layout)))
            continue;
        const std::vector<std::string_view> fields = splitFields(line);
        const std::string where = "line " + std::to_string(lineNumber);
        if (fields.size() != columns)
            throw ImportError(where + ": " + std::to_string(fields.size()) +
                              " values; the element (" + layout.name() + ") has " +
                              std::to_string(columns) + " columns");
        const size_t at = out.size();
        out.resize(at + packed);
        unsigned char* cursor = out.data() + at;
        for (size_t c = 0; c < columns; ++c) {
            const ElementColumn& column = layout.columns()[c];
            const std::string problem = parseScalar(column.scalar, fields[c], cursor);
            if (!problem.empty())
                throw ImportError(where + ", column " + std::to_string(c + 1) + " (" + column.name +
                                  "): " + problem);
            cursor += column.size();
        }
        ++rows;
    }
    if (expectedElements && rows != expectedElements)
        throw ImportError("the file has " + std::to_string(rows) + " rows; the buffer shows " +
                          std::to_string(expectedElements) + " elements");
    return out;
}

} // namespace clw::engine
