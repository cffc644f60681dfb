// Every text the inspector imports: CSV files, a fill's constant, a value typed into a cell, and
// the saved view of a buffer (ElementFormat). The first byte picks the element type, the second
// what the rest of the input is. What reads must print back to the same bits: a CSV that parses
// is written and parsed again to the same bytes, a typed value formats and reads back to its
// bytes, a saved view reads back equal and its shape stays inside the buffer.
#include "FuzzCheck.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/CsvTable.h"
#include "clw/engine/inspect/ElementFill.h"
#include "clw/engine/inspect/ElementFormat.h"
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/inspect/LayoutError.h"
#include "clw/engine/inspect/PackedColumns.h"
#include "clw/engine/inspect/ScalarValue.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

using namespace clw::engine;

namespace {

const std::array<const char*, 12> kTypes = {
    "float", "uint4",  "struct { float3 pos; uint id; }",
    "half2", "double", "char3",
    "ulong", "bool",   "struct __attribute__((packed)) { uchar a; short b; }",
    "hex 8", "long2",  "ushort16",
};

std::string hexOf(const std::vector<unsigned char>& bytes) {
    std::string text;
    for (const unsigned char byte : bytes) {
        static const char digits[] = "0123456789abcdef";
        text += digits[byte >> 4];
        text += digits[byte & 15];
    }
    return text;
}

void checkCsv(const ElementLayout& layout, std::string_view text, std::uint64_t expected) {
    std::vector<unsigned char> packed;
    try {
        packed = CsvTable::parse(text, layout, expected);
    } catch (const ImportError&) {
        return;
    }
    const size_t packedSize = PackedColumns::packedSize(layout);
    clw::fuzz::require(packed.size() % packedSize == 0, "CSV gave part of an element");
    const size_t count = packed.size() / packedSize;
    clw::fuzz::require(expected == 0 || count == expected, "CSV gave another element count");
    std::vector<unsigned char> elements(count * layout.size());
    PackedColumns::unpack(layout, packed.data(), count, elements.data(), layout.size());
    std::string written = CsvTable::header(layout);
    CsvTable::appendRows(layout, elements.data(), count, layout.size(), written);
    std::vector<unsigned char> again;
    try {
        again = CsvTable::parse(written, layout, count);
    } catch (const ImportError& error) {
        clw::fuzz::fail(std::string("written CSV does not read back: ") + error.what() + "\n" +
                        written);
    }
    clw::fuzz::require(again == packed, "CSV read back to other bytes: " + hexOf(packed) +
                                            " became " + hexOf(again) + "\n" + written);
}

void checkScalar(ScalarType type, std::string_view text) {
    std::array<unsigned char, 8> bytes{};
    if (!parseScalar(type, text, bytes.data()).empty())
        return;
    for (const bool hex : {false, true}) {
        const std::string printed = formatScalar(type, bytes.data(), hex);
        std::array<unsigned char, 8> again{};
        const std::string error = parseScalar(type, printed, again.data());
        clw::fuzz::require(error.empty(), "'" + printed + "' does not read back: " + error);
        clw::fuzz::require(again == bytes, "'" + std::string(text) + "' printed as '" + printed +
                                               "' reads back to other bits");
    }
}

// A shape that resolves against a buffer stays inside it, to its last element.
void checkShape(const BufferShape& shape, const ElementLayout& layout) {
    constexpr std::uint64_t kBufferBytes = 1 << 20;
    BufferShape resolved;
    try {
        resolved = shape.resolved(kBufferBytes, layout.size());
    } catch (const LayoutError&) {
        return;
    }
    const std::uint64_t count = resolved.elementCount();
    if (count == 0)
        return;
    clw::fuzz::require(count <= kBufferBytes / layout.size(),
                       "a resolved shape holds more elements than fit");
    clw::fuzz::require(resolved.byteOffset(count - 1, layout.size()) + layout.size() <=
                           kBufferBytes,
                       "a resolved shape's last element lies past the buffer");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2)
        return 0;
    const ElementLayout layout = ElementLayout::parse(kTypes[data[0] % kTypes.size()]);
    const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
    switch (data[1] % 5) {
    case 0:
        checkCsv(layout, text, 0);
        break;
    case 1:
        checkCsv(layout, text, data[1] / 5 % 4);
        break;
    case 2:
        try {
            FillSpec spec;
            spec.kind = FillSpec::Kind::Constant;
            spec.constant = std::string(text);
            ElementFill fill(layout, spec);
            std::vector<unsigned char> out(layout.size() * 2);
            fill.generate(0, 2, out.data(), layout.size());
        } catch (const ImportError&) {
        }
        break;
    case 3: {
        std::vector<ScalarType> checked;
        for (const ElementColumn& column : layout.columns())
            if (std::find(checked.begin(), checked.end(), column.scalar) == checked.end()) {
                checked.push_back(column.scalar);
                checkScalar(column.scalar, text);
            }
        break;
    }
    case 4:
        if (const auto format = ElementFormat::deserialize(std::string(text))) {
            clw::fuzz::require(ElementFormat::deserialize(format->serialize()) == format,
                               "a saved view does not read back: " + format->serialize());
            checkShape(format->shape, layout);
        }
        break;
    }
    return 0;
}
