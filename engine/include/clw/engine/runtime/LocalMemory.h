#pragma once
#include <cstddef>

namespace clw::engine {

// A __local kernel argument of `size` bytes (the seeds' LocalMemory).
struct LocalMemory {
    size_t size = 0;
};

} // namespace clw::engine
