#include "bridge/BufferOperations.h"

#include "bridge/ElementScanner.h"

#include <stdexcept>

namespace clw::ui {

bool BufferOperations::fill(BufferSource& target, const engine::ElementLayout& layout,
                            const engine::BufferShape& shape, const engine::FillSpec& spec,
                            std::uint64_t first, std::uint64_t count, const Cancelled& cancelled) {
    const engine::ElementFill filler(layout, spec); // throws before anything is written
    if (count == 0)
        return true;
    const size_t size = layout.size();
    if (filler.isUniform() && shape.isContiguous(size) &&
        target.fillPattern(filler.pattern(), shape.byteOffset(first, size), count * size))
        return true;
    const ElementScanner scanner(target, shape, size);
    return scanner.rewrite(
        target, first, count,
        [&](unsigned char* data, std::uint64_t index, size_t n) {
            filler.generate(index, n, data, size);
        },
        cancelled, true);
}

engine::ElementDiff
BufferOperations::diff(const BufferSource& current, const BufferSource& reference,
                       const engine::ElementLayout& layout, const engine::BufferShape& shape,
                       engine::DiffOptions options, const Cancelled& cancelled) {
    const std::uint64_t count = shape.elementCount();
    if (count > 0) {
        const std::uint64_t end = shape.byteOffset(count - 1, layout.size()) + layout.size();
        if (reference.size() < end)
            throw std::invalid_argument("the reference (" + reference.description() + ") has " +
                                        std::to_string(reference.size()) +
                                        " bytes; the shape needs " + std::to_string(end));
    }
    engine::ElementDiff result(layout, options);
    const ElementScanner scanner(current, shape, layout.size());
    scanner.scanPair(
        reference, 0, count,
        [&](const unsigned char* a, const unsigned char* b, std::uint64_t index, size_t n) {
            result.addRun(a, b, n, layout.size(), index);
        },
        cancelled);
    return result;
}

} // namespace clw::ui
