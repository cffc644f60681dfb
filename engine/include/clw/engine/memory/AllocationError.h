#pragma once
#include "clw/engine/runtime/ClError.h"

#include <cstdint>
#include <string>

namespace clw::engine {

// An allocation that could not be satisfied: out of device memory after the pool freed what it
// held, or a request above the device's maximum single allocation (refused before any call).
// The message names the size asked, the pool's held bytes and the device's limits.
class AllocationError : public ClError {
public:
    AllocationError(cl_int code, std::string function, std::uint64_t requested,
                    std::uint64_t heldBytes, const std::string& limits, const std::string& cause);

    std::uint64_t requested() const noexcept { return m_requested; }
    std::uint64_t heldBytes() const noexcept { return m_heldBytes; }

private:
    std::uint64_t m_requested;
    std::uint64_t m_heldBytes;
};

// True for the codes drivers use to say "no memory": CL_MEM_OBJECT_ALLOCATION_FAILURE,
// CL_OUT_OF_RESOURCES and CL_OUT_OF_HOST_MEMORY.
bool isOutOfMemory(cl_int code) noexcept;

} // namespace clw::engine
