// SessionResources::initialContents: a buffer's first bytes from its fill rule or its data file.
#include "clw/engine/session/SessionResources.h"

#include "SessionMemoryTypes.h"

#include "clw/engine/inspect/ElementFill.h"
#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/inspect/NpyConversion.h"
#include "clw/engine/inspect/PackedColumns.h"
#include "clw/engine/session/NpyError.h"
#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionError.h"

#include <system_error>

namespace clw::engine {

namespace {

// A struct's data file holds its elements' bytes as they lie in the buffer, padding included:
// uint8 of (count, size) as read() writes it, or flat.
std::vector<unsigned char> structBytes(const NpyArray& array, const ElementLayout& layout,
                                       std::uint64_t count) {
    const std::uint64_t wanted = count * layout.size();
    if (array.type != NpyType::UInt8 && array.type != NpyType::Int8)
        throw ImportError("the file holds " + std::string(npyTypeName(array.type)) + " (" +
                          npyShapeText(array.shape) + "); a buffer of " + layout.name() +
                          " takes its elements' bytes as uint8 (" + std::to_string(count) + " x " +
                          std::to_string(layout.size()) + ")");
    if (array.count() != wanted)
        throw ImportError("the file holds " + std::to_string(array.count()) + " bytes (" +
                          npyShapeText(array.shape) + "); the buffer " + std::to_string(count) +
                          " elements of " + layout.name() + " = " + std::to_string(wanted) +
                          " bytes");
    return array.data;
}

} // namespace

std::vector<unsigned char>
SessionResources::initialContents(const SessionBuffer& buffer,
                                  std::vector<std::string>* notes) const {
    const std::string label = detail::bufferLabel(buffer);
    const auto known = m_layouts.find(buffer.name);
    const ElementLayout layout =
        known != m_layouts.end() ? known->second : detail::bufferLayout(buffer);
    const std::uint64_t count = buffer.elementCount();
    std::vector<unsigned char> bytes(detail::bufferBytes(buffer, layout));
    if (buffer.init.kind == SessionInit::Kind::Fill) {
        try {
            // For an image the elements are pixels: the constructor checked that the type has
            // the pixel's size.
            ElementFill(layout, buffer.init.fill)
                .generate(0, size_t(count), bytes.data(), layout.size());
        } catch (const ImportError& error) {
            throw SessionError(label + ": fill: " + error.what());
        }
        return bytes;
    }
    const std::string& file = buffer.init.file;
    if (file.empty())
        throw SessionError(label + ": `init` names no data file");
    const std::filesystem::path path = m_folder / std::filesystem::path(file);
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        throw SessionError(label + ": data file '" + file + "' is missing (looked for " +
                           path.string() + "); put it beside the session or change `init`");
    try {
        const NpyArray array = NpyFile::read(path);
        if (!detail::isScalarOrVector(layout))
            return structBytes(array, layout, count);
        // .npy holds the columns packed (a float3 as 3 floats); the buffer pads them.
        BufferShape shape;
        shape.dimensions = int(buffer.shape.size());
        shape.width = detail::shapeWidth(buffer);
        shape.height = detail::shapeHeight(buffer);
        shape.depth = detail::shapeDepth(buffer);
        const std::vector<unsigned char> packed = NpyConversion::fromArray(array, layout, shape);
        const std::string reshaped = NpyConversion::reshapeNote(array, layout, shape);
        if (notes && !reshaped.empty())
            notes->push_back(label + ": data file '" + file + "': " + reshaped);
        PackedColumns::unpack(layout, packed.data(), size_t(count), bytes.data(), layout.size());
        return bytes;
    } catch (const NpyError& error) {
        throw SessionError(label + ": data file '" + file + "' does not read: " + error.what());
    } catch (const ImportError& error) {
        throw SessionError(label + ": data file '" + file + "' does not fit: " + error.what());
    }
}

} // namespace clw::engine
