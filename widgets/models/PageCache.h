#pragma once
// The pages of a buffer that the inspector's table holds: a few runs of consecutive elements
// around the visible rows, each read by one transfer on a worker thread (DB Browser for SQLite's
// lazy table). Qt-free bookkeeping only: which pages are wanted, which are being read, which
// are here; the model does the reading.
//
// A generation counter stamps every read: reset() and invalidate() start a new one, and a page
// that arrives stamped with an older generation is dropped, so contents read before a format
// change or a write never show.
#include "clw/engine/inspect/BufferShape.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace clw::ui {

class PageCache {
public:
    // Bytes a page aims for, and the most bytes one page's transfer may span (rows with a large
    // pitch shrink the page).
    static constexpr std::uint64_t kTargetPageBytes = 64 * 1024;
    static constexpr std::uint64_t kMaxPageSpan = 1024 * 1024;

    // Forgets everything and lays pages over a resolved shape; starts a new generation.
    void reset(const engine::BufferShape& shape, size_t elementSize);
    // Starts a new generation and drops every page (the contents changed).
    void invalidate();
    // Starts a new generation but keeps the pages: reads in flight become stale (a write made
    // them so) while the pages here were patched by patch().
    void renew();
    std::uint64_t generation() const { return m_generation; }

    std::uint64_t elementsPerPage() const { return m_elementsPerPage; }
    std::uint64_t pageCount() const;
    std::uint64_t pageOf(std::uint64_t element) const { return element / m_elementsPerPage; }
    // First element, element count, first byte and byte span of a page.
    struct Extent {
        std::uint64_t firstElement = 0;
        std::uint64_t elements = 0;
        std::uint64_t offset = 0;
        std::uint64_t bytes = 0;
    };
    Extent extent(std::uint64_t page) const;

    // Pages [first, last] are wanted (the visible rows and a margin); pages outside are dropped
    // and reads of them will be dropped when they arrive.
    void setWanted(std::uint64_t firstPage, std::uint64_t lastPage);
    bool isWanted(std::uint64_t page) const {
        return page >= m_wantedFirst && page <= m_wantedLast;
    }
    // Wanted pages that are neither here nor being read for this generation.
    std::vector<std::uint64_t> missing() const;
    void markReading(std::uint64_t page) { m_reading[page] = m_generation; }
    // Forgets a read in flight (it failed, was cancelled, or arrived).
    void forgetReading(std::uint64_t page, std::uint64_t generation);
    bool isReading(std::uint64_t page) const;

    // Keeps a page read for `generation`. False, and nothing kept, when the generation is stale,
    // the page is no longer wanted, or its size is not the extent's.
    bool store(std::uint64_t page, std::uint64_t generation, std::vector<unsigned char> bytes);
    bool has(std::uint64_t page) const { return m_pages.count(page) > 0; }
    // The bytes of one element, or nullptr while its page is not here.
    const unsigned char* element(std::uint64_t index) const;
    // Copies bytes just written at `offset` into every page that holds them.
    void patch(std::uint64_t offset, std::span<const unsigned char> bytes);

    size_t pagesHeld() const { return m_pages.size(); }
    std::uint64_t bytesHeld() const { return m_bytesHeld; }

private:
    engine::BufferShape m_shape;
    size_t m_elementSize = 1;
    std::uint64_t m_elementsPerPage = 1;
    std::uint64_t m_generation = 0;
    std::uint64_t m_wantedFirst = 1;
    std::uint64_t m_wantedLast = 0; // empty range
    std::map<std::uint64_t, std::vector<unsigned char>> m_pages;
    std::map<std::uint64_t, std::uint64_t> m_reading; // page -> generation of its read
    std::uint64_t m_bytesHeld = 0;
    // The page of the last lookup: consecutive cells of a row hit it.
    mutable std::uint64_t m_lastPage = UINT64_MAX;
    mutable const std::vector<unsigned char>* m_lastBytes = nullptr;
};

} // namespace clw::ui
