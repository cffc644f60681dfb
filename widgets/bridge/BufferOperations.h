#pragma once
// Fills and diffs over a shaped range of a BufferSource, chunk by chunk, on a worker thread.
// Qt-free; errors are thrown (ImportError for a fill that does not parse, ClError from the device).
#include "bridge/BufferSource.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementDiff.h"
#include "clw/engine/inspect/ElementFill.h"

#include <functional>

namespace clw::ui {

class BufferOperations {
public:
    using Cancelled = std::function<bool()>;

    // Fills elements [first, first + count). A uniform fill of a contiguous range whose element
    // size the device accepts as a pattern is one clEnqueueFillBuffer; others are written in
    // chunks. Padding inside an element is zeroed, the pitch padding between rows is kept. Returns
    // false when cancelled (elements written so far keep their new values).
    static bool fill(BufferSource& target, const engine::ElementLayout& layout,
                     const engine::BufferShape& shape, const engine::FillSpec& spec,
                     std::uint64_t first, std::uint64_t count, const Cancelled& cancelled = {});

    // Compares every element of `current` with `reference` under one layout and shape. Throws
    // std::invalid_argument when the reference is too small for the shape. A cancelled diff
    // returns what it compared so far.
    static engine::ElementDiff diff(const BufferSource& current, const BufferSource& reference,
                                    const engine::ElementLayout& layout,
                                    const engine::BufferShape& shape, engine::DiffOptions options,
                                    const Cancelled& cancelled = {});
};

} // namespace clw::ui
