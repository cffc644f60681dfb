#include "clw/engine/session/BufferTypeCheck.h"

#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/inspect/LayoutError.h"

namespace clw::engine {

std::string bufferElementMismatch(const KernelArgSignature& parameter,
                                  const std::string& elementType) {
    const ArgType& type = parameter.type;
    if (type.kind != ArgKind::Pointer || scalarSize(type.element) == 0)
        return {};
    std::string wanted = scalarTypeName(type.element);
    if (type.vectorWidth > 1)
        wanted += std::to_string(type.vectorWidth);
    ElementLayout layout;
    try {
        layout = ElementLayout::parse(elementType);
    } catch (const LayoutError& error) {
        return "holds '" + elementType + "', which does not parse (" + error.what() +
               "), the kernel reads " + wanted;
    }
    const std::optional<ScalarType> common = layout.commonScalar();
    if (!layout.isHex() && common && *common == type.element &&
        layout.columnCount() == type.vectorWidth)
        return {};
    return "holds " + layout.name() + ", the kernel reads " + wanted;
}

} // namespace clw::engine
