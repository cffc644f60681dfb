#pragma once
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/SvmAllocation.h"
#include "clw/engine/runtime/TypedView.h"

#include <optional>

namespace clw::engine {

// A mapped range of coarse-grain shared virtual memory that unmaps itself (the seeds' SVMMap).
// Move-only.
//
// release() enqueues the unmap (clEnqueueSVMUnmap), on the queue the range was mapped on or
// another, behind a wait list; a map not released is unmapped by its destructor on its own
// queue. The map holds its queue but not the memory: the SVM must outlive the map.
class SvmMap {
public:
    using WaitList = CommandQueue::WaitList;

    SvmMap() = default;
    // Maps `size` bytes of SVM at `pointer` (clEnqueueSVMMap). Non-blocking: wait for event()
    // before touching data(). Throws ClError with CL_INVALID_OPERATION where the OpenCL library
    // has no SVM (an OpenCL 1.2 one).
    static SvmMap map(const CommandQueue& queue, void* pointer, size_t size, cl_map_flags flags,
                      bool blocking = true, WaitList waitFor = {});
    // The whole of `allocation`.
    static SvmMap map(const CommandQueue& queue, const SvmAllocation& allocation,
                      cl_map_flags flags, bool blocking = true, WaitList waitFor = {});

    SvmMap(SvmMap&& other) noexcept;
    SvmMap& operator=(SvmMap&& other) noexcept;
    SvmMap(const SvmMap&) = delete;
    SvmMap& operator=(const SvmMap&) = delete;
    // Unmaps when not released. Never throws: an unmap that cannot be enqueued is counted
    // (failedReleaseCount) and said on stderr, and the range stays mapped.
    ~SvmMap();

    // The mapped pointer (the SVM pointer itself); null once released.
    void* data() const noexcept { return m_data; }
    size_t size() const noexcept { return m_size; }
    // The mapped bytes as T. Throws ClError with CL_INVALID_VALUE when T does not tile size() or
    // data()'s alignment.
    template <class T>
    std::span<T> as() const {
        return typedView<T>(m_data, m_size, "SvmMap::as", "a mapped SVM range");
    }
    // The map command; complete before data() may be touched.
    const Event& event() const noexcept { return m_event; }
    const CommandQueue& queue() const noexcept { return m_queue; }
    // Mapped and not yet released.
    explicit operator bool() const noexcept { return m_data != nullptr; }

    // Enqueues the unmap on `queue` (by default the one mapped on) behind `waitFor` and the map
    // itself, and returns its event; the map is released from then on, and a second release
    // returns an empty Event. Throws ClError and stays mapped when the unmap cannot be enqueued.
    Event release(std::optional<CommandQueue> queue = std::nullopt, WaitList waitFor = {});

private:
    CommandQueue m_queue;
    Event m_event;
    void* m_data = nullptr;
    size_t m_size = 0;
};

} // namespace clw::engine
