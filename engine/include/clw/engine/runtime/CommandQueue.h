#pragma once
#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Event.h"
#include "clw/engine/runtime/Image.h"
#include "clw/engine/runtime/NDRange.h"
#include "clw/engine/runtime/TransferRegion.h"

#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace clw::engine {

class Kernel;

// Where a map put the memory: the pointer, the pitches of a mapped image, and the map's event.
struct Mapping {
    void* data = nullptr;
    size_t rowPitch = 0;
    size_t slicePitch = 0;
    Event event;
};

// What ndRange does with an empty ND-range, one with a 0 in its global or local size (the seeds'
// allow_empty_ndrange). OpenCL before 2.1 refuses one and later drivers run nothing, so the engine
// decides: an error on every driver, or a marker behind the wait list.
enum class EmptyNDRange {
    Error,  // ClError: CL_INVALID_GLOBAL_WORK_SIZE, or CL_INVALID_WORK_GROUP_SIZE for the local
    Marker, // no launch: a marker (clEnqueueMarkerWithWaitList) gives the event
};

// A command queue. Every enqueue returns its event and takes an optional wait list. A blocking
// call returns once the command completed; a non-blocking one at once.
//
// Host memory of a non-blocking transfer must stay valid until the event completes: pass
// `keepAlive` (any shared_ptr owning it) and the engine holds it until then.
class CommandQueue {
public:
    // Every enqueue throws ClError with CL_INVALID_EVENT_WAIT_LIST, from its C function, for a
    // wait list that holds an empty Event, on every driver.
    using WaitList = std::span<const Event>;

    CommandQueue() = default;
    // properties: CL_QUEUE_PROFILING_ENABLE, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE.
    CommandQueue(const Context& context, const Device& device,
                 cl_command_queue_properties properties = 0);
    // Full property list (CL_QUEUE_PROPERTIES, CL_QUEUE_SIZE, ...) without the terminator.
    CommandQueue(const Context& context, const Device& device,
                 const std::vector<cl_queue_properties>& properties);
    static CommandQueue retain(cl_command_queue raw) {
        return CommandQueue(Handle<cl_command_queue>::retain(raw));
    }

    cl_command_queue get() const noexcept { return m_handle.get(); }
    explicit operator bool() const noexcept { return bool(m_handle); }

