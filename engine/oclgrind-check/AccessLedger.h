#pragma once
// The race check: for each byte of global and __local memory, the last write and a read of the
// current stretch between barriers, so that an access by another work-item that nothing orders
// against them is a data race. Work-items of different groups are never ordered (short of
// atomics); those of one group are ordered by a barrier whose fence covers the memory.
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace llvm {
class Instruction;
}

namespace clw::oclgrind_check {

struct LedgerAccess {
    static constexpr std::uint64_t kNone = ~std::uint64_t(0);
    std::uint64_t workItem = kNone; // linear index (WorkItemIds)
    std::uint32_t group = 0;        // the group's linear index
    std::uint32_t epoch = 0;        // barriers the group had passed for this memory
    const llvm::Instruction* instruction = nullptr;
    bool atomic = false;
    bool valid() const { return workItem != kNone; }
};

struct LedgerRace {
    bool writeWrite = false;
    LedgerAccess earlier;
};

class AccessLedger {
public:
    // Records an access of `size` bytes at `offset` of buffer `buffer` (of `bufferSize` bytes),
    // and returns the first race it completes, if any.
    std::optional<LedgerRace> access(std::uint64_t buffer, std::uint64_t bufferSize,
                                     std::uint64_t offset, std::uint64_t size,
                                     const LedgerAccess& current, bool write);
    // Forgets every byte (a new work-group's __local memory).
    void clear() { m_buffers.clear(); }
    void forget(std::uint64_t buffer) { m_buffers.erase(buffer); }

private:
    struct ByteState {
        LedgerAccess write;
        LedgerAccess read;  // the first read not ordered before what comes now
        LedgerAccess read2; // a read by another work-item beside it
    };
    std::unordered_map<std::uint64_t, std::vector<ByteState>> m_buffers;
};

} // namespace clw::oclgrind_check
