// The element type parser (the inspector's type box, a session buffer's "type"). A layout that
// parses must be one the inspector can lay over bytes: columns inside the element, a size that
// is a multiple of the alignment, an alignment that is a power of two.
#include "FuzzCheck.h"

#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/inspect/LayoutError.h"
#include "clw/engine/inspect/PackedColumns.h"

#include <cstdint>
#include <string>
#include <string_view>

using clw::engine::ElementLayout;
using clw::engine::LayoutError;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ElementLayout layout;
    try {
        layout = ElementLayout::parse(text);
    } catch (const LayoutError& error) {
        clw::fuzz::require(error.column() <= text.size() + 1,
                           "an error's column lies past the text: " + std::string(error.what()));
        return 0;
    }
    const std::string what = "layout of '" + std::string(text) + "': ";
    clw::fuzz::require(layout.isValid(), what + "parsed but is not valid");
    clw::fuzz::require(layout.alignment() > 0 &&
                           (layout.alignment() & (layout.alignment() - 1)) == 0,
                       what + "alignment " + std::to_string(layout.alignment()));
    clw::fuzz::require(layout.size() % layout.alignment() == 0,
                       what + "size " + std::to_string(layout.size()) + " not a multiple of " +
                           std::to_string(layout.alignment()));
    size_t packed = 0;
    for (const auto& column : layout.columns()) {
        clw::fuzz::require(column.offset + column.size() <= layout.size(),
                           what + "column " + column.name + " ends past the element");
        clw::fuzz::require(!column.name.empty(), what + "a column without a name");
        packed += column.size();
    }
    clw::fuzz::require(clw::engine::PackedColumns::packedSize(layout) == packed,
                       what + "packed size differs from the columns' sizes");
    clw::fuzz::require(!layout.isPacked() || packed == layout.size(),
                       what + "packed, but its columns do not fill it");
    return 0;
}
