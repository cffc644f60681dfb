#include "CheckPlugin.h"

#include "clw/engine/debug/CheckFindingsJson.h"

#include <oclgrind/Context.h>
#include <oclgrind/Kernel.h>
#include <oclgrind/KernelInvocation.h>
#include <oclgrind/Memory.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include <llvm/IR/Argument.h>
#include <llvm/IR/GlobalVariable.h>

#include <algorithm>
#include <fstream>
#include <map>

namespace clw::oclgrind_check {

namespace {

using engine::CheckKind;
using engine::CheckMemory;

engine::CheckIds ids(const oclgrind::Size3& size) {
    return {size.x, size.y, size.z};
}

// A function-scope __local variable is a module global named "<function>.<variable>".
std::string variableName(const llvm::Value* value) {
    const std::string name = value->getName().str();
    const size_t dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
}

std::atomic<std::uint64_t> nextSerial{1};

std::vector<std::uint64_t> dimensions(const engine::CheckIds& size, size_t workDim) {
    return std::vector<std::uint64_t>(size.begin(), size.begin() + std::min<size_t>(workDim, 3));
}

} // namespace

CheckPlugin::CheckPlugin(const oclgrind::Context* context, std::string findingsPath,
                         std::string progressPath, std::unique_ptr<VariableWatch> watch,
                         std::unique_ptr<DebugSession> debug)
    : oclgrind::Plugin(context)
    , m_serial(nextSerial++)
    , m_findingsPath(std::move(findingsPath))
    , m_progressPath(std::move(progressPath))
    , m_checking(!m_findingsPath.empty())
    , m_watch(std::move(watch))
    , m_debug(std::move(debug)) {}

GroupState& CheckPlugin::groupState() {
    // The thread's state for the plugin it last served: asked at every access, so kept at hand.
    thread_local std::uint64_t servedSerial = 0;
    thread_local GroupState* served = nullptr;
    if (servedSerial != m_serial) {
        const std::lock_guard lock(m_statesMutex);
        std::unique_ptr<GroupState>& slot = m_states[std::this_thread::get_id()];
        if (!slot)
            slot = std::make_unique<GroupState>();
        served = slot.get();
        servedSerial = m_serial;
    }
    return *served;
}

void CheckPlugin::kernelBegin(const oclgrind::KernelInvocation* invocation) {
    m_invocation = invocation;
    const oclgrind::Kernel* kernel = invocation->getKernel();
    m_kernel = kernel->getName();
    m_ids.offset = ids(invocation->getGlobalOffset());
    m_ids.global = ids(invocation->getGlobalSize());
    m_ids.local = ids(invocation->getLocalSize());
    {
        const std::lock_guard lock(m_statesMutex);
        for (auto& [thread, state] : m_states)
            state->clear();
    }
    if (m_watch || m_debug)
        ::unsetenv("OCLGRIND_INTERACTIVE"); // set for the build only (PluginEntry.cpp)
    if (m_watch)
        m_watch->kernelBegin(m_ids, m_kernel, invocation->getWorkDim());
    if (m_debug)
        m_debug->kernelBegin(invocation, m_kernel);
    const std::lock_guard lock(m_mutex);
    m_book.clear();
    m_groupsDone = 0;
    writeProgress(true);
    m_global.clear();
    m_globalNames.clear();
    const oclgrind::Memory* globalMemory = m_context->getGlobalMemory();
    for (auto value = kernel->values_begin(); value != kernel->values_end(); ++value) {
        const llvm::Type* type = value->first->getType();
        if (!type->isPointerTy())
            continue;
        const unsigned space = type->getPointerAddressSpace();
        if (space != oclgrind::AddrSpaceGlobal && space != oclgrind::AddrSpaceConstant)
            continue;
        const auto* argument = llvm::dyn_cast<llvm::Argument>(value->first);
        if (!argument || value->second.size != sizeof(size_t))
            continue;
        BufferName name;
        name.memory =
            space == oclgrind::AddrSpaceConstant ? CheckMemory::Constant : CheckMemory::Global;
        name.argument = int(argument->getArgNo());
        name.variable = kernel->getArgumentName(argument->getArgNo()).str();
        m_globalNames[globalMemory->extractBuffer(value->second.getPointer())] = name;
    }
}

void CheckPlugin::kernelEnd(const oclgrind::KernelInvocation* invocation) {
    if (m_watch)
        m_watch->kernelEnd();
    if (m_debug)
        m_debug->kernelEnd(m_kernel);
    const std::lock_guard lock(m_mutex);
    writeProgress(true);
    writeRun(invocation);
    m_invocation = nullptr;
    m_global.clear();
}

void CheckPlugin::workGroupBegin(const oclgrind::WorkGroup* group) {
    GroupState& state = groupState();
    state.group = std::uint32_t(m_ids.groupLinear(ids(group->getGroupID())));
    state.localEpoch = state.globalEpoch = 0;
    state.barriersReached.clear();
    state.localNames.clear();
    const oclgrind::Kernel* kernel = m_invocation->getKernel();
    const oclgrind::Memory* localMemory = group->getLocalMemory();
    for (auto value = kernel->values_begin(); value != kernel->values_end(); ++value) {
        const llvm::Type* type = value->first->getType();
        if (!type->isPointerTy() || type->getPointerAddressSpace() != oclgrind::AddrSpaceLocal)
            continue;
        BufferName name;
        name.memory = CheckMemory::Local;
        if (const auto* argument = llvm::dyn_cast<llvm::Argument>(value->first)) {
            name.argument = int(argument->getArgNo());
            name.variable = kernel->getArgumentName(argument->getArgNo()).str();
        } else {
            name.variable = variableName(value->first);
        }
        state.localNames[localMemory->extractBuffer(group->getLocalMemoryAddress(value->first))] =
            name;
    }
}

void CheckPlugin::workGroupBarrier(const oclgrind::WorkGroup*, uint32_t flags) {
    GroupState& state = groupState();
    if (m_debug)
        m_debug->barrierPassed(); // one group at a time: the followed work-item's
    if (flags & CLK_LOCAL_MEM_FENCE)
        ++state.localEpoch;
    if (flags & CLK_GLOBAL_MEM_FENCE)
        ++state.globalEpoch;
}

void CheckPlugin::workGroupComplete(const oclgrind::WorkGroup* group) {
    // Work-items that finished without reaching a barrier have no entry: each item is listed.
    GroupState& state = groupState();
    const oclgrind::Size3 size = group->getGroupSize();
    for (size_t z = 0; z < size.z; ++z)
        for (size_t y = 0; y < size.y; ++y)
            for (size_t x = 0; x < size.x; ++x) {
                const oclgrind::WorkItem* item = group->getWorkItem(oclgrind::Size3(x, y, z));
                state.barriersReached.try_emplace(m_ids.linear(ids(item->getGlobalID())));
            }
    checkBarrierDivergence(state);
    state.clear();
    ++m_groupsDone;
    const std::lock_guard lock(m_mutex);
    writeProgress(false);
}

// "<kernel> <groups done> <groups in all>", at most ten times a second: the workbench shows it.
void CheckPlugin::writeProgress(bool always) {
    if (m_progressPath.empty())
        return;
    const auto now = std::chrono::steady_clock::now();
    if (!always && now - m_progressWritten < std::chrono::milliseconds(100))
        return;
    m_progressWritten = now;
    std::ofstream file(m_progressPath, std::ios::trunc | std::ios::binary);
    file << m_kernel << ' ' << m_groupsDone << ' ' << m_ids.groupCount() << '\n';
}

void CheckPlugin::instructionExecuted(const oclgrind::WorkItem* item,
                                      const llvm::Instruction* instruction,
                                      const oclgrind::TypedValue&) {
    if (m_debug)
        m_debug->executed(item, instruction);
    if (m_watch)
        m_watch->executed(m_context, item, instruction,
                          groupState().watched[m_ids.linear(ids(item->getGlobalID()))]);
    if (m_checking && isBarrierCall(instruction))
        groupState().barriersReached[m_ids.linear(ids(item->getGlobalID()))].push_back(instruction);
}

void CheckPlugin::workItemComplete(const oclgrind::WorkItem* item) {
    if (!m_watch)
        return;
    GroupState& state = groupState();
    const std::uint64_t workItem = m_ids.linear(ids(item->getGlobalID()));
    const auto it = state.watched.find(workItem);
    m_watch->itemComplete(workItem, it != state.watched.end() ? it->second : WatchItem{});
    if (it != state.watched.end())
        state.watched.erase(it);
}

void CheckPlugin::checkBarrierDivergence(GroupState& state) {
    size_t longest = 0;
    for (const auto& [item, reached] : state.barriersReached)
        longest = std::max(longest, reached.size());
    for (size_t position = 0; position < longest; ++position) {
        std::map<const llvm::Instruction*, std::vector<std::uint64_t>> byBarrier;
        for (const auto& [item, reached] : state.barriersReached)
            byBarrier[position < reached.size() ? reached[position] : nullptr].push_back(item);
        if (byBarrier.size() == 1)
            continue;
        const std::string detail = "not every work-item of the group reached this barrier";
        const std::lock_guard lock(m_mutex);
        for (const auto& [barrier, items] : byBarrier) {
            if (!barrier)
                continue;
            FindingKey key;
            key.kind = CheckKind::BarrierDivergence;
            key.place = placeOf(barrier);
            for (std::uint64_t item : items)
                m_book.record(key, {item}, 0, 0, detail);
        }
        return; // what follows the first divergence says nothing more
    }
}

void CheckPlugin::memoryAllocated(const oclgrind::Memory* memory, size_t address, size_t size,
                                  cl_mem_flags, const uint8_t* initData) {
    const size_t buffer = memory->extractBuffer(address);
    switch (memory->getAddressSpace()) {
    case oclgrind::AddrSpaceLocal: // by the worker thread that makes the work-group
        groupState().localWritten.track(buffer, size);
        break;
    case oclgrind::AddrSpaceGlobal: {
        const std::lock_guard lock(m_mutex);
        if (!initData)
            m_globalWritten.track(buffer, size);
        else
            m_globalWritten.forget(buffer);
        break;
    }
    default:
        break;
    }
}

void CheckPlugin::memoryDeallocated(const oclgrind::Memory* memory, size_t address) {
    const std::lock_guard lock(m_mutex);
    if (memory->getAddressSpace() == oclgrind::AddrSpaceGlobal)
        m_globalWritten.forget(memory->extractBuffer(address));
}

void CheckPlugin::hostMemoryStore(const oclgrind::Memory* memory, size_t address, size_t size,
                                  const uint8_t*) {
    const std::lock_guard lock(m_mutex);
    if (memory->getAddressSpace() == oclgrind::AddrSpaceGlobal)
        m_globalWritten.markWritten(memory->extractBuffer(address), memory->extractOffset(address),
                                    size);
}

void CheckPlugin::memoryMap(const oclgrind::Memory* memory, size_t address, size_t offset,
                            size_t size, cl_map_flags) {
    // What the host writes through a mapping is not seen: a mapped range counts as written.
    const std::lock_guard lock(m_mutex);
    if (memory->getAddressSpace() == oclgrind::AddrSpaceGlobal)
        m_globalWritten.markWritten(memory->extractBuffer(address),
                                    memory->extractOffset(address) + offset, size);
}

void CheckPlugin::memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
                             size_t address, size_t size) {
    accessed(memory, item, address, size, false, false);
}

