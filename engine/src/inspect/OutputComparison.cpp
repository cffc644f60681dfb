#include "clw/engine/inspect/OutputComparison.h"

#include "clw/engine/inspect/BufferComparer.h"
#include "clw/engine/inspect/LayoutError.h"

#include <algorithm>

namespace clw::engine {

namespace {

const NpyArray* findOutput(const RunOutputs& outputs, const std::string& name) {
    for (const auto& [outputName, array] : outputs)
        if (outputName == name)
            return &array;
    return nullptr;
}

std::string shapeText(const std::vector<std::uint64_t>& shape) {
    std::string text;
    for (std::uint64_t size : shape)
        text += (text.empty() ? "" : " x ") + std::to_string(size);
    return text.empty() ? "no shape" : text;
}

// The buffer `name` of run `run` ("A", "B") as its session declares it, and its layout; the
// problem in `problem` when there is none or its type does not read.
const SessionBuffer* declared(const Session& session, const std::string& name, const char* run,
                              ElementLayout& layout, std::string& problem) {
    const SessionBuffer* buffer = session.findBuffer(name);
    if (!buffer) {
        problem = std::string(run) + "'s session has no buffer '" + name + "'";
        return nullptr;
    }
    try {
        layout = ElementLayout::parse(buffer->elementType);
    } catch (const LayoutError& error) {
        problem = std::string(run) + "'s element type '" + buffer->elementType +
                  "' does not read: " + error.what();
        return nullptr;
    }
    return buffer;
}

// Fills `result` for one buffer both runs wrote: nothing compared but the problem when the two
// do not hold the same kind of elements.
void compareBuffer(const Session& a, const NpyArray& arrayA, const Session& b,
                   const NpyArray& arrayB, BufferComparison& result) {
    result.status = BufferComparison::Status::Mismatched;
    ElementLayout layoutA, layoutB;
    const SessionBuffer* bufferA = declared(a, result.name, "A", layoutA, result.problem);
    if (!bufferA)
        return;
    const SessionBuffer* bufferB = declared(b, result.name, "B", layoutB, result.problem);
    if (!bufferB)
        return;
    result.elementType = bufferB->elementType;
    result.shape = bufferB->shape;
    if (layoutA.columns() != layoutB.columns() || layoutA.size() != layoutB.size()) {
        result.problem = "A's elements are " + bufferA->elementType + ", B's " +
                         bufferB->elementType + ": compare buffers of one element type";
        return;
    }
    if (bufferA->shape != bufferB->shape) {
        result.problem = "A's shape is " + shapeText(bufferA->shape) + " (" +
                         std::to_string(bufferA->elementCount()) + " elements), B's " +
                         shapeText(bufferB->shape) + " (" +
                         std::to_string(bufferB->elementCount()) + " elements)";
        return;
    }
    const std::optional<BufferComparer::View> viewA =
        BufferComparer::view(layoutA, bufferA->elementCount(), arrayA);
    const std::optional<BufferComparer::View> viewB =
        BufferComparer::view(layoutB, bufferB->elementCount(), arrayB);
    if (!viewA || !viewB) {
        const NpyArray& wrong = viewA ? arrayB : arrayA;
        result.problem = std::string(viewA ? "B" : "A") + "'s run gave " +
                         std::to_string(wrong.data.size()) + " bytes for " +
                         std::to_string(bufferB->elementCount()) + " elements of " +
                         bufferB->elementType;
        return;
    }
    result.problem.clear();
    BufferComparer::compare(*viewA, *viewB, result);
}

} // namespace

OutputComparison OutputComparison::compare(const Session& a, const RunOutputs& outputsA,
                                           const Session& b, const RunOutputs& outputsB,
                                           const ToleranceRules& rules) {
    std::vector<std::string> names;
    for (const auto& [name, array] : outputsA)
        names.push_back(name);
    for (const auto& [name, array] : outputsB)
        if (std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(name);

    OutputComparison comparison;
    for (const std::string& name : names) {
        BufferComparison result;
        result.name = name;
        result.tolerance = rules.forBuffer(name);
        const NpyArray* arrayA = findOutput(outputsA, name);
        const NpyArray* arrayB = findOutput(outputsB, name);
        if (!arrayA || !arrayB) {
            const SessionBuffer* known = (arrayA ? a : b).findBuffer(name);
            if (known) {
                result.elementType = known->elementType;
                result.shape = known->shape;
            }
            result.status = BufferComparison::Status::Missing;
            result.problem = std::string("only ") + (arrayA ? "A" : "B") + "'s run has output '" +
                             name + "'; " + (arrayA ? "B" : "A") +
                             "'s session has no such buffer or does not mark it as an output";
        } else {
            compareBuffer(a, *arrayA, b, *arrayB, result);
        }
        comparison.m_buffers.push_back(std::move(result));
    }
    return comparison;
}

const BufferComparison* OutputComparison::find(const std::string& name) const {
    for (const BufferComparison& buffer : m_buffers)
        if (buffer.name == name)
            return &buffer;
    return nullptr;
}

size_t OutputComparison::differingBuffers() const {
    return size_t(std::count_if(m_buffers.begin(), m_buffers.end(),
                                [](const BufferComparison& buffer) { return buffer.differs(); }));
}

} // namespace clw::engine
