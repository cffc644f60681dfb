#include "clw/engine/inspect/NpyConversion.h"

#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/inspect/PackedColumns.h"

namespace clw::engine {

namespace {

// A shape as numpy prints it: "(3, 5)", "(15,)".
std::string tupleText(const std::vector<size_t>& shape) {
    std::string text;
    for (size_t extent : shape)
        text += (text.empty() ? "" : ", ") + std::to_string(extent);
    return "(" + text + (shape.size() == 1 ? ",)" : ")");
}

} // namespace

std::vector<size_t> NpyConversion::arrayShape(const ElementLayout& layout,
                                              const BufferShape& shape) {
    std::vector<size_t> axes;
    if (shape.dimensions == 3)
        axes.push_back(size_t(shape.depth));
    if (shape.dimensions >= 2) {
        axes.push_back(size_t(shape.height));
        axes.push_back(size_t(shape.width));
    } else {
        axes.push_back(size_t(shape.elementCount()));
    }
    if (layout.columnCount() > 1)
        axes.push_back(size_t(layout.columnCount()));
    return axes;
}

NpyType NpyConversion::arrayType(const ElementLayout& layout) {
    const std::optional<ScalarType> scalar = layout.commonScalar();
    const std::optional<NpyType> type = scalar ? npyTypeOf(*scalar) : std::nullopt;
    if (!type || layout.isHex())
        throw ImportError(layout.name() + " mixes scalar types: .npy holds one dtype; use CSV or "
                                          "raw, or a format of one type");
    return *type;
}

NpyArray NpyConversion::toArray(const ElementLayout& layout, const BufferShape& shape,
                                std::vector<unsigned char> packed) {
    NpyArray array;
    array.type = arrayType(layout);
    array.shape = arrayShape(layout, shape);
    array.data = std::move(packed);
    return array;
}

std::vector<unsigned char> NpyConversion::fromArray(const NpyArray& array,
                                                    const ElementLayout& layout,
                                                    std::uint64_t elements) {
    const NpyType wanted = arrayType(layout);
    const size_t columns = size_t(layout.columnCount());
    const std::string held =
        std::string(npyTypeName(array.type)) + " (" + npyShapeText(array.shape) + ")";
    const std::string shown = std::to_string(elements) + " elements of " + layout.name() +
                              (columns > 1 ? " (" + std::string(npyTypeName(wanted)) + " x " +
                                                 std::to_string(columns) + ")"
                                           : "");
    if (array.type != wanted)
        throw ImportError("the file holds " + held + "; the buffer shows " + shown +
                          ": pick a format of " + npyTypeName(array.type) + " or convert the file");
    if (array.count() != elements * columns)
        throw ImportError("the file holds " + held + " = " + std::to_string(array.count()) +
                          " values; the buffer shows " + shown + " = " +
                          std::to_string(elements * columns) + " values");
    if (columns > 1 && array.shape.size() > 1 && array.shape.back() != columns)
        throw ImportError("the file holds " + held + ": its last axis should be the element's " +
                          std::to_string(columns) + " columns");
    return array.data;
}

std::vector<unsigned char> NpyConversion::fromArray(const NpyArray& array,
                                                    const ElementLayout& layout,
                                                    const BufferShape& shape) {
    if (shape.dimensions >= 2) {
        const std::vector<size_t> axes = arrayShape(layout, shape);
        // A single-column element may come with or without its trailing axis of 1.
        std::vector<size_t> held = array.shape;
        if (layout.columnCount() == 1 && held.size() == axes.size() + 1 && held.back() == 1)
            held.pop_back();
        if (held != axes && array.type == arrayType(layout))
            throw ImportError("the file holds " + std::string(npyTypeName(array.type)) + " " +
                              tupleText(array.shape) + "; the buffer is " + tupleText(axes) +
                              " in numpy's order (rows first): reshape or transpose the array "
                              "in numpy, or view the buffer as 1-D, which takes any shape of " +
                              std::to_string(shape.elementCount()) + " elements");
    }
    return fromArray(array, layout, shape.elementCount());
}

std::string NpyConversion::reshapeNote(const NpyArray& array, const ElementLayout& layout,
                                       const BufferShape& shape) {
    if (shape.dimensions >= 2)
        return {};
    // The element's own axis (a float4's 4 columns, or a single column's 1) is not a shape.
    size_t axes = array.shape.size();
    const size_t columns = size_t(layout.columnCount());
    if (axes > 1 && array.shape.back() == columns)
        --axes;
    if (axes <= 1)
        return {};
    const std::string note = "the file holds " + std::string(npyTypeName(array.type)) + " " +
                             tupleText(array.shape) + "; the 1-D buffer takes its " +
                             std::to_string(shape.elementCount()) +
                             " elements row by row, as numpy's ravel() gives them";
    return axes <= 3 ? note + "; give the buffer " + std::to_string(axes) +
                           " dimensions to keep the array's shape"
                     : note;
}

} // namespace clw::engine
