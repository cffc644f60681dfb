#include "SourcePlaces.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

namespace clw::oclgrind_check {

namespace {

constexpr std::string_view kRemapped = "/remapped/";

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

} // namespace

engine::CheckPlace placeOf(const llvm::Instruction* instruction) {
    engine::CheckPlace place;
    if (!instruction)
        return place;
    const llvm::DebugLoc& location = instruction->getDebugLoc();
    if (!location)
        return place;
    place.line = location.getLine();
    place.column = location.getCol();
    if (const auto* scope = llvm::dyn_cast_or_null<llvm::DIScope>(location.getScope())) {
        std::string file = scope->getFilename().str();
        if (startsWith(file, kRemapped)) // Oclgrind's own name for the source it was given
            file.erase(0, kRemapped.size());
        place.file = std::move(file);
    }
    return place;
}

bool isBarrierCall(const llvm::Instruction* instruction) {
    const auto* call = llvm::dyn_cast<llvm::CallInst>(instruction);
    const llvm::Function* callee = call ? call->getCalledFunction() : nullptr;
    if (!callee)
        return false;
    // Mangled by the SPIR name mangling: _Z7barrierj, _Z18work_group_barrierj and its form with
    // a memory scope.
    const llvm::StringRef name = callee->getName();
    return name == "barrier" || name.startswith("_Z7barrier") || name == "work_group_barrier" ||
           name.startswith("_Z18work_group_barrier");
}

} // namespace clw::oclgrind_check
