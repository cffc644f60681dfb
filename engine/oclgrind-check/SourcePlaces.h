#pragma once
// What the plugin reads of Oclgrind's LLVM module: the source place of an instruction (from its
// debug information: Oclgrind always builds with it) and whether a call is a work-group barrier.
#include "clw/engine/debug/CheckFinding.h"

#include <unordered_map>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace clw::oclgrind_check {

// The file, line and column of `instruction`; an empty place when it has none. Oclgrind names the
// program's main source "/remapped/input.cl": it is given as "input.cl".
engine::CheckPlace placeOf(const llvm::Instruction* instruction);

// Whether `instruction` calls barrier() or work_group_barrier(), remembering each callee's
// answer: this is asked of every instruction executed.
class BarrierCalls {
public:
    bool isBarrier(const llvm::Instruction* instruction);

private:
    std::unordered_map<const llvm::Function*, bool> m_known;
};

} // namespace clw::oclgrind_check
