#pragma once
#include "clw/engine/runtime/MemoryObject.h"
#include "clw/engine/runtime/TypedView.h"

#include <cstddef>

namespace clw::engine {

// A buffer or sub-buffer.
class Buffer : public MemoryObject {
public:
    Buffer() = default;
    // hostPtr is used with CL_MEM_USE_HOST_PTR / CL_MEM_COPY_HOST_PTR. A size of 0 or one above
    // CL_DEVICE_MAX_MEM_ALLOC_SIZE of every device of the context throws ClError with
    // CL_INVALID_BUFFER_SIZE, and flags that exclude each other (two of the READ/WRITE flags,
    // USE_HOST_PTR with ALLOC_ or COPY_HOST_PTR, two of the HOST_ flags) CL_INVALID_VALUE: the
    // engine checks the last two itself, since not every driver does.
    Buffer(const Context& context, cl_mem_flags flags, size_t size, void* hostPtr = nullptr);
    static Buffer retain(cl_mem raw) { return Buffer(Handle<cl_mem>::retain(raw)); }
    static Buffer adopt(cl_mem raw) { return Buffer(Handle<cl_mem>::adopt(raw)); }
    // A buffer whose storage is `size` bytes of shared virtual memory at `svm` (the seeds'
    // SVMPointer.as_buffer): CL_MEM_USE_HOST_PTR over an SVM pointer, which OpenCL 2.0 lets
    // kernels and transfers use in place. The SVM must outlive the buffer. Throws ClError with
    // CL_INVALID_HOST_PTR when the driver does not take `svm` as SVM of this context (the buffer
    // would be a copy that needs maps to synchronize, not the SVM itself).
    static Buffer overSvm(const Context& context, void* svm, size_t size,
                          cl_mem_flags flags = CL_MEM_READ_WRITE);

    // A region of this buffer that aliases its bytes. Throws ClError, on every driver, with
    // CL_MISALIGNED_SUB_BUFFER_OFFSET unless origin is a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN
    // (bits) of a device of the context, CL_INVALID_VALUE for a region past the buffer's end and
    // CL_INVALID_MEM_OBJECT when this buffer is itself a sub-buffer.
    Buffer createSubBuffer(size_t origin, size_t size, cl_mem_flags flags = 0) const;
    bool isSubBuffer() const { return info<CL_MEM_ASSOCIATED_MEMOBJECT>() != nullptr; }
    // The parent of a sub-buffer; an empty Buffer for a buffer.
    Buffer parent() const;
    size_t offset() const { return info<CL_MEM_OFFSET>(); }

    // The host memory of a buffer made with CL_MEM_USE_HOST_PTR (the seeds' hostbuf and
    // get_host_array): the pointer given at creation (plus the origin, for a sub-buffer), size()
    // bytes. The device's writes show there once a map of the buffer (or a blocking read)
    // synchronized it. Throws ClError with CL_INVALID_MEM_OBJECT for a buffer made without
    // CL_MEM_USE_HOST_PTR.
    std::span<std::byte> hostBytes() const;
    // hostBytes() as T. Also throws ClError with CL_INVALID_VALUE when T does not tile the size
    // or the pointer's alignment.
    template <class T>
    std::span<T> hostArray() const {
        const std::span<std::byte> bytes = hostBytes();
        return typedView<T>(bytes.data(), bytes.size(), "Buffer::hostArray",
                            "a buffer's host memory");
    }

private:
    explicit Buffer(Handle<cl_mem> handle)
        : MemoryObject(std::move(handle)) {}
};

} // namespace clw::engine
