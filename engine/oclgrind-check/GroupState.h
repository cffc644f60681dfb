#pragma once
// What the check plugin keeps of the work-group a worker thread of Oclgrind runs: its __local
// memory's accesses and written bytes, what its __local buffers are, the barriers it passed and
// those each of its work-items reached. Oclgrind runs work-groups on several threads at once,
// each group on one thread from start to end: one of these per thread needs no lock.
#include "AccessLedger.h"
#include "BufferName.h"
#include "WatchItem.h"
#include "WrittenBytes.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace llvm {
class Instruction;
}

namespace clw::oclgrind_check {

struct GroupState {
    std::uint32_t group = 0;       // the group's linear index
    std::uint32_t localEpoch = 0;  // barriers passed with a __local fence
    std::uint32_t globalEpoch = 0; // barriers passed with a global fence
    AccessLedger local;
    WrittenBytes localWritten;
    std::unordered_map<std::uint64_t, BufferName> localNames; // by __local buffer
    std::unordered_map<std::uint64_t, std::vector<const llvm::Instruction*>> barriersReached;
    std::unordered_map<std::uint64_t, WatchItem> watched; // a watch's, by work-item

    void clear() {
        localEpoch = globalEpoch = 0;
        local.clear();
        localWritten.clear();
        localNames.clear();
        barriersReached.clear();
        watched.clear();
    }
};

} // namespace clw::oclgrind_check
