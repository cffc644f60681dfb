#pragma once
// What the inspector shows a buffer as: an element type (as the person wrote it), a shape, and
// whether integers show in hex. Saved per buffer as a small versioned text.
#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementLayout.h"

#include <optional>
#include <string>

namespace clw::engine {

struct ElementFormat {
    static constexpr int kVersion = 1;

    std::string type = "float"; // parsed by ElementLayout::parse
    BufferShape shape;
    bool hexIntegers = false;

    // Throws LayoutError.
    ElementLayout layout() const { return ElementLayout::parse(type); }

    // "clw-format 1 <dims> <width> ... <hex>\n<type>".
    std::string serialize() const;
    // nullopt for text of another version or a damaged one: the caller falls back to its default
    // and says so.
    static std::optional<ElementFormat> deserialize(const std::string& text);

    friend bool operator==(const ElementFormat&, const ElementFormat&) = default;
};

} // namespace clw::engine
