// Buffers in host memory, and the transfers between them and the host, byte for byte. A map
// hands out the buffer's own bytes, so an unmap has nothing to copy back.
#include "DeviceLimits.h"
#include "EventCalls.h"
#include "FakeApi.h"
#include "FaultInjection.h"
#include "InfoReply.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace clw::fakecl {

namespace {

constexpr cl_mem_flags kAccessFlags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
constexpr cl_mem_flags kHostPtrFlags =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
constexpr cl_mem_flags kHostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

bool atMostOneOf(cl_mem_flags flags, cl_mem_flags group) {
    const cl_mem_flags set = flags & group;
    return (set & (set - 1)) == 0;
}

cl_int checkFlags(cl_mem_flags flags) {
    if (flags & ~(kAccessFlags | kHostPtrFlags | kHostAccessFlags))
        return CL_INVALID_VALUE;
    if (!atMostOneOf(flags, kAccessFlags) || !atMostOneOf(flags, kHostAccessFlags))
        return CL_INVALID_VALUE;
    if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

bool inside(cl_mem buffer, size_t offset, size_t size) {
    return offset <= buffer->size && size <= buffer->size - offset;
}

// The checks every buffer transfer shares: the queue, the buffer, its context, the region.
cl_int checkTransfer(cl_command_queue queue, cl_mem buffer, size_t offset, size_t size,
                     cl_uint numEvents, const cl_event* waitList) {
    if (!valid(queue))
        return CL_INVALID_COMMAND_QUEUE;
    if (!valid(buffer))
        return CL_INVALID_MEM_OBJECT;
    if (buffer->context != queue->context)
        return CL_INVALID_CONTEXT;
    if (size == 0 || !inside(buffer, offset, size))
        return CL_INVALID_VALUE;
    return checkEnqueue(queue, numEvents, waitList);
}

} // namespace

void destroy(cl_mem memory) {
    // Last registered, first called; the memory is still there for them to look at.
    for (auto it = memory->destructorCallbacks.rbegin(); it != memory->destructorCallbacks.rend();
         ++it)
        it->first(memory, it->second);
    const cl_context context = memory->context;
    const cl_mem parent = memory->parent;
    delete memory;
    if (parent)
        release(parent);
    release(context);
}

cl_mem clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void* host_ptr,
                      cl_int* errcode_ret) {
    faultPoint(__func__);
    if (!valid(context))
        return failWith(CL_INVALID_CONTEXT, errcode_ret);
    if (const cl_int code = checkFlags(flags); code != CL_SUCCESS)
        return failWith(code, errcode_ret);
    if (size == 0 || size > kMaxMemAllocSize)
        return failWith(CL_INVALID_BUFFER_SIZE, errcode_ret);
    const bool wantsHostPtr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
    if (wantsHostPtr != (host_ptr != nullptr))
        return failWith(CL_INVALID_HOST_PTR, errcode_ret);
    auto buffer = std::make_unique<_cl_mem>();
    if (flags & CL_MEM_USE_HOST_PTR) {
        buffer->data = static_cast<std::byte*>(host_ptr);
        buffer->hostPtr = host_ptr;
    } else {
        buffer->owned.reset(new (std::nothrow) std::byte[size]());
        if (!buffer->owned)
            return failWith(CL_MEM_OBJECT_ALLOCATION_FAILURE, errcode_ret);
        buffer->data = buffer->owned.get();
        if (host_ptr)
            std::memcpy(buffer->data, host_ptr, size);
    }
    retain(context);
    buffer->context = context;
    buffer->flags = flags;
    buffer->size = size;
    return succeedWith(buffer.release(), errcode_ret);
}

cl_mem clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags, cl_buffer_create_type create_type,
                         const void* create_info, cl_int* errcode_ret) {
    faultPoint(__func__);
    if (!valid(buffer) || buffer->parent)
        return failWith(CL_INVALID_MEM_OBJECT, errcode_ret);
    if (create_type != CL_BUFFER_CREATE_TYPE_REGION || !create_info ||
        checkFlags(flags) != CL_SUCCESS || (flags & kHostPtrFlags))
        return failWith(CL_INVALID_VALUE, errcode_ret);
    const auto* region = static_cast<const cl_buffer_region*>(create_info);
    if (region->size == 0)
        return failWith(CL_INVALID_BUFFER_SIZE, errcode_ret);
    if (!inside(buffer, region->origin, region->size))
        return failWith(CL_INVALID_VALUE, errcode_ret);
    if (region->origin % (kMemBaseAddrAlignBits / 8) != 0)
        return failWith(CL_MISALIGNED_SUB_BUFFER_OFFSET, errcode_ret);
    auto* sub = new _cl_mem;
    retain(buffer->context);
    retain(buffer);
    sub->context = buffer->context;
    // What the sub-buffer does not say it inherits (access, host access, host pointer).
    sub->flags = flags | (buffer->flags & kHostPtrFlags);
    if (!(flags & kAccessFlags))
        sub->flags |= buffer->flags & kAccessFlags;
    if (!(flags & kHostAccessFlags))
        sub->flags |= buffer->flags & kHostAccessFlags;
    sub->size = region->size;
    sub->data = buffer->data + region->origin;
    sub->hostPtr =
        buffer->hostPtr ? static_cast<std::byte*>(buffer->hostPtr) + region->origin : nullptr;
    sub->parent = buffer;
    sub->offset = region->origin;
    return succeedWith(sub, errcode_ret);
}

