#pragma once
// The bytes the buffer inspector looks at: a device buffer, an image seen as packed pixel rows, or
// host memory (a snapshot, a test). Qt-free. Every call but size() may block on the device and is
// made on a worker thread only (DESIGN.md §3); errors are thrown (ClError, std::runtime_error) and
// turned into values at the worker boundary.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace clw::ui {

class BufferSource {
public:
    virtual ~BufferSource() = default;

    // Bytes, fixed for the source's life; never an OpenCL call (safe on the GUI thread).
    virtual std::uint64_t size() const = 0;
    // "buffer", "image2d 640 x 480 CL_RGBA / CL_FLOAT", "host copy": for titles and errors.
    virtual std::string description() const = 0;
    // The natural element type of the source ("float4" for an RGBA float image); empty when the
    // bytes say nothing of their type (a buffer).
    virtual std::string naturalType() const { return {}; }
    // Width and height in elements of an image; 0 for a buffer.
    virtual std::uint64_t naturalWidth() const { return 0; }
    virtual std::uint64_t naturalHeight() const { return 0; }

    // Copies [offset, offset + out.size()) into `out`. Throws when the range is past the end.
    virtual void read(std::uint64_t offset, std::span<unsigned char> out) const = 0;
    // Writes `bytes` at `offset`; blocks until the device has them.
    virtual void write(std::uint64_t offset, std::span<const unsigned char> bytes) = 0;
    // Fills [offset, offset + size) with copies of `pattern` in one device command where the
    // source can (a buffer, a pattern of 1 to 128 bytes, a power of two, dividing offset and
    // size). False when it cannot: the caller writes the bytes itself.
    virtual bool fillPattern(std::span<const unsigned char> pattern, std::uint64_t offset,
                             std::uint64_t size) {
        (void)pattern, (void)offset, (void)size;
        return false;
    }
    // A copy of the current contents that later writes to this source leave alone: "compare with
    // the previous contents". A device buffer copies on the device.
    virtual std::shared_ptr<BufferSource> snapshot() const = 0;
    // Why the contents are gone for good, every call failing from now on: "The device host for
    // `Portable Computing Language` stopped while idle (SIGKILL)." for a buffer of a device host
    // that ended. Empty while they are there. Never an OpenCL call (safe on the GUI thread).
    virtual std::string lostReason() const { return {}; }

protected:
    // Throws std::out_of_range naming the range and the size.
    void checkRange(std::uint64_t offset, std::uint64_t length) const;
};

} // namespace clw::ui
