#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

namespace clw::engine {

// Where a pooled block goes back to when its last user lets go: the pool's core. Leases keep it
// alive, so a block that outlives its pool is still freed properly.
template <class Block>
class BlockHome {
public:
    virtual ~BlockHome() = default;
    // Never throws: called from destructors.
    virtual void giveBack(std::uint32_t bin, size_t requested, Block&& block) noexcept = 0;
};

// Owns one block handed out by a pool; its destructor, run once when the last pooled handle
// sharing it goes, returns the block to the pool.
template <class Block>
class PoolLease {
public:
    PoolLease(std::shared_ptr<BlockHome<Block>> home, std::uint32_t bin, size_t requested,
              Block block)
        : m_home(std::move(home))
        , m_bin(bin)
        , m_requested(requested)
        , m_block(std::move(block)) {}
    PoolLease(const PoolLease&) = delete;
    PoolLease& operator=(const PoolLease&) = delete;
    ~PoolLease() { m_home->giveBack(m_bin, m_requested, std::move(m_block)); }

    const Block& block() const noexcept { return m_block; }
    // For binding the block to a queue while it is out (PooledSvm::bindToQueue).
    Block& block() noexcept { return m_block; }
    size_t requested() const noexcept { return m_requested; }

private:
    std::shared_ptr<BlockHome<Block>> m_home;
    std::uint32_t m_bin;
    size_t m_requested;
    Block m_block;
};

} // namespace clw::engine