cl_int clRetainMemObject(cl_mem memobj) {
    faultPoint(__func__);
    if (!valid(memobj))
        return CL_INVALID_MEM_OBJECT;
    retain(memobj);
    return CL_SUCCESS;
}

cl_int clReleaseMemObject(cl_mem memobj) {
    faultPoint(__func__);
    if (!valid(memobj))
        return CL_INVALID_MEM_OBJECT;
    release(memobj);
    return CL_SUCCESS;
}

cl_int clGetMemObjectInfo(cl_mem memobj, cl_mem_info param_name, size_t param_value_size,
                          void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(memobj))
        return CL_INVALID_MEM_OBJECT;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    switch (param_name) {
    case CL_MEM_TYPE:
        return reply.value(cl_mem_object_type(CL_MEM_OBJECT_BUFFER));
    case CL_MEM_FLAGS:
        return reply.value(memobj->flags);
    case CL_MEM_SIZE:
        return reply.value(memobj->size);
    case CL_MEM_HOST_PTR:
        return reply.value(memobj->hostPtr);
    case CL_MEM_MAP_COUNT:
        return reply.value(memobj->mapCount.load());
    case CL_MEM_REFERENCE_COUNT:
        return reply.value(memobj->references.load());
    case CL_MEM_CONTEXT:
        return reply.value(memobj->context);
    case CL_MEM_ASSOCIATED_MEMOBJECT:
        return reply.value(memobj->parent);
    case CL_MEM_OFFSET:
        return reply.value(memobj->offset);
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int clSetMemObjectDestructorCallback(cl_mem memobj, MemDestructorCallback pfn_notify,
                                        void* user_data) {
    faultPoint(__func__);
    if (!valid(memobj))
        return CL_INVALID_MEM_OBJECT;
    if (!pfn_notify)
        return CL_INVALID_VALUE;
    std::lock_guard lock(memobj->callbackMutex);
    memobj->destructorCallbacks.emplace_back(pfn_notify, user_data);
    return CL_SUCCESS;
}

// The device has no image support: no formats, for any flags and type.
cl_int clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                  cl_mem_object_type image_type, cl_uint num_entries,
                                  cl_image_format* image_formats, cl_uint* num_image_formats) {
    faultPoint(__func__);
    if (!valid(context))
        return CL_INVALID_CONTEXT;
    if (checkFlags(flags) != CL_SUCCESS || (num_entries == 0 && image_formats) ||
        image_type < CL_MEM_OBJECT_IMAGE2D || image_type > CL_MEM_OBJECT_IMAGE1D_BUFFER)
        return CL_INVALID_VALUE;
    if (num_image_formats)
        *num_image_formats = 0;
    return CL_SUCCESS;
}

cl_int clEnqueueReadBuffer(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
                           size_t offset, size_t size, void* ptr, cl_uint num_events_in_wait_list,
                           const cl_event* event_wait_list, cl_event* event) {
    faultPoint(__func__);
    (void)blocking_read; // every command completes at once
    if (const cl_int code = checkTransfer(command_queue, buffer, offset, size,
                                          num_events_in_wait_list, event_wait_list);
        code != CL_SUCCESS)
        return code;
    if (!ptr)
        return CL_INVALID_VALUE;
    if (buffer->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
        return CL_INVALID_OPERATION;
    std::memcpy(ptr, buffer->data + offset, size);
    completeCommand(command_queue, CL_COMMAND_READ_BUFFER, event);
    return CL_SUCCESS;
}

cl_int clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
                            size_t offset, size_t size, const void* ptr,
                            cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
                            cl_event* event) {
    faultPoint(__func__);
    (void)blocking_write;
    if (const cl_int code = checkTransfer(command_queue, buffer, offset, size,
                                          num_events_in_wait_list, event_wait_list);
        code != CL_SUCCESS)
        return code;
    if (!ptr)
        return CL_INVALID_VALUE;
    if (buffer->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))
        return CL_INVALID_OPERATION;
    std::memmove(buffer->data + offset, ptr, size); // the source may be a USE_HOST_PTR's own
    completeCommand(command_queue, CL_COMMAND_WRITE_BUFFER, event);
    return CL_SUCCESS;
}

