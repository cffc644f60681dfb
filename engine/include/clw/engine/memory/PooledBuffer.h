#pragma once
#include "clw/engine/memory/BlockHome.h"
#include "clw/engine/runtime/Buffer.h"

#include <memory>

namespace clw::engine {

// A buffer from a MemoryPool. It is a Buffer, so it goes anywhere a buffer goes (kernel
// arguments, transfers, sub-buffers); when its last PooledBuffer copy goes, the block returns to
// the pool.
//
// The block may be larger than asked (rounded up to its bin): size() is the block's size,
// requestedSize() what was asked. A plain Buffer copied from it keeps the memory object alive,
// but not the pool's claim on it: keep a PooledBuffer as long as the memory is in use.
class PooledBuffer : public Buffer {
public:
    using Lease = PoolLease<Buffer>;

    PooledBuffer() = default;
    explicit PooledBuffer(std::shared_ptr<Lease> lease)
        : Buffer(lease ? lease->block() : Buffer())
        , m_lease(std::move(lease)) {}

    size_t requestedSize() const noexcept { return m_lease ? m_lease->requested() : 0; }
    // The pool's claim on the block: the block stays out of the pool while any copy lives.
    const std::shared_ptr<Lease>& lease() const noexcept { return m_lease; }
    // Lets go of this copy now; the block returns to the pool when it was the last.
    void release() noexcept {
        m_lease.reset();
        m_handle.reset();
    }

private:
    std::shared_ptr<Lease> m_lease;
};

} // namespace clw::engine