void CheckPlugin::memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
                              size_t address, size_t size, const uint8_t*) {
    accessed(memory, item, address, size, true, false);
}

void CheckPlugin::memoryAtomicLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
                                   oclgrind::AtomicOp, size_t address, size_t size) {
    accessed(memory, item, address, size, false, true);
}

void CheckPlugin::memoryAtomicStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
                                    oclgrind::AtomicOp, size_t address, size_t size) {
    accessed(memory, item, address, size, true, true);
}

// A work-group's own accesses are its async copies: only their bounds are checked, said of the
// group's first work-item.
void CheckPlugin::memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkGroup* group,
                             size_t address, size_t size) {
    const oclgrind::WorkItem* first = group->getWorkItem(oclgrind::Size3(0, 0, 0));
    outOfBounds(memory, nullptr, m_ids.linear(ids(first->getGlobalID())), address, size, false);
}

void CheckPlugin::memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkGroup* group,
                              size_t address, size_t size, const uint8_t*) {
    const oclgrind::WorkItem* first = group->getWorkItem(oclgrind::Size3(0, 0, 0));
    outOfBounds(memory, nullptr, m_ids.linear(ids(first->getGlobalID())), address, size, true);
}

void CheckPlugin::accessed(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
                           size_t address, size_t size, bool write, bool atomic) {
    const unsigned space = memory->getAddressSpace();
    if (!m_checking || space == oclgrind::AddrSpacePrivate || !m_invocation)
        return;
    const llvm::Instruction* instruction = item->getCurrentInstruction();
    const std::uint64_t workItem = m_ids.linear(ids(item->getGlobalID()));
    if (outOfBounds(memory, instruction, workItem, address, size, write))
        return;
    const bool local = space == oclgrind::AddrSpaceLocal;
    const std::uint64_t buffer = memory->extractBuffer(address);
    const std::uint64_t offset = memory->extractOffset(address);
    GroupState& state = groupState();

    LedgerAccess current;
    current.workItem = workItem;
    current.group = state.group;
    current.epoch = local ? state.localEpoch : state.globalEpoch;
    current.instruction = instruction;
    current.atomic = atomic;
    // __local memory is the thread's group's own; global memory is everyone's.
    std::unique_lock<std::mutex> lock(m_mutex, std::defer_lock);
    if (!local)
        lock.lock();
    AccessLedger& ledger = local ? state.local : m_global;
    const auto race =
        ledger.access(buffer, memory->getBuffer(address)->size, offset, size, current, write);
    WrittenBytes& written = local ? state.localWritten : m_globalWritten;
    bool unwritten = false;
    if (write)
        written.markWritten(buffer, offset, size);
    else
        unwritten = !atomic && !written.written(buffer, offset, size);
    if (!race && !unwritten)
        return;

    if (!lock.owns_lock())
        lock.lock(); // the findings are everyone's
    const BufferName& name = nameOf(memory, buffer);
    FindingKey key;
    key.memory = name.memory;
    key.argument = name.argument;
    key.variable = name.variable;
    if (race) {
        key.kind = race->writeWrite ? CheckKind::WriteWriteRace : CheckKind::ReadWriteRace;
        // A read-write race is placed at its write, whichever came first.
        const bool writeIsEarlier = !write;
        key.place = placeOf(writeIsEarlier ? race->earlier.instruction : instruction);
        key.other = placeOf(writeIsEarlier ? instruction : race->earlier.instruction);
        m_book.record(key, {workItem, race->earlier.workItem}, offset, size);
    }
    if (unwritten) {
        key.kind = CheckKind::UninitializedRead;
        key.place = placeOf(instruction);
        key.other = {};
        m_book.record(key, {workItem}, offset, size,
                      local ? "nothing in the work-group stored to these bytes before"
                            : "neither the host nor a kernel wrote these bytes before");
    }
}

