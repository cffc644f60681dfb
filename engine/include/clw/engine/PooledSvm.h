#pragma once
#include "clw/engine/BlockHome.h"
#include "clw/engine/SvmBlock.h"

#include <memory>

namespace clw::engine {

// A block of shared virtual memory from an SvmPool: returns itself to the pool when its last
// copy goes. Pass data() where an SVM pointer goes (Kernel::setArg takes it directly).
class PooledSvm {
public:
    using Lease = PoolLease<SvmBlock>;

    PooledSvm() = default;
    explicit PooledSvm(std::shared_ptr<Lease> lease)
        : m_lease(std::move(lease)) {}

    void* data() const noexcept { return m_lease ? m_lease->block().data : nullptr; }
    template <class T>
    T* as() const noexcept {
        return static_cast<T*>(data());
    }
    // The block's size (rounded up to its bin) and what was asked.
    size_t size() const noexcept { return m_lease ? m_lease->block().size : 0; }
    size_t requestedSize() const noexcept { return m_lease ? m_lease->requested() : 0; }
    // The pool's claim on the block: the block stays out of the pool while any copy lives.
    const std::shared_ptr<Lease>& lease() const noexcept { return m_lease; }
    explicit operator bool() const noexcept { return data() != nullptr; }
    void release() noexcept { m_lease.reset(); }

    friend bool operator==(const PooledSvm& a, const PooledSvm& b) { return a.data() == b.data(); }

private:
    std::shared_ptr<Lease> m_lease;
};

} // namespace clw::engine
