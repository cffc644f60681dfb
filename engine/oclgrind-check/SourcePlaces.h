#pragma once
// What the plugin reads of Oclgrind's LLVM module: the source place of an instruction (from its
// debug information: Oclgrind always builds with it) and whether a call is a work-group barrier.
#include "clw/engine/debug/CheckFinding.h"

namespace llvm {
class Instruction;
}

namespace clw::oclgrind_check {

// The file, line and column of `instruction`; an empty place when it has none. Oclgrind names the
// program's main source "/remapped/input.cl": it is given as "input.cl".
engine::CheckPlace placeOf(const llvm::Instruction* instruction);

// Whether `instruction` calls barrier() or work_group_barrier(). Asked of every instruction
// executed, on every worker thread: it keeps nothing.
bool isBarrierCall(const llvm::Instruction* instruction);

} // namespace clw::oclgrind_check
