#include "clw/engine/inspect/ElementFormat.h"

#include <sstream>

namespace clw::engine {

std::string ElementFormat::serialize() const {
    std::ostringstream out;
    out << "clw-format " << kVersion << ' ' << shape.dimensions << ' ' << shape.width << ' '
        << shape.height << ' ' << shape.depth << ' ' << shape.rowPitch << ' ' << shape.slicePitch
        << ' ' << shape.offset << ' ' << (hexIntegers ? 1 : 0) << '\n'
        << type;
    return out.str();
}

std::optional<ElementFormat> ElementFormat::deserialize(const std::string& text) {
    const size_t newline = text.find('\n');
    if (newline == std::string::npos)
        return std::nullopt;
    std::istringstream in(text.substr(0, newline));
    std::string magic;
    int version = 0;
    int hex = 0;
    ElementFormat format;
    BufferShape& s = format.shape;
    if (!(in >> magic >> version) || magic != "clw-format" || version != kVersion)
        return std::nullopt;
    if (!(in >> s.dimensions >> s.width >> s.height >> s.depth >> s.rowPitch >> s.slicePitch >>
          s.offset >> hex))
        return std::nullopt;
    if (s.dimensions < 1 || s.dimensions > 3)
        return std::nullopt;
    format.hexIntegers = hex != 0;
    format.type = text.substr(newline + 1);
    if (format.type.empty())
        return std::nullopt;
    return format;
}

} // namespace clw::engine