    template <cl_command_queue_info P>
    typename QueueInfo<P>::type info() const {
        return detail::queryInfo<typename QueueInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetCommandQueueInfo(get(), P, s, v, r);
            },
            "clGetCommandQueueInfo", QueueInfo<P>::kName);
    }
    Context context() const { return Context::retain(info<CL_QUEUE_CONTEXT>()); }
    Device device() const { return Device::retain(info<CL_QUEUE_DEVICE>()); }
    cl_command_queue_properties properties() const { return info<CL_QUEUE_PROPERTIES>(); }

    void flush() const;
    void finish() const;
    Event marker(WaitList waitFor = {}) const;
    Event barrier(WaitList waitFor = {}) const;

    // Buffers.
    Event read(const Buffer& buffer, size_t offset, size_t size, void* host, bool blocking = true,
               WaitList waitFor = {}, std::shared_ptr<const void> keepAlive = {}) const;
    Event write(const Buffer& buffer, size_t offset, size_t size, const void* host,
                bool blocking = true, WaitList waitFor = {},
                std::shared_ptr<const void> keepAlive = {}) const;
    // Non-blocking write of data the engine keeps until the transfer completed.
    template <class T>
    Event writeAsync(const Buffer& buffer, size_t offset, std::vector<T> data,
                     WaitList waitFor = {}) const {
        auto owned = std::make_shared<std::vector<T>>(std::move(data));
        return write(buffer, offset, owned->size() * sizeof(T), owned->data(), false, waitFor,
                     owned);
    }
    Event readRect(const Buffer& buffer, const RectRegion& rect, void* host, bool blocking = true,
                   WaitList waitFor = {}, std::shared_ptr<const void> keepAlive = {}) const;
    Event writeRect(const Buffer& buffer, const RectRegion& rect, const void* host,
                    bool blocking = true, WaitList waitFor = {},
                    std::shared_ptr<const void> keepAlive = {}) const;
    Event copy(const Buffer& src, const Buffer& dst, size_t srcOffset, size_t dstOffset,
               size_t size, WaitList waitFor = {}) const;
    Event copyRect(const Buffer& src, const Buffer& dst, const CopyRectRegion& rect,
                   WaitList waitFor = {}) const;
    // offset and size must be multiples of patternSize (CL_INVALID_VALUE on every driver).
    Event fill(const Buffer& buffer, const void* pattern, size_t patternSize, size_t offset,
               size_t size, WaitList waitFor = {}) const;
    template <class T>
    Event fill(const Buffer& buffer, const T& pattern, size_t offset, size_t size,
               WaitList waitFor = {}) const {
        return fill(buffer, &pattern, sizeof(T), offset, size, waitFor);
    }
    Mapping map(const Buffer& buffer, cl_map_flags flags, size_t offset, size_t size,
                bool blocking = true, WaitList waitFor = {}) const;
    Event unmap(const MemoryObject& memory, void* mapped, WaitList waitFor = {}) const;
    Event migrate(std::span<const MemoryObject> objects, cl_mem_migration_flags flags = 0,
                  WaitList waitFor = {}) const;

    // Images. Origins and regions in pixels (and layers for arrays).
    Event readImage(const Image& image, const Size3& origin, const Size3& region, void* host,
                    size_t rowPitch = 0, size_t slicePitch = 0, bool blocking = true,
                    WaitList waitFor = {}, std::shared_ptr<const void> keepAlive = {}) const;
    Event writeImage(const Image& image, const Size3& origin, const Size3& region, const void* host,
                     size_t rowPitch = 0, size_t slicePitch = 0, bool blocking = true,
                     WaitList waitFor = {}, std::shared_ptr<const void> keepAlive = {}) const;
    // color: four floats, ints or uints by the image's channel type.
    Event fillImage(const Image& image, const void* color, const Size3& origin, const Size3& region,
                    WaitList waitFor = {}) const;
    Event copyImage(const Image& src, const Image& dst, const Size3& srcOrigin,
                    const Size3& dstOrigin, const Size3& region, WaitList waitFor = {}) const;
    Event copyImageToBuffer(const Image& src, const Buffer& dst, const Size3& srcOrigin,
                            const Size3& region, size_t dstOffset, WaitList waitFor = {}) const;
    Event copyBufferToImage(const Buffer& src, const Image& dst, size_t srcOffset,
                            const Size3& dstOrigin, const Size3& region,
                            WaitList waitFor = {}) const;
    Mapping mapImage(const Image& image, cl_map_flags flags, const Size3& origin,
                     const Size3& region, bool blocking = true, WaitList waitFor = {}) const;

    // Kernels.
    // An empty range is an error unless `empty` says Marker: then the event is the marker's,
    // complete once the wait list (or, with none, every earlier command) is.
    Event ndRange(const Kernel& kernel, const NDRange& global, const NDRange& local = {},
                  const NDRange& offset = {}, WaitList waitFor = {},
                  EmptyNDRange empty = EmptyNDRange::Error) const;
    // The same launch without an event: creating one costs a few microseconds on some drivers
    // (NVIDIA), which a loop of short kernels notices. finish() or a marker says when it is done.
    void ndRangeWithoutEvent(const Kernel& kernel, const NDRange& global, const NDRange& local = {},
                             const NDRange& offset = {}) const;
    Event task(const Kernel& kernel, WaitList waitFor = {}) const;
    // Runs a host function as a command (devices with CL_EXEC_NATIVE_KERNEL). The function
    // runs on a driver thread.
    Event nativeKernel(std::function<void()> function, WaitList waitFor = {}) const;

    // Shared virtual memory.
    Event svmMemcpy(void* dst, const void* src, size_t size, bool blocking = true,
                    WaitList waitFor = {}) const;
    Event svmMemFill(void* ptr, const void* pattern, size_t patternSize, size_t size,
                     WaitList waitFor = {}) const;
    Event svmMap(void* ptr, size_t size, cl_map_flags flags, bool blocking = true,
                 WaitList waitFor = {}) const;
    Event svmUnmap(void* ptr, WaitList waitFor = {}) const;
    Event svmMigrate(std::span<const void* const> pointers, std::span<const size_t> sizes,
                     cl_mem_migration_flags flags = 0, WaitList waitFor = {}) const;
    // Frees the pointers (clSVMAlloc'd in this queue's context) once the queue reaches the
    // command: safe while earlier commands still use them.
    Event svmFree(std::vector<void*> pointers, WaitList waitFor = {}) const;

    friend bool operator==(const CommandQueue& a, const CommandQueue& b) {
        return a.get() == b.get();
    }

private:
    // Throws CL_INVALID_WORK_GROUP_SIZE for a local size above the kernel's limit (some drivers
    // launch it).
    void refuseOversizedWorkGroup(const Kernel& kernel, const NDRange& global, const NDRange& local,
                                  const NDRange& offset) const;
    explicit CommandQueue(Handle<cl_command_queue> handle)
        : m_handle(std::move(handle)) {}
    Handle<cl_command_queue> m_handle;
};

} // namespace clw::engine
