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

bool BarrierCalls::isBarrier(const llvm::Instruction* instruction) {
    const auto* call = llvm::dyn_cast<llvm::CallInst>(instruction);
    if (!call)
        return false;
    const llvm::Function* callee = call->getCalledFunction();
    if (!callee)
        return false;
    const auto known = m_known.find(callee);
    if (known != m_known.end())
        return known->second;
    // Mangled by the SPIR name mangling: _Z7barrierj, _Z18work_group_barrierj and its form with
    // a memory scope.
    const llvm::StringRef name = callee->getName();
    const bool barrier = name == "barrier" || name.startswith("_Z7barrier") ||
                         name == "work_group_barrier" || name.startswith("_Z18work_group_barrier");
    m_known.emplace(callee, barrier);
    return barrier;
}

} // namespace clw::oclgrind_check
