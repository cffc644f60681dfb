#pragma once
// Walks elements of a shaped buffer in runs read chunk by chunk from a BufferSource, for the work
// that looks at every element (statistics, diffs, exports) without holding the buffer in memory.
// Qt-free; runs on a worker thread.
#include "bridge/BufferSource.h"

#include "clw/engine/BufferShape.h"

#include <cstdint>
#include <functional>

namespace clw::ui {

class ElementScanner {
public:
    // Reads of about `chunkBytes` at a time (one row at least).
    static constexpr std::uint64_t kDefaultChunkBytes = 4 * 1024 * 1024;

    ElementScanner(const BufferSource& source, const engine::BufferShape& shape, size_t elementSize,
                   std::uint64_t chunkBytes = kDefaultChunkBytes);

    // A run: `count` elements, the first being element `index`, element k at data + k * size.
    using RunFn = std::function<void(const unsigned char* data, std::uint64_t index, size_t count)>;
    // Calls `onRun` for elements [first, first + count) in order. Checks `cancelled` between
    // chunks and returns false when it said so. Read errors are thrown.
    bool scan(std::uint64_t first, std::uint64_t count, const RunFn& onRun,
              const std::function<bool()>& cancelled = {}) const;

private:
    const BufferSource& m_source;
    engine::BufferShape m_shape;
    size_t m_elementSize;
    std::uint64_t m_chunkBytes;
};

} // namespace clw::ui
