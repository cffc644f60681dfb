#pragma once
// Shared virtual memory that the host fills and reads on whatever SVM a device has: fine grain
// where the device has it (the host touches the memory directly), else coarse grain, which every
// device with SVM has, between a map and an unmap. OpenCL 3.0 makes SVM optional and many devices
// (NVIDIA's) have coarse grain only.
#include "ClTestUtil.h"

#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/SvmAllocation.h"

#include <algorithm>
#include <vector>

namespace clw::test {

// CL_DEVICE_SVM_CAPABILITIES; 0 where the device has no SVM or predates OpenCL 2.0.
inline cl_device_svm_capabilities svmCapabilities(const engine::Device& device) {
    return device.tryInfo<CL_DEVICE_SVM_CAPABILITIES>().value_or(0);
}

inline bool hasSvm(const engine::Device& device) {
    return (svmCapabilities(device) & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) != 0;
}

inline bool hasFineGrainSvm(const engine::Device& device) {
    return (svmCapabilities(device) & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
}

// Read-write SVM of the finest grain the device has.
inline cl_svm_mem_flags hostSharedSvmFlags(const engine::Device& device) {
    return hasFineGrainSvm(device) ? CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER
                                   : cl_svm_mem_flags(CL_MEM_READ_WRITE);
}

// Writes `values` at the start of `svm`: directly into fine grain, through a map (and an unmap
// waited for) into coarse grain.
template <class T>
void svmWrite(const engine::CommandQueue& queue, const engine::SvmAllocation& svm,
              const std::vector<T>& values) {
    const size_t bytes = values.size() * sizeof(T);
    if (!svm.isFineGrain())
        queue.svmMap(svm.data(), bytes, CL_MAP_WRITE_INVALIDATE_REGION);
    std::copy(values.begin(), values.end(), svm.as<T>());
    if (!svm.isFineGrain())
        queue.svmUnmap(svm.data()).wait();
}

// The first `count` values of `svm`, read directly from fine grain (after the work that wrote
// them finished) or through a map of coarse grain.
template <class T>
std::vector<T> svmRead(const engine::CommandQueue& queue, const engine::SvmAllocation& svm,
                       size_t count) {
    const size_t bytes = count * sizeof(T);
    if (!svm.isFineGrain())
        queue.svmMap(svm.data(), bytes, CL_MAP_READ);
    std::vector<T> values(svm.as<T>(), svm.as<T>() + count);
    if (!svm.isFineGrain())
        queue.svmUnmap(svm.data()).wait();
    return values;
}

} // namespace clw::test

// Where `device` has no SVM at all, checks the exact error an allocation in `context` gives and
// returns from the test function: nothing else of the test can run on such a device.
#define CLW_CHECK_SVM_OR_RETURN(device, context)                                                   \
    do {                                                                                           \
        if (!::clw::test::hasSvm(device)) {                                                        \
            CLW_EXPECT_CL_ERROR(::clw::engine::SvmAllocation((context), CL_MEM_READ_WRITE, 64),    \
                                CL_INVALID_OPERATION, "clSVMAlloc");                               \
            return;                                                                                \
        }                                                                                          \
    } while (0)
