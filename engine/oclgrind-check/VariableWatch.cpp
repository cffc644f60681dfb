#include "VariableWatch.h"

#include "SourcePlaces.h"
#include "VariableValues.h"

#include <oclgrind/Context.h>
#include <oclgrind/Memory.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <cstring>
#include <fstream>
#include <limits>

namespace clw::oclgrind_check {

VariableWatch::VariableWatch(engine::WatchRequest request, engine::WatchExpression expression,
                             std::string outputPath)
    : m_request(std::move(request))
    , m_expression(std::move(expression))
    , m_outputPath(std::move(outputPath)) {}

void VariableWatch::kernelBegin(const WorkItemIds& ids, const std::string& kernel, size_t workDim) {
    const std::lock_guard lock(m_mutex);
    m_ids = ids;
    m_run = {};
    m_run.kernel = kernel;
    for (size_t i = 0; i < std::min<size_t>(workDim, 3); ++i) {
        m_run.global.push_back(ids.global[i]);
        m_run.local.push_back(ids.local[i]);
    }
    m_run.passes.assign(m_run.workItems(), 0);
}

bool VariableWatch::onWatchedLine(const llvm::Instruction* instruction) const {
    const llvm::DebugLoc& location = instruction->getDebugLoc();
    if (!location || location.getLine() != m_request.line)
        return false;
    const engine::CheckPlace place = placeOf(instruction);
    const std::string& file = m_request.file;
    return file.empty() || place.file == file ||
           (place.file.size() > file.size() &&
            place.file.compare(place.file.size() - file.size() - 1, std::string::npos,
                               "/" + file) == 0);
}

void VariableWatch::executed(const oclgrind::Context* context, const oclgrind::WorkItem* item,
                             const llvm::Instruction* instruction, WatchItem& state) const {
    if (llvm::isa<llvm::DbgVariableIntrinsic>(instruction)) {
        bind(item, instruction, state);
        return;
    }
    const llvm::DebugLoc& location = instruction->getDebugLoc();
    if (!location || location.getLine() == 0)
        return; // made by the compiler: neither on the line nor off it
    if (!onWatchedLine(instruction)) {
        state.onLine = false;
        return;
    }
    if (!state.onLine) {
        state.onLine = true;
        ++state.passes;
    }
    if (m_request.pass == 0 || state.passes == m_request.pass)
        record(context, item, instruction, state);
}

void VariableWatch::bind(const oclgrind::WorkItem* item, const llvm::Instruction* call,
                         WatchItem& state) const {
    std::optional<WatchBinding> binding = bindingOf(item, call);
    if (!binding)
        return;
    for (const engine::WatchTerm& term : m_expression.terms)
        if (binding->variable->getName() == term.variable) {
            rebind(state.bindings, std::move(*binding));
            return;
        }
}

VariableWatch::TermValue VariableWatch::termValue(const oclgrind::Context* context,
                                                  const oclgrind::WorkItem* item,
                                                  const llvm::Instruction* instruction,
                                                  const WatchItem& state,
                                                  const engine::WatchTerm& term) const {
    TermValue out;
    const std::string& name = term.variable;
    const WatchBinding* visible = visibleBinding(state.bindings, instruction, name);
    if (!visible) {
        out.problem = "`" + name + "` is not a variable in scope at line " +
                      std::to_string(m_request.line) +
                      ": watch a variable declared before it in the same block or around it";
        return out;
    }
    const llvm::DataLayout& layout = instruction->getModule()->getDataLayout();
    const bool isUnsigned = isUnsignedType(visible->variable->getType());
    const llvm::Type* type = visible->type;
    // The bytes of the variable, then of the element or component the term picks.
    const unsigned char* bytes = bindingBytes(item, *visible, layout);
    if (!bytes)
        return out;
    if (term.index) {
        const std::uint64_t index = *term.index;
        if (const auto* array = llvm::dyn_cast<llvm::ArrayType>(type)) {
            if (index >= array->getNumElements()) {
                out.problem = term.text() + " is past the end of `" + name + "` (" +
                              std::to_string(array->getNumElements()) + " elements)";
                return out;
            }
            type = array->getElementType();
            bytes += index * layout.getTypeAllocSize(const_cast<llvm::Type*>(type));
        } else if (type->isPointerTy()) {
            std::uint64_t pointer = 0;
            std::memcpy(&pointer, bytes, sizeof(pointer));
            const llvm::Type* element = type->getPointerElementType();
            const std::uint64_t size = layout.getTypeAllocSize(const_cast<llvm::Type*>(element));
            const unsigned space = type->getPointerAddressSpace();
            const oclgrind::Memory* memory =
                space == oclgrind::AddrSpaceLocal     ? item->getWorkGroup()->getLocalMemory()
                : space == oclgrind::AddrSpacePrivate ? item->getPrivateMemory()
                                                      : context->getGlobalMemory();
            const std::uint64_t address = pointer + index * size;
            if (!memory->isAddressValid(address, size)) {
                out.problem = term.text() + " lies outside the memory `" + name + "` points to";
                return out;
            }
            type = element;
            bytes = static_cast<const unsigned char*>(memory->getPointer(address));
        } else {
            out.problem = "`" + name + "` is neither an array nor a pointer: watch it without [" +
                          std::to_string(index) + "]";
            return out;
        }
    }
    if (term.component) {
        const auto* vector = llvm::dyn_cast<llvm::FixedVectorType>(type);
        if (!vector || *term.component >= vector->getNumElements()) {
            out.problem = term.text() + ": `" + name + "` has no such component";
            return out;
        }
        type = vector->getElementType();
        bytes += *term.component * layout.getTypeAllocSize(const_cast<llvm::Type*>(type));
    }
    const llvm::Type* scalar = type;
    unsigned components = 1;
    if (const auto* vector = llvm::dyn_cast<llvm::FixedVectorType>(type)) {
        scalar = vector->getElementType();
        components = vector->getNumElements();
    }
    const std::string scalarType = scalarName(scalar, isUnsigned);
    if (scalarType.empty()) {
        out.problem = "`" + term.text() +
                      "` is not a number or vector of numbers (a struct, an array or a pointer): "
                      "watch one of its fields or elements, such as " +
                      term.variable + "[0]";
        return out;
    }
    const std::uint64_t step = layout.getTypeAllocSize(const_cast<llvm::Type*>(scalar));
    out.values.resize(components);
    for (unsigned c = 0; c < components; ++c)
        out.values[c] = scalarValue(scalar, isUnsigned, bytes + c * step);
    out.type = scalarType + (components > 1 ? std::to_string(components) : "");
    return out;
}

void VariableWatch::record(const oclgrind::Context* context, const oclgrind::WorkItem* item,
                           const llvm::Instruction* instruction, WatchItem& state) const {
    if (m_expression.isTerm()) {
        TermValue value = termValue(context, item, instruction, state, m_expression.term());
        if (value.values.empty()) {
            state.problem = value.problem;
            return;
        }
        state.value = std::move(value.values);
        state.type = value.type;
    } else {
        // An expression of terms: each a number, computed in double precision.
        std::vector<double> terms;
        for (const engine::WatchTerm& term : m_expression.terms) {
            TermValue value = termValue(context, item, instruction, state, term);
            if (value.values.size() != 1) {
                state.problem = !value.problem.empty()
                                    ? value.problem
                                    : "`" + term.text() + "` is a vector: pick a component (" +
                                          term.variable + ".x) to compute with it";
                return;
            }
            terms.push_back(value.values[0]);
        }
        state.value = {m_expression.evaluate(terms)};
        state.type = "double";
    }
    state.recorded = true;
    state.problem.clear();
}

void VariableWatch::itemComplete(std::uint64_t workItem, const WatchItem& state) {
    const std::lock_guard lock(m_mutex);
    if (workItem >= m_run.passes.size())
        return;
    m_run.passes[workItem] = state.passes;
    if (!state.recorded) {
        if (m_run.problem.empty() && !state.problem.empty())
            m_run.problem = state.problem;
        return;
    }
    if (m_run.type.empty()) {
        m_run.type = state.type;
        m_run.components = unsigned(state.value.size());
        m_run.values.assign(m_run.workItems() * m_run.components,
                            std::numeric_limits<double>::quiet_NaN());
    }
    if (state.value.size() != m_run.components)
        return; // another variable of the name, of another type: the first one's kept
    for (unsigned c = 0; c < m_run.components; ++c)
        m_run.values[workItem * m_run.components + c] = state.value[c];
}

void VariableWatch::kernelEnd() {
    const std::lock_guard lock(m_mutex);
    if (!m_run.type.empty())
        m_run.problem.clear(); // some work-items had it: those that did not are NaN
    else if (m_run.problem.empty())
        m_run.values.clear();
    if (m_outputPath.empty())
        return;
    std::ofstream file(m_outputPath, std::ios::app | std::ios::binary);
    file << engine::watchedRunToJson(m_run).dump() << '\n';
}

} // namespace clw::oclgrind_check
