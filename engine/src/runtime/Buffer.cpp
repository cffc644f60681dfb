#include "clw/engine/Buffer.h"

#include <algorithm>
#include <optional>
#include <string>

namespace clw::engine {

namespace {

// "CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR" for error messages.
std::string describeMemFlags(cl_mem_flags flags) {
    static constexpr std::pair<cl_mem_flags, const char*> kNames[] = {
        {CL_MEM_READ_WRITE, "CL_MEM_READ_WRITE"},
        {CL_MEM_WRITE_ONLY, "CL_MEM_WRITE_ONLY"},
        {CL_MEM_READ_ONLY, "CL_MEM_READ_ONLY"},
        {CL_MEM_USE_HOST_PTR, "CL_MEM_USE_HOST_PTR"},
        {CL_MEM_ALLOC_HOST_PTR, "CL_MEM_ALLOC_HOST_PTR"},
        {CL_MEM_COPY_HOST_PTR, "CL_MEM_COPY_HOST_PTR"},
        {CL_MEM_HOST_WRITE_ONLY, "CL_MEM_HOST_WRITE_ONLY"},
        {CL_MEM_HOST_READ_ONLY, "CL_MEM_HOST_READ_ONLY"},
        {CL_MEM_HOST_NO_ACCESS, "CL_MEM_HOST_NO_ACCESS"},
    };
    std::string text;
    cl_mem_flags rest = flags;
    for (const auto& [bit, name] : kNames) {
        if (flags & bit) {
            text += (text.empty() ? "" : "|") + std::string(name);
            rest &= ~bit;
        }
    }
    if (rest)
        text += (text.empty() ? "" : "|") + std::to_string(rest);
    return text.empty() ? "0" : text;
}

} // namespace

Buffer::Buffer(const Context& context, cl_mem_flags flags, size_t size, void* hostPtr) {
    cl_int code = CL_SUCCESS;
    cl_mem raw = clApi().clCreateBuffer(context.get(), flags, size, hostPtr, &code);
    checkCl(code, "clCreateBuffer", [&] {
        std::string text = "creating a " + std::to_string(size) + "-byte buffer with flags " +
                           describeMemFlags(flags);
        if (code == CL_INVALID_BUFFER_SIZE)
            text += " (the size must be above 0 and at most the device's "
                    "CL_DEVICE_MAX_MEM_ALLOC_SIZE)";
        else if (code == CL_INVALID_HOST_PTR)
            text += hostPtr ? " (a host pointer needs CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR)"
                            : " (CL_MEM_USE_HOST_PTR and CL_MEM_COPY_HOST_PTR need a host pointer)";
        return text;
    });
    m_handle = Handle<cl_mem>::adopt(raw);
}

Buffer Buffer::createSubBuffer(size_t origin, size_t size, cl_mem_flags flags) const {
    const cl_buffer_region region{origin, size};
    cl_int code = CL_SUCCESS;
    cl_mem raw =
        clApi().clCreateSubBuffer(get(), flags, CL_BUFFER_CREATE_TYPE_REGION, &region, &code);
    checkCl(code, "clCreateSubBuffer", [&] {
        std::string text = "creating a " + std::to_string(size) + "-byte sub-buffer at offset " +
                           std::to_string(origin);
        try {
            text += " of a " + std::to_string(this->size()) + "-byte buffer";
        } catch (const ClError&) {
        }
        if (code == CL_MISALIGNED_SUB_BUFFER_OFFSET) {
            // CL_DEVICE_MEM_BASE_ADDR_ALIGN is in bits; the largest of the context's devices
            // decides.
            cl_uint alignBits = 0;
            try {
                for (const Device& device : context().devices())
                    alignBits = std::max(alignBits, device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>());
            } catch (const ClError&) {
            }
            if (alignBits)
                text += " (the offset must be a multiple of " + std::to_string(alignBits / 8) +
                        " bytes, the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN)";
            else
                text += " (the offset must be a multiple of the device's "
                        "CL_DEVICE_MEM_BASE_ADDR_ALIGN)";
        }
        return text;
    });
    return Buffer(Handle<cl_mem>::adopt(raw));
}

Buffer Buffer::overSvm(const Context& context, void* svm, size_t size, cl_mem_flags flags) {
    Buffer buffer(context, flags | CL_MEM_USE_HOST_PTR, size, svm);
    // A pointer the driver does not know as SVM still makes a valid buffer, but a copy of the
    // memory rather than the memory: refuse it rather than hand out other semantics.
    std::optional<bool> usesSvm;
    try {
        usesSvm = buffer.info<CL_MEM_USES_SVM_POINTER>();
    } catch (const ClError& error) {
        // An OpenCL 1.x driver does not know the query, and has no SVM either.
        if (error.code() != CL_INVALID_VALUE)
            throw;
    }
    if (!usesSvm.value_or(false))
        throw ClError(CL_INVALID_HOST_PTR, "Buffer::overSvm",
                      "creating a " + std::to_string(size) + "-byte buffer over SVM (" +
                          (usesSvm ? "the driver does not take the pointer as shared virtual "
                                     "memory of this context: allocate it with SvmAllocation in "
                                     "the same context"
                                   : "the driver does not know CL_MEM_USES_SVM_POINTER: it has "
                                     "no shared virtual memory") +
                          ")");
    return buffer;
}

Buffer Buffer::parent() const {
    cl_mem raw = info<CL_MEM_ASSOCIATED_MEMOBJECT>();
    return raw ? Buffer::retain(raw) : Buffer();
}

std::span<std::byte> Buffer::hostBytes() const {
    if (!(flags() & CL_MEM_USE_HOST_PTR))
        throw ClError(CL_INVALID_MEM_OBJECT, "Buffer::hostBytes",
                      "reading the host memory of a buffer made with flags " +
                          describeMemFlags(flags()) +
                          " (it was not made with CL_MEM_USE_HOST_PTR, so it has no host memory "
                          "of its own: map it, or read it into host memory)");
    return {static_cast<std::byte*>(info<CL_MEM_HOST_PTR>()), size()};
}

} // namespace clw::engine
