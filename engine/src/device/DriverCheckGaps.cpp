#include "clw/engine/device/DriverCheckGaps.h"

namespace clw::engine {

DriverCheckGaps driverCheckGaps(const DeviceFacts& facts) {
    DriverCheckGaps gaps;
    // NVIDIA 580 (the H100's driver in tests/results/engine-h100.txt): each of these returned
    // success, or another code where one is named after "answers".
    if (facts.platformName.find("NVIDIA") != std::string::npos) {
        gaps.driver = "NVIDIA's driver (seen with 580)";
        gaps.checks = {
            "a 0-byte __local argument (CL_INVALID_ARG_SIZE)",
            "argument info past the last argument (CL_INVALID_ARG_INDEX; it answers "
            "CL_INVALID_VALUE)",
            "a link of no programs (CL_INVALID_VALUE; it answers CL_LINK_PROGRAM_FAILURE)",
            "a program binary of no known kind (CL_INVALID_BINARY)",
            "build options it does not take (CL_INVALID_BUILD_OPTIONS; it answers "
            "CL_BUILD_PROGRAM_FAILURE)",
            "a buffer above CL_DEVICE_MAX_MEM_ALLOC_SIZE (CL_INVALID_BUFFER_SIZE)",
            "CL_MEM_USE_HOST_PTR with CL_MEM_COPY_HOST_PTR or CL_MEM_ALLOC_HOST_PTR "
            "(CL_INVALID_VALUE)",
            "a sub-buffer out of bounds (CL_INVALID_VALUE), misaligned "
            "(CL_MISALIGNED_SUB_BUFFER_OFFSET) or of a sub-buffer (CL_INVALID_MEM_OBJECT)",
            "a fill whose size is not a multiple of its pattern (CL_INVALID_VALUE)",
            "a user event's status set twice (CL_INVALID_OPERATION)",
            "an empty event in a wait list (CL_INVALID_EVENT_WAIT_LIST; it answers "
            "CL_INVALID_EVENT)",
            "unnormalized sampler coordinates with repeat addressing (CL_INVALID_VALUE)",
            "a work-group above the kernel's CL_KERNEL_WORK_GROUP_SIZE "
            "(CL_INVALID_WORK_GROUP_SIZE)",
        };
    }
    return gaps;
}

} // namespace clw::engine
