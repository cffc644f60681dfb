#include "clw/engine/memory/AllocationError.h"

#include "clw/engine/runtime/InfoValue.h"

namespace clw::engine {

AllocationError::AllocationError(cl_int code, std::string function, std::uint64_t requested,
                                 std::uint64_t heldBytes, const std::string& limits,
                                 const std::string& cause)
    : ClError(code, std::move(function),
              "allocating " + humanBytes(requested) + " (" + std::to_string(requested) +
                  " bytes): " + cause + "; the pool holds " + humanBytes(heldBytes) +
                  " for reuse; " + limits)
    , m_requested(requested)
    , m_heldBytes(heldBytes) {}

bool isOutOfMemory(cl_int code) noexcept {
    return code == CL_MEM_OBJECT_ALLOCATION_FAILURE || code == CL_OUT_OF_RESOURCES ||
           code == CL_OUT_OF_HOST_MEMORY;
}

} // namespace clw::engine
