#pragma once
// The workbench's Oclgrind plugin (engine/oclgrind-check): loaded by Oclgrind through
// OCLGRIND_PLUGINS in a device host that runs a check, it watches every memory access, barrier
// and work-group of each kernel run and records data races, out-of-bounds accesses, reads of
// unwritten memory and barrier divergence as values (CheckFinding). At the end of each kernel
// run it appends the run's findings as one JSON line (CheckFindingsJson) to the file that
// CLW_CHECK_FINDINGS names, and keeps the file CLW_CHECK_PROGRESS names saying how many
// work-groups of the kernel run are done. It reads no text of Oclgrind's.
#include "AccessLedger.h"
#include "BufferName.h"
#include "DebugSession.h"
#include "FindingBook.h"
#include "GroupState.h"
#include "SourcePlaces.h"
#include "VariableWatch.h"
#include "WorkItemIds.h"
#include "WrittenBytes.h"

#include <oclgrind/Plugin.h>

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace clw::oclgrind_check {

class CheckPlugin : public oclgrind::Plugin {
public:
    // Checks when `findingsPath` is given; watches when `watch` is.
    CheckPlugin(const oclgrind::Context* context, std::string findingsPath,
                std::string progressPath, std::unique_ptr<VariableWatch> watch = {},
                std::unique_ptr<DebugSession> debug = {});

    // Work-groups run on every core, as with Oclgrind's own checks: what one group holds is the
    // thread's (GroupState), what the kernel run holds is behind a lock.
    // A debug run keeps to one thread: a pause then stops everything.
    bool isThreadSafe() const override { return !m_debug; }

    void kernelBegin(const oclgrind::KernelInvocation* invocation) override;
    void kernelEnd(const oclgrind::KernelInvocation* invocation) override;
    void workGroupBegin(const oclgrind::WorkGroup* group) override;
    void workGroupBarrier(const oclgrind::WorkGroup* group, uint32_t flags) override;
    void workGroupComplete(const oclgrind::WorkGroup* group) override;
    void workItemComplete(const oclgrind::WorkItem* item) override;
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
    void accessed(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address,
                  size_t size, bool write, bool atomic);
    bool outOfBounds(const oclgrind::Memory* memory, const llvm::Instruction* instruction,
                     std::uint64_t workItem, size_t address, size_t size, bool write);
    const BufferName& nameOf(const oclgrind::Memory* memory, std::uint64_t buffer);
    void checkBarrierDivergence(GroupState& state);
    void writeRun(const oclgrind::KernelInvocation* invocation);
    void writeProgress(bool always);
    // The calling thread's group state (made on its first call).
    GroupState& groupState();

    const std::uint64_t m_serial; // tells this plugin's thread states from an earlier one's
    std::string m_findingsPath;
    std::string m_progressPath;
    const bool m_checking;
    std::unique_ptr<VariableWatch> m_watch;
    std::unique_ptr<DebugSession> m_debug;
    const oclgrind::KernelInvocation* m_invocation = nullptr;
    std::string m_kernel;
    WorkItemIds m_ids;
    std::unordered_map<std::uint64_t, BufferName> m_globalNames; // set before the groups run

    // The kernel run's shared state, behind m_mutex: global memory and the findings.
    std::mutex m_mutex;
    FindingBook m_book{m_ids};
    AccessLedger m_global;
    WrittenBytes m_globalWritten;
    std::chrono::steady_clock::time_point m_progressWritten;
    std::atomic<std::uint64_t> m_groupsDone{0};

    std::mutex m_statesMutex;
    std::map<std::thread::id, std::unique_ptr<GroupState>> m_states;
};

} // namespace clw::oclgrind_check
