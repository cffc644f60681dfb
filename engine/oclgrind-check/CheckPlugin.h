#pragma once
// The workbench's Oclgrind plugin (engine/oclgrind-check): loaded by Oclgrind through
// OCLGRIND_PLUGINS in a device host that runs a check, it watches every memory access, barrier
// and work-group of each kernel run and records data races, out-of-bounds accesses, reads of
// unwritten memory and barrier divergence as values (CheckFinding). At the end of each kernel
// run it appends the run's findings as one JSON line (CheckFindingsJson) to the file that
// CLW_CHECK_FINDINGS names, and keeps the file CLW_CHECK_PROGRESS names saying how many
// work-groups of the kernel run are done. It reads no text of Oclgrind's.
#include "AccessLedger.h"
#include "FindingBook.h"
#include "SourcePlaces.h"
#include "WorkItemIds.h"
#include "WrittenBytes.h"

#include <oclgrind/Plugin.h>

#include <chrono>
#include <string>
#include <unordered_map>
#include <vector>

namespace clw::oclgrind_check {

class CheckPlugin : public oclgrind::Plugin {
public:
    CheckPlugin(const oclgrind::Context* context, std::string findingsPath,
                std::string progressPath);

    // One thread: work-groups then run one after another, which the race check's stretches and
    // the __local tables rely on.
    bool isThreadSafe() const override { return false; }

    void kernelBegin(const oclgrind::KernelInvocation* invocation) override;
    void kernelEnd(const oclgrind::KernelInvocation* invocation) override;
    void workGroupBegin(const oclgrind::WorkGroup* group) override;
    void workGroupBarrier(const oclgrind::WorkGroup* group, uint32_t flags) override;
    void workGroupComplete(const oclgrind::WorkGroup* group) override;
    void instructionExecuted(const oclgrind::WorkItem* item, const llvm::Instruction* instruction,
                             const oclgrind::TypedValue& result) override;

    void memoryAllocated(const oclgrind::Memory* memory, size_t address, size_t size,
                         cl_mem_flags flags, const uint8_t* initData) override;
    void memoryDeallocated(const oclgrind::Memory* memory, size_t address) override;
    void hostMemoryStore(const oclgrind::Memory* memory, size_t address, size_t size,
                         const uint8_t* data) override;
    void memoryMap(const oclgrind::Memory* memory, size_t address, size_t offset, size_t size,
                   cl_map_flags flags) override;

    void memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address,
                    size_t size) override;
    void memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address,
                     size_t size, const uint8_t* data) override;
    void memoryAtomicLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
                          oclgrind::AtomicOp op, size_t address, size_t size) override;
    void memoryAtomicStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
                           oclgrind::AtomicOp op, size_t address, size_t size) override;
    void memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkGroup* group,
                    size_t address, size_t size) override;
    void memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkGroup* group,
                     size_t address, size_t size, const uint8_t* data) override;

private:
    // What a buffer of the run is to the person: a kernel argument or a __local variable.
    struct BufferName {
        engine::CheckMemory memory = engine::CheckMemory::Global;
        int argument = -1;
        std::string variable;
    };

    void accessed(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address,
                  size_t size, bool write, bool atomic);
    bool outOfBounds(const oclgrind::Memory* memory, const llvm::Instruction* instruction,
                     std::uint64_t workItem, size_t address, size_t size, bool write);
    BufferName nameOf(const oclgrind::Memory* memory, std::uint64_t buffer) const;
    void checkBarrierDivergence();
    void writeRun(const oclgrind::KernelInvocation* invocation);
    void writeProgress(bool always);

    std::string m_findingsPath;
    std::string m_progressPath;
    std::uint64_t m_groupsDone = 0;
    std::chrono::steady_clock::time_point m_progressWritten;
    const oclgrind::KernelInvocation* m_invocation = nullptr;
    std::string m_kernel;
    WorkItemIds m_ids;
    FindingBook m_book{m_ids};
    AccessLedger m_global;
    AccessLedger m_local;
    WrittenBytes m_globalWritten;
    WrittenBytes m_localWritten;
    BarrierCalls m_barrierCalls;
    std::unordered_map<std::uint64_t, BufferName> m_globalNames;
    std::unordered_map<std::uint64_t, BufferName> m_localNames;
    // The current group: its linear index, the barriers it passed for __local and for global
    // memory, and the barriers each of its work-items reached, in order.
    std::uint32_t m_group = 0;
    std::uint32_t m_localEpoch = 0;
    std::uint32_t m_globalEpoch = 0;
    std::unordered_map<std::uint64_t, std::vector<const llvm::Instruction*>> m_barriersReached;
};

} // namespace clw::oclgrind_check
