#pragma once
// Walks elements of a shaped buffer in runs read chunk by chunk from a BufferSource, for the work
// that looks at every element (statistics, diffs, exports) without holding the buffer in memory.
// Qt-free; runs on a worker thread.
#include "bridge/BufferSource.h"

#include "clw/engine/inspect/BufferShape.h"

#include <cstdint>
#include <functional>
#include <vector>

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
    // The same elements of this source and of `other` (same size, same shape) side by side.
    using PairFn = std::function<void(const unsigned char* data, const unsigned char* otherData,
                                      std::uint64_t index, size_t count)>;
    bool scanPair(const BufferSource& other, std::uint64_t first, std::uint64_t count,
                  const PairFn& onRun, const std::function<bool()>& cancelled = {}) const;
    // Reads each chunk, lets `onRun` change its runs in place, and writes the chunk back: the
    // bytes between elements (pitch padding, struct padding) keep what they held. A chunk whose
    // runs cover it whole is not read first.
    using EditFn = std::function<void(unsigned char* data, std::uint64_t index, size_t count)>;
    bool rewrite(BufferSource& target, std::uint64_t first, std::uint64_t count,
                 const EditFn& onRun, const std::function<bool()>& cancelled = {},
                 bool coversElements = false) const;

private:
    struct Run {
        std::uint64_t index;
        std::uint64_t count;
        std::uint64_t offset; // in the chunk
    };
    struct Chunk {
        std::uint64_t start = 0; // byte offset in the source
        std::uint64_t bytes = 0;
        std::vector<Run> runs;
    };
    // The next chunk from element `first`, at most `count` elements.
    Chunk plan(std::uint64_t first, std::uint64_t count) const;

    const BufferSource& m_source;
    engine::BufferShape m_shape;
    size_t m_elementSize;
    std::uint64_t m_chunkBytes;
};

} // namespace clw::ui
