#pragma once
// Geometry of the rectangular and image transfers: origins and regions in the C API's terms.
#include <array>
#include <cstddef>

namespace clw::engine {

using Size3 = std::array<size_t, 3>;

// A clEnqueueReadBufferRect / WriteBufferRect / CopyBufferRect region. For reads and writes,
// "source" is the buffer and "destination" the host memory (write: the reverse direction, same
// fields). Pitches of 0 mean tightly packed, as in the C API. region[0] is in bytes.
struct RectRegion {
    Size3 bufferOrigin{0, 0, 0};
    Size3 hostOrigin{0, 0, 0};
    Size3 region{0, 1, 1};
    size_t bufferRowPitch = 0;
    size_t bufferSlicePitch = 0;
    size_t hostRowPitch = 0;
    size_t hostSlicePitch = 0;
};

// A clEnqueueCopyBufferRect region between two buffers.
struct CopyRectRegion {
    Size3 srcOrigin{0, 0, 0};
    Size3 dstOrigin{0, 0, 0};
    Size3 region{0, 1, 1};
    size_t srcRowPitch = 0;
    size_t srcSlicePitch = 0;
    size_t dstRowPitch = 0;
    size_t dstSlicePitch = 0;
};

} // namespace clw::engine
