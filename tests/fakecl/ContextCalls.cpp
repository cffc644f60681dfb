// Contexts and command queues. A queue runs every command when it is enqueued, so flush and
// finish have nothing to wait for.
#include "FakeApi.h"
#include "FaultInjection.h"
#include "IcdObjects.h"
#include "InfoReply.h"

#include <span>

namespace clw::fakecl {

namespace {

using ContextNotify = void(CL_CALLBACK*)(const char*, const void*, size_t, void*);

// Checks a context property list and copies it, terminator included.
cl_int readProperties(const cl_context_properties* properties,
                      std::vector<cl_context_properties>& copy) {
    if (!properties)
        return CL_SUCCESS;
    bool platformSeen = false, syncSeen = false;
    size_t i = 0;
    for (; properties[i] != 0; i += 2) {
        const cl_context_properties name = properties[i], value = properties[i + 1];
        if (name == CL_CONTEXT_PLATFORM && !platformSeen) {
            platformSeen = true;
            if (reinterpret_cast<cl_platform_id>(value) != thePlatform())
                return CL_INVALID_PLATFORM;
        } else if (name == CL_CONTEXT_INTEROP_USER_SYNC && !syncSeen) {
            syncSeen = true;
        } else {
            return CL_INVALID_PROPERTY; // unknown, or given twice
        }
    }
    copy.assign(properties, properties + i + 1);
    return CL_SUCCESS;
}

cl_context makeContext(const cl_context_properties* properties, std::span<const cl_device_id> ids,
                       ContextNotify notify, void* user_data, cl_int* errcode_ret) {
    if (!notify && user_data)
        return failWith(CL_INVALID_VALUE, errcode_ret);
    auto context = std::make_unique<_cl_context>();
    if (const cl_int code = readProperties(properties, context->properties); code != CL_SUCCESS)
        return failWith(code, errcode_ret);
    context->devices.assign(ids.begin(), ids.end());
    return succeedWith(context.release(), errcode_ret);
}

cl_command_queue makeQueue(cl_context context, cl_device_id device,
                           cl_command_queue_properties properties, cl_int* errcode_ret) {
    if (!valid(context))
        return failWith(CL_INVALID_CONTEXT, errcode_ret);
    if (!validDevice(device))
        return failWith(CL_INVALID_DEVICE, errcode_ret);
    constexpr cl_command_queue_properties kKnown = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                                   CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_ON_DEVICE |
                                                   CL_QUEUE_ON_DEVICE_DEFAULT;
    if (properties & ~kKnown)
        return failWith(CL_INVALID_VALUE, errcode_ret);
    if (properties & ~cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE))
        return failWith(CL_INVALID_QUEUE_PROPERTIES, errcode_ret); // what the device lacks
    auto* queue = new _cl_command_queue;
    retain(context);
    queue->context = context;
    queue->device = device;
    queue->properties = properties;
    return succeedWith(queue, errcode_ret);
}

} // namespace

void destroy(cl_context context) {
    delete context;
}

void destroy(cl_command_queue queue) {
    const cl_context context = queue->context;
    delete queue;
    release(context);
}

cl_context clCreateContext(const cl_context_properties* properties, cl_uint num_devices,
                           const cl_device_id* devices, ContextNotify pfn_notify, void* user_data,
                           cl_int* errcode_ret) {
    faultPoint(__func__);
    if (num_devices == 0 || !devices)
        return failWith(CL_INVALID_VALUE, errcode_ret);
    for (cl_uint i = 0; i < num_devices; ++i)
        if (!validDevice(devices[i]))
            return failWith(CL_INVALID_DEVICE, errcode_ret);
    return makeContext(properties, {devices, num_devices}, pfn_notify, user_data, errcode_ret);
}

cl_context clCreateContextFromType(const cl_context_properties* properties,
                                   cl_device_type device_type, ContextNotify pfn_notify,
                                   void* user_data, cl_int* errcode_ret) {
    faultPoint(__func__);
    if (const cl_int found = matchDeviceType(device_type); found != CL_SUCCESS)
        return failWith(found, errcode_ret);
    const cl_device_id device = theDevice();
    return makeContext(properties, {&device, 1}, pfn_notify, user_data, errcode_ret);
}

cl_int clRetainContext(cl_context context) {
    faultPoint(__func__);
    if (!valid(context))
        return CL_INVALID_CONTEXT;
    retain(context);
    return CL_SUCCESS;
}

cl_int clReleaseContext(cl_context context) {
    faultPoint(__func__);
    if (!valid(context))
        return CL_INVALID_CONTEXT;
    release(context);
    return CL_SUCCESS;
}

cl_int clGetContextInfo(cl_context context, cl_context_info param_name, size_t param_value_size,
                        void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(context))
        return CL_INVALID_CONTEXT;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    switch (param_name) {
    case CL_CONTEXT_REFERENCE_COUNT:
        return reply.value(context->references.load());
    case CL_CONTEXT_NUM_DEVICES:
        return reply.value(cl_uint(context->devices.size()));
    case CL_CONTEXT_DEVICES:
        return reply.array(std::span<const cl_device_id>(context->devices));
    case CL_CONTEXT_PROPERTIES:
        return reply.array(std::span<const cl_context_properties>(context->properties));
    default:
        return CL_INVALID_VALUE;
    }
}

cl_command_queue clCreateCommandQueue(cl_context context, cl_device_id device,
                                      cl_command_queue_properties properties, cl_int* errcode_ret) {
    faultPoint(__func__);
    return makeQueue(context, device, properties, errcode_ret);
}

cl_command_queue clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                                    const cl_queue_properties* properties,
                                                    cl_int* errcode_ret) {
    faultPoint(__func__);
    cl_command_queue_properties bits = 0;
    for (size_t i = 0; properties && properties[i] != 0; i += 2) {
        // CL_QUEUE_SIZE is for device queues, which the device does not have.
        if (properties[i] != CL_QUEUE_PROPERTIES)
            return failWith(CL_INVALID_VALUE, errcode_ret);
        bits = properties[i + 1];
    }
    return makeQueue(context, device, bits, errcode_ret);
}

cl_int clRetainCommandQueue(cl_command_queue command_queue) {
    faultPoint(__func__);
    if (!valid(command_queue))
        return CL_INVALID_COMMAND_QUEUE;
    retain(command_queue);
    return CL_SUCCESS;
}

cl_int clReleaseCommandQueue(cl_command_queue command_queue) {
    faultPoint(__func__);
    if (!valid(command_queue))
        return CL_INVALID_COMMAND_QUEUE;
    release(command_queue);
    return CL_SUCCESS;
}

cl_int clGetCommandQueueInfo(cl_command_queue command_queue, cl_command_queue_info param_name,
                             size_t param_value_size, void* param_value,
                             size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(command_queue))
        return CL_INVALID_COMMAND_QUEUE;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    switch (param_name) {
    case CL_QUEUE_CONTEXT:
        return reply.value(command_queue->context);
    case CL_QUEUE_DEVICE:
        return reply.value(command_queue->device);
    case CL_QUEUE_REFERENCE_COUNT:
        return reply.value(command_queue->references.load());
    case CL_QUEUE_PROPERTIES:
        return reply.value(command_queue->properties);
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int clFlush(cl_command_queue command_queue) {
    faultPoint(__func__);
    return valid(command_queue) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

cl_int clFinish(cl_command_queue command_queue) {
    faultPoint(__func__);
    return valid(command_queue) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

} // namespace clw::fakecl
