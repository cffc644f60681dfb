#include "models/PageCache.h"

#include <algorithm>
#include <cstring>

namespace clw::ui {

void PageCache::reset(const engine::BufferShape& shape, size_t elementSize) {
    m_shape = shape;
    m_elementSize = std::max<size_t>(1, elementSize);
    // Halve the page until a page's worst span (rows with padding, a slice boundary) is small.
    std::uint64_t perPage = std::max<std::uint64_t>(1, kTargetPageBytes / m_elementSize);
    const auto worstSpan = [&](std::uint64_t elements) {
        if (shape.isContiguous(m_elementSize))
            return elements * m_elementSize;
        const std::uint64_t width = std::max<std::uint64_t>(1, shape.width);
        const std::uint64_t rowsSpanned = elements / width + 2;
        const std::uint64_t slicesSpanned =
            elements / (width * std::max<std::uint64_t>(1, shape.height)) + 2;
        return rowsSpanned * shape.rowPitch +
               (shape.depth > 1 ? slicesSpanned * shape.slicePitch : 0);
    };
    while (perPage > 1 && worstSpan(perPage) > kMaxPageSpan)
        perPage /= 2;
    m_elementsPerPage = perPage;
    m_wantedFirst = 1;
    m_wantedLast = 0;
    invalidate();
}

void PageCache::invalidate() {
    ++m_generation;
    m_pages.clear();
    m_reading.clear();
    m_bytesHeld = 0;
    m_lastPage = UINT64_MAX;
    m_lastBytes = nullptr;
}

void PageCache::renew() {
    ++m_generation;
    m_reading.clear();
}

std::uint64_t PageCache::pageCount() const {
    const std::uint64_t count = m_shape.elementCount();
    return (count + m_elementsPerPage - 1) / m_elementsPerPage;
}

PageCache::Extent PageCache::extent(std::uint64_t page) const {
    Extent e;
    e.firstElement = page * m_elementsPerPage;
    const std::uint64_t count = m_shape.elementCount();
    if (e.firstElement >= count)
        return e;
    e.elements = std::min(m_elementsPerPage, count - e.firstElement);
    e.offset = m_shape.byteOffset(e.firstElement, m_elementSize);
    e.bytes = m_shape.byteOffset(e.firstElement + e.elements - 1, m_elementSize) + m_elementSize -
              e.offset;
    return e;
}

void PageCache::setWanted(std::uint64_t firstPage, std::uint64_t lastPage) {
    m_wantedFirst = firstPage;
    m_wantedLast = lastPage;
    for (auto it = m_pages.begin(); it != m_pages.end();) {
        if (isWanted(it->first)) {
            ++it;
            continue;
        }
        m_bytesHeld -= it->second.size();
        if (it->first == m_lastPage) {
            m_lastPage = UINT64_MAX;
            m_lastBytes = nullptr;
        }
        it = m_pages.erase(it);
    }
}

std::vector<std::uint64_t> PageCache::missing() const {
    std::vector<std::uint64_t> pages;
    const std::uint64_t last = std::min(m_wantedLast, pageCount() ? pageCount() - 1 : 0);
    if (pageCount() == 0)
        return pages;
    for (std::uint64_t page = m_wantedFirst; page <= last; ++page)
        if (!has(page) && !isReading(page))
            pages.push_back(page);
    return pages;
}

void PageCache::forgetReading(std::uint64_t page, std::uint64_t generation) {
    const auto it = m_reading.find(page);
    if (it != m_reading.end() && it->second == generation)
        m_reading.erase(it);
}

bool PageCache::isReading(std::uint64_t page) const {
    const auto it = m_reading.find(page);
    return it != m_reading.end() && it->second == m_generation;
}

bool PageCache::store(std::uint64_t page, std::uint64_t generation,
                      std::vector<unsigned char> bytes) {
    forgetReading(page, generation);
    if (generation != m_generation || !isWanted(page) || bytes.size() != extent(page).bytes)
        return false;
    auto& slot = m_pages[page];
    m_bytesHeld -= slot.size();
    slot = std::move(bytes);
    m_bytesHeld += slot.size();
    if (page == m_lastPage)
        m_lastBytes = &slot;
    return true;
}

const unsigned char* PageCache::element(std::uint64_t index) const {
    const std::uint64_t page = pageOf(index);
    if (page != m_lastPage) {
        const auto it = m_pages.find(page);
        if (it == m_pages.end())
            return nullptr;
        m_lastPage = page;
        m_lastBytes = &it->second;
    }
    const std::uint64_t first = page * m_elementsPerPage;
    const std::uint64_t at =
        m_shape.byteOffset(index, m_elementSize) - m_shape.byteOffset(first, m_elementSize);
    return m_lastBytes->data() + at;
}

void PageCache::patch(std::uint64_t offset, std::span<const unsigned char> bytes) {
    for (auto& [page, data] : m_pages) {
        const Extent e = extent(page);
        const std::uint64_t begin = std::max(offset, e.offset);
        const std::uint64_t end = std::min(offset + bytes.size(), e.offset + e.bytes);
        if (begin < end)
            std::memcpy(data.data() + (begin - e.offset), bytes.data() + (begin - offset),
                        end - begin);
    }
}

} // namespace clw::ui
