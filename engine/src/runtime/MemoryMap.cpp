#include "clw/engine/runtime/MemoryMap.h"

#include <string>
#include <utility>
#include <vector>

namespace clw::engine {

namespace {

// For the destructor and move assignment, which must not throw.
void releaseQuietly(MemoryMap& map, const char* label) noexcept {
    try {
        map.release();
    } catch (const ClError& error) {
        // The unmap could not be enqueued: the region stays mapped (the driver keeps it until
        // the object goes), and the failure is counted and said.
        noteFailedRelease(label, error.code());
    }
}

} // namespace

MemoryMap MemoryMap::map(const CommandQueue& queue, const Buffer& buffer, cl_map_flags flags,
                         size_t offset, size_t size, bool blocking, WaitList waitFor) {
    // Everything that can throw comes before the map, so a failure leaves nothing mapped.
    MemoryMap result;
    result.m_queue = queue;
    result.m_memory = buffer;
    Mapping mapping = queue.map(buffer, flags, offset, size, blocking, waitFor);
    result.m_event = std::move(mapping.event);
    result.m_data = mapping.data;
    result.m_size = size;
    result.m_rowBytes = size;
    return result;
}

MemoryMap MemoryMap::map(const CommandQueue& queue, const Image& image, cl_map_flags flags,
                         const Size3& origin, const Size3& region, bool blocking,
                         WaitList waitFor) {
    MemoryMap result;
    result.m_queue = queue;
    result.m_memory = image;
    result.m_isImage = true;
    result.m_layersAreSlices = image.type() == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    const size_t pixelBytes = image.elementSize();
    Mapping mapping = queue.mapImage(image, flags, origin, region, blocking, waitFor);
    // A failed map threw above, and the driver refuses an empty region, so every extent is >= 1.
    result.m_event = std::move(mapping.event);
    result.m_data = mapping.data;
    result.m_rowPitch = mapping.rowPitch;
    result.m_slicePitch = mapping.slicePitch;
    result.m_rowBytes = region[0] * pixelBytes;
    result.m_rows = region[1];
    result.m_slices = region[2];
    result.m_size = result.m_layersAreSlices
                        ? (region[1] - 1) * mapping.slicePitch + result.m_rowBytes
                        : (region[2] - 1) * mapping.slicePitch +
                              (region[1] - 1) * mapping.rowPitch + result.m_rowBytes;
    return result;
}

MemoryMap::MemoryMap(MemoryMap&& other) noexcept
    : m_queue(std::move(other.m_queue))
    , m_memory(std::move(other.m_memory))
    , m_event(std::move(other.m_event))
    , m_data(std::exchange(other.m_data, nullptr))
    , m_size(std::exchange(other.m_size, 0))
    , m_rowPitch(std::exchange(other.m_rowPitch, 0))
    , m_slicePitch(std::exchange(other.m_slicePitch, 0))
    , m_rowBytes(std::exchange(other.m_rowBytes, 0))
    , m_rows(std::exchange(other.m_rows, 1))
    , m_slices(std::exchange(other.m_slices, 1))
    , m_isImage(std::exchange(other.m_isImage, false))
    , m_layersAreSlices(std::exchange(other.m_layersAreSlices, false)) {}

MemoryMap& MemoryMap::operator=(MemoryMap&& other) noexcept {
    if (this != &other) {
        releaseQuietly(*this, m_isImage ? "image map" : "buffer map");
        m_queue = std::move(other.m_queue);
        m_memory = std::move(other.m_memory);
        m_event = std::move(other.m_event);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_rowPitch = std::exchange(other.m_rowPitch, 0);
        m_slicePitch = std::exchange(other.m_slicePitch, 0);
        m_rowBytes = std::exchange(other.m_rowBytes, 0);
        m_rows = std::exchange(other.m_rows, 1);
        m_slices = std::exchange(other.m_slices, 1);
        m_isImage = std::exchange(other.m_isImage, false);
        m_layersAreSlices = std::exchange(other.m_layersAreSlices, false);
    }
    return *this;
}

MemoryMap::~MemoryMap() {
    releaseQuietly(*this, m_isImage ? "image map" : "buffer map");
}

Event MemoryMap::release(std::optional<CommandQueue> queue, WaitList waitFor) {
    if (!m_data)
        return {};
    // On an out-of-order queue, or another queue, nothing else orders the unmap after a
    // non-blocking map.
    std::vector<Event> wait(waitFor.begin(), waitFor.end());
    wait.push_back(m_event);
    const CommandQueue& on = queue ? *queue : m_queue;
    Event unmapped = on.unmap(m_memory, m_data, wait); // throws and keeps the map
    m_data = nullptr;
    m_size = 0;
    m_rowBytes = 0;
    return unmapped;
}

void* MemoryMap::rowData(size_t y, size_t z) const {
    if (!m_data)
        throw ClError(CL_INVALID_VALUE, "MemoryMap::row",
                      "reading row " + std::to_string(y) + " of a released map");
    if (y >= m_rows || z >= m_slices)
        throw ClError(CL_INVALID_VALUE, "MemoryMap::row",
                      "reading row " + std::to_string(y) + " of slice " + std::to_string(z) +
                          " of a map of " + std::to_string(m_rows) + " rows and " +
                          std::to_string(m_slices) + " slices");
    const size_t offset = m_layersAreSlices ? y * m_slicePitch : z * m_slicePitch + y * m_rowPitch;
    return static_cast<char*>(m_data) + offset;
}

} // namespace clw::engine
