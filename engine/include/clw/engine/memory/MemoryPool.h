#pragma once
// PyOpenCL's memory pool in C++ (the seeds' MemoryPool and SVMPool): freed blocks are held in
// size bins and handed out again, so allocation after warm-up costs no OpenCL call. Thread-safe:
// several threads may allocate and release at once.
#include "clw/engine/memory/MemoryPoolCore.h"
#include "clw/engine/memory/PooledBuffer.h"
#include "clw/engine/memory/PooledSvm.h"

#include <memory>
#include <type_traits>

namespace clw::engine {

class SvmAllocator;

// Allocator: DeferredAllocator, ImmediateAllocator (recommended for buffers) or SvmAllocator.
template <class Allocator>
class MemoryPool {
public:
    using Block = typename Allocator::Block;
    using Pooled = std::conditional_t<std::is_same_v<Block, Buffer>, PooledBuffer, PooledSvm>;

    // leadingBits: bits of a size after its leading one that pick its bin; 4 bounds padding at
    // 6.25 %.
    explicit MemoryPool(Allocator allocator, unsigned leadingBits = 4)
        : m_core(std::make_shared<MemoryPoolCore<Allocator>>(std::move(allocator), leadingBits)) {}
    MemoryPool(const MemoryPool&) = delete;
    MemoryPool& operator=(const MemoryPool&) = delete;
    // Blocks still in use return to the pool's core and are freed then.
    ~MemoryPool() { m_core->stopHolding(); }

    // A block of at least `size` bytes; an empty one for size 0. Throws AllocationError when the
    // request is above the device's maximum allocation or memory stays exhausted after the pool
    // freed what it held, ClError for other failures.
    Pooled allocate(size_t size) { return Pooled(m_core->allocate(size)); }
    Pooled operator()(size_t size) { return allocate(size); }

    // Frees the blocks held for reuse.
    void freeHeld() { m_core->freeHeld(); }
    // Frees held blocks and from now on frees returned blocks instead of holding them.
    void stopHolding() { m_core->stopHolding(); }

    PoolStats stats() const { return m_core->stats(); }
    const PoolBins& bins() const noexcept { return m_core->bins(); }
    const Allocator& allocator() const noexcept { return m_core->allocator(); }

private:
    std::shared_ptr<MemoryPoolCore<Allocator>> m_core;
};

using SvmPool = MemoryPool<SvmAllocator>;

} // namespace clw::engine
