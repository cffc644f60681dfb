#pragma once
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Context.h"

#include <optional>

namespace clw::engine {

// An owned block of shared virtual memory (clSVMAlloc). Move-only.
//
// Freeing SVM while a kernel still uses it is undefined behaviour (the seeds' warning). Bound to a
// queue, the block is freed by clEnqueueSVMFree behind everything already enqueued there; unbound,
// it is freed at once, so the owner must have waited for the work using it.
class SvmAllocation {
public:
    SvmAllocation() = default;
    // flags: CL_MEM_READ_WRITE etc., plus CL_MEM_SVM_FINE_GRAIN_BUFFER / CL_MEM_SVM_ATOMICS for
    // fine grain. alignment 0 means the driver's default. Throws ClError with
    // CL_INVALID_OPERATION when the context's devices have no SVM or the OpenCL library has no
    // clSVMAlloc (OpenCL 1.2), CL_OUT_OF_RESOURCES when the driver returns no memory.
    SvmAllocation(const Context& context, cl_svm_mem_flags flags, size_t size,
                  cl_uint alignment = 0, std::optional<CommandQueue> freeOn = std::nullopt);
    SvmAllocation(SvmAllocation&& other) noexcept;
    SvmAllocation& operator=(SvmAllocation&& other) noexcept;
    SvmAllocation(const SvmAllocation&) = delete;
    SvmAllocation& operator=(const SvmAllocation&) = delete;
    ~SvmAllocation();

    void* data() const noexcept { return m_data; }
    template <class T>
    T* as() const noexcept {
        return static_cast<T*>(m_data);
    }
    size_t size() const noexcept { return m_size; }
    cl_svm_mem_flags flags() const noexcept { return m_flags; }
    bool isFineGrain() const noexcept { return (m_flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) != 0; }
    const Context& context() const noexcept { return m_context; }
    explicit operator bool() const noexcept { return m_data != nullptr; }

    // From now on the block is freed behind the work of `queue` (the seeds' bind_to_queue). Work
    // already enqueued on the queue it was bound to still uses it: a marker there, and a barrier
    // on `queue` that waits for it, keep the free behind that work too.
    void bindToQueue(const CommandQueue& queue);
    // From now on the block is freed at once (the seeds' unbind_from_queue): the queue it was
    // bound to is finished first, so no work there still uses it.
    void unbindFromQueue();
    // Frees now: enqueued behind the bound queue's work, or at once when unbound. Returns the
    // free's event when enqueued.
    Event release();
    // Enqueues the free on `queue`, or on the bound queue when none is given, behind `waitFor`
    // too (the seeds' enqueue_release). Throws ClError with CL_INVALID_COMMAND_QUEUE when there is
    // no queue, and keeps the block when the free cannot be enqueued.
    Event enqueueRelease(std::optional<CommandQueue> queue = std::nullopt,
                         CommandQueue::WaitList waitFor = {});

private:
    Context m_context;
    void* m_data = nullptr;
    size_t m_size = 0;
    cl_svm_mem_flags m_flags = 0;
    std::optional<CommandQueue> m_freeOn;
};

// Why clSVMAlloc returned null for this request (it gives no code): no SVM or not the kind asked
// for (CL_INVALID_OPERATION), or no memory for it (CL_OUT_OF_RESOURCES), with the reason found
// from the devices. Every SVM allocation of the engine throws this, whichever its entry point.
ClError svmAllocationError(const Context& context, cl_svm_mem_flags flags, size_t size,
                           cl_uint alignment);

} // namespace clw::engine