bool CheckPlugin::outOfBounds(const oclgrind::Memory* memory, const llvm::Instruction* instruction,
                              std::uint64_t workItem, size_t address, size_t size, bool write) {
    if (memory->isAddressValid(address, size))
        return false;
    const std::uint64_t buffer = memory->extractBuffer(address);
    const std::uint64_t offset = memory->extractOffset(address);
    FindingKey key;
    key.kind = write ? CheckKind::OutOfBoundsWrite : CheckKind::OutOfBoundsRead;
    const auto* known =
        memory->isAddressValid(address - offset, 1) ? memory->getBuffer(address - offset) : nullptr;
    const std::lock_guard lock(m_mutex);
    std::string detail;
    if (address == 0) {
        key.memory = CheckMemory::None;
        detail = "through a null pointer";
    } else {
        const BufferName& name = nameOf(memory, buffer);
        key.memory = name.memory;
        key.argument = name.argument;
        key.variable = name.variable;
        detail = known ? "the buffer holds " + std::to_string(known->size) + " bytes"
                       : "in no buffer the run has";
    }
    key.place = placeOf(instruction);
    m_book.record(key, {workItem}, known ? offset : 0, known ? size : 0, detail);
    return true;
}

const BufferName& CheckPlugin::nameOf(const oclgrind::Memory* memory, std::uint64_t buffer) {
    static const BufferName unknownGlobal{CheckMemory::Global, -1, {}};
    static const BufferName unknownLocal{CheckMemory::Local, -1, {}};
    const bool local = memory->getAddressSpace() == oclgrind::AddrSpaceLocal;
    const auto& names = local ? groupState().localNames : m_globalNames;
    const auto it = names.find(buffer);
    if (it != names.end())
        return it->second;
    return local ? unknownLocal : unknownGlobal;
}

void CheckPlugin::writeRun(const oclgrind::KernelInvocation* invocation) {
    engine::CheckedKernelRun run;
    run.kernel = m_kernel;
    run.global = dimensions(m_ids.global, invocation->getWorkDim());
    run.local = dimensions(m_ids.local, invocation->getWorkDim());
    run.workGroups = m_ids.groupCount();
    run.findings = m_book.findings(m_kernel);
    if (m_findingsPath.empty())
        return;
    std::ofstream file(m_findingsPath, std::ios::app | std::ios::binary);
    file << engine::checkedRunToJson(run).dump() << '\n';
}

} // namespace clw::oclgrind_check