cl_int clEnqueueCopyBuffer(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
                           size_t src_offset, size_t dst_offset, size_t size,
                           cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
                           cl_event* event) {
    faultPoint(__func__);
    if (const cl_int code = checkTransfer(command_queue, src_buffer, src_offset, size,
                                          num_events_in_wait_list, event_wait_list);
        code != CL_SUCCESS)
        return code;
    if (const cl_int code = checkTransfer(command_queue, dst_buffer, dst_offset, size, 0, nullptr);
        code != CL_SUCCESS)
        return code;
    const std::byte* from = src_buffer->data + src_offset;
    std::byte* to = dst_buffer->data + dst_offset;
    if (from < to + size && to < from + size) // overlapping, also through sub-buffers
        return CL_MEM_COPY_OVERLAP;
    std::memcpy(to, from, size);
    completeCommand(command_queue, CL_COMMAND_COPY_BUFFER, event);
    return CL_SUCCESS;
}

cl_int clEnqueueFillBuffer(cl_command_queue command_queue, cl_mem buffer, const void* pattern,
                           size_t pattern_size, size_t offset, size_t size,
                           cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
                           cl_event* event) {
    faultPoint(__func__);
    if (const cl_int code = checkTransfer(command_queue, buffer, offset, size,
                                          num_events_in_wait_list, event_wait_list);
        code != CL_SUCCESS)
        return code;
    const bool powerOfTwo = pattern_size && (pattern_size & (pattern_size - 1)) == 0;
    if (!pattern || !powerOfTwo || pattern_size > kMaxFillPatternSize ||
        offset % pattern_size != 0 || size % pattern_size != 0)
        return CL_INVALID_VALUE;
    for (size_t at = 0; at < size; at += pattern_size)
        std::memcpy(buffer->data + offset + at, pattern, pattern_size);
    completeCommand(command_queue, CL_COMMAND_FILL_BUFFER, event);
    return CL_SUCCESS;
}

void* clEnqueueMapBuffer(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_map,
                         cl_map_flags map_flags, size_t offset, size_t size,
                         cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
                         cl_event* event, cl_int* errcode_ret) {
    faultPoint(__func__);
    (void)blocking_map;
    if (const cl_int code = checkTransfer(command_queue, buffer, offset, size,
                                          num_events_in_wait_list, event_wait_list);
        code != CL_SUCCESS)
        return failWith(code, errcode_ret);
    constexpr cl_map_flags kMapFlags = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    if ((map_flags & ~kMapFlags) || ((map_flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
                                     (map_flags & (CL_MAP_READ | CL_MAP_WRITE))))
        return failWith(CL_INVALID_VALUE, errcode_ret);
    ++buffer->mapCount;
    completeCommand(command_queue, CL_COMMAND_MAP_BUFFER, event);
    return succeedWith(static_cast<void*>(buffer->data + offset), errcode_ret);
}

cl_int clEnqueueUnmapMemObject(cl_command_queue command_queue, cl_mem memobj, void* mapped_ptr,
                               cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
                               cl_event* event) {
    faultPoint(__func__);
    if (!valid(command_queue))
        return CL_INVALID_COMMAND_QUEUE;
    if (!valid(memobj))
        return CL_INVALID_MEM_OBJECT;
    if (memobj->context != command_queue->context)
        return CL_INVALID_CONTEXT;
    const auto* at = static_cast<const std::byte*>(mapped_ptr);
    if (!at || at < memobj->data || at >= memobj->data + memobj->size)
        return CL_INVALID_VALUE; // not a pointer a map of this buffer returned
    if (const cl_int code = checkEnqueue(command_queue, num_events_in_wait_list, event_wait_list);
        code != CL_SUCCESS)
        return code;
    // One map fewer; unmapping more often than mapping is the caller's error.
    cl_uint count = memobj->mapCount.load();
    do {
        if (count == 0)
            return CL_INVALID_VALUE;
    } while (!memobj->mapCount.compare_exchange_weak(count, count - 1));
    completeCommand(command_queue, CL_COMMAND_UNMAP_MEM_OBJECT, event);
    return CL_SUCCESS;
}

} // namespace clw::fakecl
