#include "bridge/ElementScanner.h"

#include <algorithm>
#include <vector>

namespace clw::ui {

ElementScanner::ElementScanner(const BufferSource& source, const engine::BufferShape& shape,
                               size_t elementSize, std::uint64_t chunkBytes)
    : m_source(source)
    , m_shape(shape)
    , m_elementSize(std::max<size_t>(1, elementSize))
    , m_chunkBytes(std::max<std::uint64_t>(chunkBytes, m_elementSize)) {}

bool ElementScanner::scan(std::uint64_t first, std::uint64_t count, const RunFn& onRun,
                          const std::function<bool()>& cancelled) const {
    const bool contiguous = m_shape.isContiguous(m_elementSize);
    // A run never crosses a row of a pitched shape; a contiguous one is as long as a chunk.
    const std::uint64_t rowLength = contiguous ? UINT64_MAX : m_shape.width;
    const std::uint64_t chunkElements = std::max<std::uint64_t>(1, m_chunkBytes / m_elementSize);
    std::vector<unsigned char> chunk;
    struct Run {
        std::uint64_t index;
        std::uint64_t count;
        std::uint64_t offset; // in the chunk
    };
    std::vector<Run> runs;
    while (count > 0) {
        if (cancelled && cancelled())
            return false;
        // Gather runs while the bytes they span fit the chunk (one run at least).
        runs.clear();
        const std::uint64_t start = m_shape.byteOffset(first, m_elementSize);
        std::uint64_t end = start;
        std::uint64_t index = first;
        std::uint64_t left = count;
        while (left > 0) {
            const std::uint64_t inRow =
                rowLength - (rowLength == UINT64_MAX ? 0 : index % rowLength);
            const std::uint64_t n = std::min({left, inRow, chunkElements});
            const std::uint64_t at = m_shape.byteOffset(index, m_elementSize);
            const std::uint64_t runEnd = at + n * m_elementSize;
            if (!runs.empty() && runEnd - start > m_chunkBytes)
                break;
            runs.push_back({index, n, at - start});
            end = runEnd;
            index += n;
            left -= n;
            if (contiguous)
                break;
        }
        chunk.resize(end - start);
        m_source.read(start, chunk);
        for (const Run& run : runs)
            onRun(chunk.data() + run.offset, run.index, size_t(run.count));
        count = left;
        first = index;
    }
    return true;
}

} // namespace clw::ui
