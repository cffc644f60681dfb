#pragma once
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/TypedView.h"

#include <optional>

namespace clw::engine {

// A mapped region of a buffer or an image that unmaps itself (the seeds' MemoryMap). Move-only.
//
// release() enqueues the unmap, on the queue the region was mapped on or another, behind a wait
// list; a map not released is unmapped by its destructor on its own queue. The map holds its
// memory object and queue, so neither goes away before the unmap is enqueued.
class MemoryMap {
public:
    using WaitList = CommandQueue::WaitList;

    MemoryMap() = default;
    // Maps `size` bytes at `offset` of `buffer` (clEnqueueMapBuffer). Non-blocking: wait for
    // event() before touching data().
    static MemoryMap map(const CommandQueue& queue, const Buffer& buffer, cl_map_flags flags,
                         size_t offset, size_t size, bool blocking = true, WaitList waitFor = {});
    // Maps `region` pixels at `origin` of `image` (clEnqueueMapImage); rows lie rowPitch() bytes
    // apart, slices (and the layers of an image array) slicePitch() bytes.
    static MemoryMap map(const CommandQueue& queue, const Image& image, cl_map_flags flags,
                         const Size3& origin, const Size3& region, bool blocking = true,
                         WaitList waitFor = {});

    MemoryMap(MemoryMap&& other) noexcept;
    MemoryMap& operator=(MemoryMap&& other) noexcept;
    MemoryMap(const MemoryMap&) = delete;
    MemoryMap& operator=(const MemoryMap&) = delete;
    // Unmaps when not released. Never throws: an unmap that cannot be enqueued is counted
    // (failedReleaseCount) and said on stderr, and the region stays mapped.
    ~MemoryMap();

    // Null once released.
    void* data() const noexcept { return m_data; }
    // Bytes from data() to the end of the mapped region (for an image, the last pixel of its
    // last row).
    size_t size() const noexcept { return m_size; }
    // The mapped bytes as T; an image's padding between rows is part of it. Throws ClError with
    // CL_INVALID_VALUE when T does not tile size() or data()'s alignment.
    template <class T>
    std::span<T> as() const {
        return typedView<T>(m_data, m_size, "MemoryMap::as", "a mapped region");
    }
    // Row y of slice z of an image map (row y is layer y of a 1D image array): region[0] pixels
    // as T. For a buffer map, row(0) is the whole map.
    template <class T>
    std::span<T> row(size_t y, size_t z = 0) const {
        return typedView<T>(rowData(y, z), m_rowBytes, "MemoryMap::row", "a mapped image row");
    }
    // 0 for a buffer map. For a 2D image the driver reports a slice pitch of 0.
    size_t rowPitch() const noexcept { return m_rowPitch; }
    size_t slicePitch() const noexcept { return m_slicePitch; }
    // The map command; complete before data() may be touched.
    const Event& event() const noexcept { return m_event; }
    const CommandQueue& queue() const noexcept { return m_queue; }
    const MemoryObject& memory() const noexcept { return m_memory; }
    // Mapped and not yet released.
    explicit operator bool() const noexcept { return m_data != nullptr; }

    // Enqueues the unmap on `queue` (by default the one mapped on) behind `waitFor` and the map
    // itself, and returns its event; the map is released from then on, and a second release
    // returns an empty Event. Throws ClError and stays mapped when the unmap cannot be enqueued.
    Event release(std::optional<CommandQueue> queue = std::nullopt, WaitList waitFor = {});

private:
    void* rowData(size_t y, size_t z) const;

    CommandQueue m_queue;
    MemoryObject m_memory;
    Event m_event;
    void* m_data = nullptr;
    size_t m_size = 0;
    size_t m_rowPitch = 0;
    size_t m_slicePitch = 0;
    size_t m_rowBytes = 0; // one row of the region (the whole map for a buffer)
    size_t m_rows = 1;     // region[1] of an image map
    size_t m_slices = 1;   // region[2]
    bool m_isImage = false;
    bool m_layersAreSlices = false; // a 1D image array: its rows lie slicePitch apart
};

} // namespace clw::engine
