#include "clw/engine/runtime/SvmAllocation.h"

#include "clw/engine/runtime/QueueOrder.h"

#include <algorithm>
#include <string>
#include <utility>

namespace clw::engine {

namespace {

std::string describeAllocation(cl_svm_mem_flags flags, size_t size, cl_uint alignment) {
    std::string text = "allocating " + std::to_string(size) + " bytes of ";
    text += (flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) ? "fine-grain" : "coarse-grain";
    if (flags & CL_MEM_SVM_ATOMICS)
        text += " atomic";
    text += " SVM";
    if (alignment)
        text += " aligned to " + std::to_string(alignment) + " bytes";
    return text;
}

// For the destructor and move assignment, which must not throw.
void releaseQuietly(SvmAllocation& allocation) noexcept {
    try {
        allocation.release();
    } catch (const ClError& error) {
        // The free could not be enqueued. Freeing at once could pull the memory from under
        // queued work, so the block is kept (leaked) and the failure counted and reported.
        noteFailedRelease("SVM allocation", error.code());
    }
}

} // namespace

// clSVMAlloc says nothing about why it returned null: find the reason from the devices.
ClError svmAllocationError(const Context& context, cl_svm_mem_flags flags, size_t size,
                           cl_uint alignment) {
    const std::string doing = describeAllocation(flags, size, alignment);
    // The OpenCL library has no clSVMAlloc (Apple's 1.2 framework): ClError says so.
    if (missingClFunctionVersion("clSVMAlloc"))
        return ClError(CL_INVALID_OPERATION, "clSVMAlloc", doing);
    cl_device_svm_capabilities any = 0;
    size_t maxAlloc = 0;
    try {
        for (const Device& device : context.devices()) {
            if (auto caps = device.tryInfo<CL_DEVICE_SVM_CAPABILITIES>())
                any |= *caps;
            maxAlloc = std::max<size_t>(maxAlloc, device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>());
        }
    } catch (const ClError& error) {
        return ClError(CL_OUT_OF_RESOURCES, "clSVMAlloc",
                       doing +
                           " (the driver returned no memory, and asking the devices why "
                           "failed: " +
                           error.what() + ")");
    }
    if (!any)
        return ClError(CL_INVALID_OPERATION, "clSVMAlloc",
                       doing + " (no device of the context has shared virtual memory: "
                               "CL_DEVICE_SVM_CAPABILITIES is 0)");
    if ((flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) && !(any & CL_DEVICE_SVM_FINE_GRAIN_BUFFER))
        return ClError(CL_INVALID_OPERATION, "clSVMAlloc",
                       doing + " (no device of the context has fine-grain buffer SVM: "
                               "CL_DEVICE_SVM_FINE_GRAIN_BUFFER)");
    if ((flags & CL_MEM_SVM_ATOMICS) && !(any & CL_DEVICE_SVM_ATOMICS))
        return ClError(CL_INVALID_OPERATION, "clSVMAlloc",
                       doing + " (no device of the context has SVM atomics: "
                               "CL_DEVICE_SVM_ATOMICS)");
    std::string reason = " (the driver returned no memory";
    if (size == 0)
        reason += ": the size must be above 0";
    else if (maxAlloc && size > maxAlloc)
        reason += ": above the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE of " +
                  std::to_string(maxAlloc) + " bytes";
    else if (alignment & (alignment - 1))
        reason += ": the alignment must be a power of two";
    return ClError(CL_OUT_OF_RESOURCES, "clSVMAlloc", doing + reason + ")");
}

SvmAllocation::SvmAllocation(const Context& context, cl_svm_mem_flags flags, size_t size,
                             cl_uint alignment, std::optional<CommandQueue> freeOn)
    : m_context(context)
    , m_size(size)
    , m_flags(flags)
    , m_freeOn(std::move(freeOn)) {
    m_data = clApi().clSVMAlloc(context.get(), flags, size, alignment);
    if (!m_data)
        throw svmAllocationError(context, flags, size, alignment);
}

SvmAllocation::SvmAllocation(SvmAllocation&& other) noexcept
    : m_context(std::move(other.m_context))
    , m_data(std::exchange(other.m_data, nullptr))
    , m_size(std::exchange(other.m_size, 0))
    , m_flags(std::exchange(other.m_flags, 0))
    , m_freeOn(std::exchange(other.m_freeOn, std::nullopt)) {}

SvmAllocation& SvmAllocation::operator=(SvmAllocation&& other) noexcept {
    if (this != &other) {
        releaseQuietly(*this);
        m_context = std::move(other.m_context);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_flags = std::exchange(other.m_flags, 0);
        m_freeOn = std::exchange(other.m_freeOn, std::nullopt);
    }
    return *this;
}

SvmAllocation::~SvmAllocation() {
    releaseQuietly(*this);
}

void SvmAllocation::bindToQueue(const CommandQueue& queue) {
    if (m_freeOn && m_data)
        orderAfter(*m_freeOn, queue);
    m_freeOn = queue;
}

void SvmAllocation::unbindFromQueue() {
    if (m_freeOn && m_data)
        m_freeOn->finish();
    m_freeOn.reset();
}

Event SvmAllocation::release() {
    if (!m_data)
        return {};
    if (m_freeOn)
        return enqueueRelease();
    clApi().clSVMFree(m_context.get(), std::exchange(m_data, nullptr));
    m_size = 0;
    return {};
}

Event SvmAllocation::enqueueRelease(std::optional<CommandQueue> queue,
                                    CommandQueue::WaitList waitFor) {
    if (!m_data)
        return {};
    if (!queue)
        queue = m_freeOn;
    if (!queue)
        throw ClError(CL_INVALID_COMMAND_QUEUE, "SvmAllocation",
                      "releasing " + std::to_string(m_size) +
                          " bytes of SVM on a queue: none was given and none is bound");
    if (m_freeOn)
        orderAfter(*m_freeOn, *queue); // work on the bound queue may still use it
    // Throws and keeps the block when the free cannot be enqueued.
    Event event = queue->svmFree({m_data}, waitFor);
    m_data = nullptr;
    m_size = 0;
    return event;
}

} // namespace clw::engine
