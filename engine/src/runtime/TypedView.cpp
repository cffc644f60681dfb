#include "clw/engine/runtime/TypedView.h"

#include <cstdint>
#include <string>

namespace clw::engine {

void checkTypedView(const void* data, size_t bytes, size_t elementSize, size_t alignment,
                    const char* function, const char* what) {
    const std::string doing = "viewing " + std::string(what) + " of " + std::to_string(bytes) +
                              " bytes as " + std::to_string(elementSize) + "-byte elements";
    if (bytes % elementSize != 0)
        throw ClError(CL_INVALID_VALUE, function,
                      doing + " (the size is not a multiple of the element size: view it as "
                              "smaller elements, or map or make a size that fits)");
    if (reinterpret_cast<std::uintptr_t>(data) % alignment != 0)
        throw ClError(CL_INVALID_VALUE, function,
                      doing + " (the memory is not aligned to " + std::to_string(alignment) +
                          " bytes, as the element type needs)");
}

} // namespace clw::engine
