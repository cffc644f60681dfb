#include "bridge/ElementScanner.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace clw::ui {

ElementScanner::ElementScanner(const BufferSource& source, const engine::BufferShape& shape,
                               size_t elementSize, std::uint64_t chunkBytes)
    : m_source(source)
    , m_shape(shape)
    , m_elementSize(std::max<size_t>(1, elementSize))
    , m_chunkBytes(std::max<std::uint64_t>(chunkBytes, m_elementSize)) {}

ElementScanner::Chunk ElementScanner::plan(std::uint64_t first, std::uint64_t count) const {
    const bool contiguous = m_shape.isContiguous(m_elementSize);
    // A run never crosses a row of a pitched shape; a contiguous one is as long as a chunk.
    const std::uint64_t chunkElements = std::max<std::uint64_t>(1, m_chunkBytes / m_elementSize);
    Chunk chunk;
    chunk.start = m_shape.byteOffset(first, m_elementSize);
    std::uint64_t end = chunk.start;
    std::uint64_t index = first;
    while (count > 0) {
        const std::uint64_t inRow = contiguous ? count : m_shape.width - index % m_shape.width;
        const std::uint64_t n = std::min({count, inRow, chunkElements});
        const std::uint64_t at = m_shape.byteOffset(index, m_elementSize);
        const std::uint64_t runEnd = at + n * m_elementSize;
        // Gather runs while the bytes they span fit the chunk (one run at least).
        if (!chunk.runs.empty() && runEnd - chunk.start > m_chunkBytes)
            break;
        chunk.runs.push_back({index, n, at - chunk.start});
        end = runEnd;
        index += n;
        count -= n;
        if (contiguous)
            break;
    }
    chunk.bytes = end - chunk.start;
    return chunk;
}

bool ElementScanner::scan(std::uint64_t first, std::uint64_t count, const RunFn& onRun,
                          const std::function<bool()>& cancelled) const {
    std::vector<unsigned char> data;
    while (count > 0) {
        if (cancelled && cancelled())
            return false;
        const Chunk chunk = plan(first, count);
        data.resize(chunk.bytes);
        m_source.read(chunk.start, data);
        for (const Run& run : chunk.runs) {
            onRun(data.data() + run.offset, run.index, size_t(run.count));
            first += run.count;
            count -= run.count;
        }
    }
    return true;
}

bool ElementScanner::scanPair(const BufferSource& other, std::uint64_t first, std::uint64_t count,
                              const PairFn& onRun, const std::function<bool()>& cancelled) const {
    std::vector<unsigned char> data;
    std::vector<unsigned char> otherData;
    while (count > 0) {
        if (cancelled && cancelled())
            return false;
        const Chunk chunk = plan(first, count);
        data.resize(chunk.bytes);
        otherData.resize(chunk.bytes);
        m_source.read(chunk.start, data);
        other.read(chunk.start, otherData);
        for (const Run& run : chunk.runs) {
            onRun(data.data() + run.offset, otherData.data() + run.offset, run.index,
                  size_t(run.count));
            first += run.count;
            count -= run.count;
        }
    }
    return true;
}

bool ElementScanner::rewrite(BufferSource& target, std::uint64_t first, std::uint64_t count,
                             const EditFn& onRun, const std::function<bool()>& cancelled,
                             bool coversElements) const {
    std::vector<unsigned char> data;
    while (count > 0) {
        if (cancelled && cancelled())
            return false;
        const Chunk chunk = plan(first, count);
        data.resize(chunk.bytes);
        // Only a single run of elements that the edit overwrites whole needs no read.
        const bool whole = coversElements && chunk.runs.size() == 1 &&
                           chunk.runs.front().count * m_elementSize == chunk.bytes;
        if (!whole)
            target.read(chunk.start, data);
        for (const Run& run : chunk.runs) {
            onRun(data.data() + run.offset, run.index, size_t(run.count));
            first += run.count;
            count -= run.count;
        }
        target.write(chunk.start, data);
    }
    return true;
}

} // namespace clw::ui
