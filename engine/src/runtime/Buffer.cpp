#include "clw/engine/runtime/Buffer.h"

#include <algorithm>
#include <bit>
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

// OpenCL 3.0, clCreateBuffer: CL_INVALID_VALUE "if values specified in flags are not valid as
// defined in the Memory Flags table", whose rules are three sets of flags that exclude each
// other. Some drivers (NVIDIA 580) take CL_MEM_USE_HOST_PTR with CL_MEM_COPY_HOST_PTR or
// CL_MEM_ALLOC_HOST_PTR: the engine checks all three. The rule broken, or null.
const char* exclusiveFlagsConflict(cl_mem_flags flags) {
    if (std::popcount(flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)) > 1)
        return "CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY and CL_MEM_READ_ONLY exclude each other: give "
               "one";
    if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        return "CL_MEM_USE_HOST_PTR excludes CL_MEM_ALLOC_HOST_PTR and CL_MEM_COPY_HOST_PTR: use "
               "the host memory in place, or copy it into new memory, not both";
    if (std::popcount(flags &
                      (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) > 1)
        return "CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY and CL_MEM_HOST_NO_ACCESS exclude "
               "each other: give one";
    return nullptr;
}

// OpenCL 3.0, clCreateBuffer: CL_INVALID_BUFFER_SIZE "if size is greater than
// CL_DEVICE_MAX_MEM_ALLOC_SIZE ... for all devices in context". Some drivers (NVIDIA 580) take
// such a size: the engine checks. The limit that `size` is above, in words, or nothing (also
// when the devices cannot say: the driver's own answer stands then).
std::string sizeAboveEveryDevice(const Context& context, size_t size) {
    std::vector<Device> devices;
    const Device* largest = nullptr;
    cl_ulong limit = 0;
    std::string name;
    try {
        devices = context.devices();
        for (const Device& device : devices) {
            const cl_ulong deviceLimit = device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
            if (!largest || deviceLimit > limit) {
                largest = &device;
                limit = deviceLimit;
            }
        }
        if (!largest || size <= limit)
            return {};
        name = largest->name();
    } catch (const ClError&) {
        return {};
    }
    return std::string("above CL_DEVICE_MAX_MEM_ALLOC_SIZE of ") +
           (devices.size() > 1 ? "each of the context's " + std::to_string(devices.size()) +
                                     " devices, at most that of "
                               : "") +
           name + " (" + std::to_string(limit) +
           " bytes): allocate at most that, or split the data over several buffers";
}

// Why clCreateSubBuffer must fail, checked before the call: code is 0 when nothing is known to
// be wrong (queries that fail leave the driver to answer).
struct SubBufferRefusal {
    cl_int code = 0;
    std::string why;
};

// OpenCL 3.0, clCreateSubBuffer: CL_INVALID_MEM_OBJECT "if buffer ... is a sub-buffer object";
// CL_INVALID_VALUE if the region (origin, size) "is out of bounds in buffer";
// CL_MISALIGNED_SUB_BUFFER_OFFSET "if there are no devices in context associated with buffer for
// which the origin field ... is aligned to the CL_DEVICE_MEM_BASE_ADDR_ALIGN value". Some
// drivers (NVIDIA 580) check none of the three: the engine does. A size of 0 is left to the
// driver, which refuses it.
SubBufferRefusal refuseSubBuffer(const Buffer& parent, size_t origin, size_t size) {
    try {
        if (parent.isSubBuffer()) {
            const size_t offset = parent.offset();
            return {CL_INVALID_MEM_OBJECT,
                    "a sub-buffer has no sub-buffers of its own: make this one from the parent "
                    "buffer, at offset " +
                        std::to_string(offset) + " + " + std::to_string(origin) + " = " +
                        std::to_string(offset + origin)};
        }
        if (size == 0)
            return {};
        const size_t parentSize = parent.size();
        if (origin > parentSize || size > parentSize - origin)
            return {CL_INVALID_VALUE, "the region ends at byte " + std::to_string(origin + size) +
                                          ", past the buffer's end at " +
                                          std::to_string(parentSize) +
                                          ": origin + size must be at most the buffer's size"};
        // Aligned for one device is enough; the smallest alignment is the one to name.
        Device loosest;
        size_t alignBytes = 0;
        for (const Device& device : parent.context().devices()) {
            const size_t bytes =
                std::max<size_t>(device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8, 1);
            if (origin % bytes == 0)
                return {};
            if (!loosest || bytes < alignBytes) {
                loosest = device;
                alignBytes = bytes;
            }
        }
        if (!loosest)
            return {};
        const size_t below = origin / alignBytes * alignBytes;
        return {CL_MISALIGNED_SUB_BUFFER_OFFSET,
                "the offset must be a multiple of " + std::to_string(alignBytes) +
                    " bytes, the CL_DEVICE_MEM_BASE_ADDR_ALIGN of " + loosest.name() +
                    "; the nearest aligned offsets are " + std::to_string(below) + " and " +
                    std::to_string(below + alignBytes)};
    } catch (const ClError&) {
        return {};
    }
}

} // namespace

Buffer::Buffer(const Context& context, cl_mem_flags flags, size_t size, void* hostPtr) {
    const auto describe = [&] {
        return "creating a " + std::to_string(size) + "-byte buffer with flags " +
               describeMemFlags(flags);
    };
    if (const char* conflict = exclusiveFlagsConflict(flags))
        throw ClError(CL_INVALID_VALUE, "clCreateBuffer", describe() + " (" + conflict + ")");
    if (const std::string above = sizeAboveEveryDevice(context, size); !above.empty())
        throw ClError(CL_INVALID_BUFFER_SIZE, "clCreateBuffer", describe() + " (" + above + ")");
    cl_int code = CL_SUCCESS;
    cl_mem raw = clApi().clCreateBuffer(context.get(), flags, size, hostPtr, &code);
    checkCl(code, "clCreateBuffer", [&] {
        std::string text = describe();
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
    const auto describe = [&] {
        std::string text = "creating a " + std::to_string(size) + "-byte sub-buffer at offset " +
                           std::to_string(origin);
        try {
            text += " of a " + std::to_string(this->size()) + "-byte " +
                    (isSubBuffer() ? "sub-buffer" : "buffer");
        } catch (const ClError&) {
        }
        return text;
    };
    if (const SubBufferRefusal refusal = refuseSubBuffer(*this, origin, size); refusal.code)
        throw ClError(refusal.code, "clCreateSubBuffer", describe() + " (" + refusal.why + ")");
    const cl_buffer_region region{origin, size};
    cl_int code = CL_SUCCESS;
    cl_mem raw =
        clApi().clCreateSubBuffer(get(), flags, CL_BUFFER_CREATE_TYPE_REGION, &region, &code);
    checkCl(code, "clCreateSubBuffer", describe);
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
