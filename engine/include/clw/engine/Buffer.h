#pragma once
#include "clw/engine/MemoryObject.h"

namespace clw::engine {

// A buffer or sub-buffer.
class Buffer : public MemoryObject {
public:
    Buffer() = default;
    // hostPtr is used with CL_MEM_USE_HOST_PTR / CL_MEM_COPY_HOST_PTR. A size of 0 or one above
    // the device's maximum allocation is rejected by the driver with CL_INVALID_BUFFER_SIZE.
    Buffer(const Context& context, cl_mem_flags flags, size_t size, void* hostPtr = nullptr);
    static Buffer retain(cl_mem raw) { return Buffer(Handle<cl_mem>::retain(raw)); }
    static Buffer adopt(cl_mem raw) { return Buffer(Handle<cl_mem>::adopt(raw)); }

    // A region of this buffer that aliases its bytes. origin must be a multiple of the device's
    // CL_DEVICE_MEM_BASE_ADDR_ALIGN (bits) or the driver says CL_MISALIGNED_SUB_BUFFER_OFFSET.
    Buffer createSubBuffer(size_t origin, size_t size, cl_mem_flags flags = 0) const;
    bool isSubBuffer() const { return info<CL_MEM_ASSOCIATED_MEMOBJECT>() != nullptr; }
    // The parent of a sub-buffer; an empty Buffer for a buffer.
    Buffer parent() const;
    size_t offset() const { return info<CL_MEM_OFFSET>(); }

private:
    explicit Buffer(Handle<cl_mem> handle)
        : MemoryObject(std::move(handle)) {}
};

} // namespace clw::engine
