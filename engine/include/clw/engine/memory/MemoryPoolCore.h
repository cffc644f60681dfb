#pragma once
// The shared state of a MemoryPool: held blocks by bin, counters, the allocator. Leases keep it
// alive, so blocks handed out can return after the MemoryPool object itself is gone.
#include "clw/engine/memory/AllocationError.h"
#include "clw/engine/memory/BlockHome.h"
#include "clw/engine/memory/PoolBins.h"
#include "clw/engine/memory/PoolStats.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace clw::engine {

template <class Allocator>
class MemoryPoolCore : public BlockHome<typename Allocator::Block>,
                       public std::enable_shared_from_this<MemoryPoolCore<Allocator>> {
public:
    using Block = typename Allocator::Block;
    using Lease = PoolLease<Block>;
    // The bin of a block that must not be held: one allocated at its exact size because the
    // bin's size is above the device's maximum allocation.
    static constexpr std::uint32_t kUnbinned = UINT32_MAX;

    MemoryPoolCore(Allocator allocator, unsigned leadingBits)
        : m_allocator(std::move(allocator))
        , m_bins(leadingBits) {}

    std::shared_ptr<Lease> allocate(size_t size) {
        if (size == 0)
            return nullptr; // the seeds: a zero-size request gives no buffer
        const AllocationLimits& limits = m_allocator.limits();
        if (size > limits.maxAllocation)
            throw AllocationError(CL_INVALID_BUFFER_SIZE, "MemoryPool::allocate", size,
                                  stats().heldBytes, limits.description,
                                  "the request is above the device's maximum single allocation "
                                  "(CL_DEVICE_MAX_MEM_ALLOC_SIZE); nothing was allocated");
        std::uint32_t bin = m_bins.binOf(size);
        size_t blockSize = m_bins.allocationSize(bin);
        if (blockSize > limits.maxAllocation) {
            bin = kUnbinned;
            blockSize = size;
        }
        if (auto block = takeHeld(bin, size, blockSize)) {
            try {
                m_allocator.prepareReuse(*block);
            } catch (...) {
                giveBack(bin, size, std::move(*block)); // keeps the counters right
                throw;
            }
            return std::make_shared<Lease>(this->shared_from_this(), bin, size, std::move(*block));
        }
        Block block = allocateWithRetry(size, blockSize);
        {
            std::lock_guard lock(m_mutex);
            ++m_stats.misses;
            countActive(size, blockSize);
        }
        return std::make_shared<Lease>(this->shared_from_this(), bin, size, std::move(block));
    }

    void giveBack(std::uint32_t bin, size_t requested, Block&& block) noexcept override {
        const size_t blockSize = bin == kUnbinned ? requested : m_bins.allocationSize(bin);
        bool hold = false;
        {
            std::lock_guard lock(m_mutex);
            --m_stats.activeBlocks;
            m_stats.activeBytes -= requested;
            m_stats.activeAllocatedBytes -= blockSize;
            hold = m_holding && bin != kUnbinned;
        }
        if (!hold) {
            m_allocator.free(std::move(block));
            return;
        }
        if (!m_allocator.recycle(block)) {
            m_allocator.free(std::move(block)); // cannot be handed out safely again
            return;
        }
        {
            std::lock_guard lock(m_mutex);
            // stopHolding() may have run since the check above: then nobody would free it here.
            if (m_holding) {
                try {
                    m_held[bin].push_back(std::move(block));
                    ++m_stats.heldBlocks;
                    m_stats.heldBytes += blockSize;
                    return;
                } catch (const std::bad_alloc&) {
                    // No host memory to remember it: the block is freed below instead.
                }
            }
        }
        m_allocator.free(std::move(block));
    }

    // Frees every held block, largest bins first.
    void freeHeld() {
        std::map<std::uint32_t, std::vector<Block>> held;
        {
            std::lock_guard lock(m_mutex);
            held.swap(m_held);
            m_stats.heldBlocks = 0;
            m_stats.heldBytes = 0;
        }
        for (auto it = held.rbegin(); it != held.rend(); ++it)
            for (Block& block : it->second)
                m_allocator.free(std::move(block));
    }

    void stopHolding() {
        {
            std::lock_guard lock(m_mutex);
            m_holding = false;
        }
        freeHeld();
    }

    PoolStats stats() const {
        std::lock_guard lock(m_mutex);
        return m_stats;
    }
    const PoolBins& bins() const noexcept { return m_bins; }
    const Allocator& allocator() const noexcept { return m_allocator; }

private:
    std::unique_ptr<Block> takeHeld(std::uint32_t bin, size_t size, size_t blockSize) {
        if (bin == kUnbinned)
            return nullptr;
        std::lock_guard lock(m_mutex);
        auto it = m_held.find(bin);
        if (it == m_held.end() || it->second.empty())
            return nullptr;
        auto block = std::make_unique<Block>(std::move(it->second.back()));
        it->second.pop_back();
        --m_stats.heldBlocks;
        m_stats.heldBytes -= blockSize;
        ++m_stats.hits;
        countActive(size, blockSize);
        return block;
    }

    void countActive(size_t size, size_t blockSize) {
        ++m_stats.activeBlocks;
        m_stats.activeBytes += size;
        m_stats.activeAllocatedBytes += blockSize;
    }

    // Frees one held block of the largest bin that has one. False when none is held.
    bool freeLargestHeld() {
        std::optional<Block> block;
        {
            std::lock_guard lock(m_mutex);
            for (auto it = m_held.rbegin(); it != m_held.rend() && !block; ++it) {
                if (it->second.empty())
                    continue;
                block.emplace(std::move(it->second.back()));
                it->second.pop_back();
                --m_stats.heldBlocks;
                m_stats.heldBytes -= m_bins.allocationSize(it->first);
            }
        }
        if (!block)
            return false;
        m_allocator.free(std::move(*block));
        return true;
    }

    // On out-of-memory, frees held blocks one at a time, largest first, trying again after each
    // (PyOpenCL's pool does the same): what is held and small enough stays for later requests.
    Block allocateWithRetry(size_t size, size_t blockSize) {
        std::optional<ClError> failure;
        if (std::optional<Block> block = tryAllocate(blockSize, failure))
            return std::move(*block);
        bool freedAny = false;
        while (freeLargestHeld()) {
            freedAny = true;
            {
                std::lock_guard lock(m_mutex);
                ++m_stats.outOfMemoryRetries;
            }
            if (std::optional<Block> block = tryAllocate(blockSize, failure))
                return std::move(*block);
        }
        throw AllocationError(failure->code(), failure->function(), size, stats().heldBytes,
                              m_allocator.limits().description,
                              freedAny ? "out of memory after the pool freed the blocks it held"
                                       : "out of memory, and the pool held no block to free");
    }

    // A new block, or none when the allocator is out of memory (its error kept in `failure`);
    // any other error is thrown.
    std::optional<Block> tryAllocate(size_t blockSize, std::optional<ClError>& failure) {
        try {
            return m_allocator.allocate(blockSize);
        } catch (const ClError& error) {
            if (!isOutOfMemory(error.code()))
                throw;
            failure = error;
            return std::nullopt;
        }
    }

    Allocator m_allocator;
    PoolBins m_bins;
    mutable std::mutex m_mutex;
    std::map<std::uint32_t, std::vector<Block>> m_held;
    PoolStats m_stats;
    bool m_holding = true;
};

} // namespace clw::engine
