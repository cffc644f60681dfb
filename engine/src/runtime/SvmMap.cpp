#include "clw/engine/runtime/SvmMap.h"

#include <utility>
#include <vector>

namespace clw::engine {

namespace {

// For the destructor and move assignment, which must not throw.
void releaseQuietly(SvmMap& map) noexcept {
    try {
        map.release();
    } catch (const ClError& error) {
        // The unmap could not be enqueued: the range stays mapped, and that is counted and said.
        noteFailedRelease("SVM map", error.code());
    }
}

} // namespace

SvmMap SvmMap::map(const CommandQueue& queue, void* pointer, size_t size, cl_map_flags flags,
                   bool blocking, WaitList waitFor) {
    SvmMap result;
    result.m_queue = queue; // before the map: a failure here leaves nothing mapped
    result.m_event = queue.svmMap(pointer, size, flags, blocking, waitFor);
    result.m_data = pointer;
    result.m_size = size;
    return result;
}

SvmMap SvmMap::map(const CommandQueue& queue, const SvmAllocation& allocation, cl_map_flags flags,
                   bool blocking, WaitList waitFor) {
    return map(queue, allocation.data(), allocation.size(), flags, blocking, waitFor);
}

SvmMap::SvmMap(SvmMap&& other) noexcept
    : m_queue(std::move(other.m_queue))
    , m_event(std::move(other.m_event))
    , m_data(std::exchange(other.m_data, nullptr))
    , m_size(std::exchange(other.m_size, 0)) {}

SvmMap& SvmMap::operator=(SvmMap&& other) noexcept {
    if (this != &other) {
        releaseQuietly(*this);
        m_queue = std::move(other.m_queue);
        m_event = std::move(other.m_event);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
    }
    return *this;
}

SvmMap::~SvmMap() {
    releaseQuietly(*this);
}

Event SvmMap::release(std::optional<CommandQueue> queue, WaitList waitFor) {
    if (!m_data)
        return {};
    // On an out-of-order queue, or another queue, nothing else orders the unmap after a
    // non-blocking map.
    std::vector<Event> wait(waitFor.begin(), waitFor.end());
    wait.push_back(m_event);
    const CommandQueue& on = queue ? *queue : m_queue;
    Event unmapped = on.svmUnmap(m_data, wait); // throws and keeps the map
    m_data = nullptr;
    m_size = 0;
    return unmapped;
}

} // namespace clw::engine
