// PyOpenCL's why_not_local_access_conflict_free: which work-items of one simultaneous group hit
// the same local memory bank when each accesses the next element along one axis.
#include "clw/engine/device/Characterization.h"

#include <map>
#include <stdexcept>

namespace clw::engine::characterize {

namespace {

// "[1, 0]", as Python prints a list.
std::string pythonList(const std::vector<unsigned>& values) {
    std::string text = "[";
    for (size_t i = 0; i < values.size(); ++i)
        text += (i ? ", " : "") + std::to_string(values[i]);
    return text + "]";
}

} // namespace

LocalAccessConflict whyNotLocalAccessConflictFree(const DeviceFacts& facts, unsigned itemSize,
                                                  const std::vector<unsigned>& shape,
                                                  const std::vector<unsigned>& storedShape) {
    LocalAccessConflict result;
    const std::vector<unsigned>& stored = storedShape.empty() ? shape : storedShape;
    if (stored.size() != shape.size())
        throw std::invalid_argument("the stored shape must have as many axes as the shape");
    const size_t rank = shape.size();
    // Fastest-moving axis first from here on.
    const std::vector<unsigned> sizes(shape.rbegin(), shape.rend());
    const std::vector<unsigned> storedSizes(stored.rbegin(), stored.rend());

    const unsigned granularity = localMemoryAccessGranularity(facts);
    if (itemSize != granularity)
        result.notes.push_back("local conflict info might be inaccurate for itemsize != " +
                               std::to_string(granularity));
    const Estimate simultaneous = simultaneousWorkItemsOnLocalAccess(facts);
    const Estimate banks = localMemoryBankCount(facts);
    if (!banks.value)
        throw std::domain_error(banks.note);
    for (const Estimate* estimate : {&simultaneous, &banks})
        if (!estimate->note.empty())
            result.notes.push_back(estimate->note);

    // (multiplicity, explanation); the largest wins, ties by the explanation as PyOpenCL's max()
    // over tuples does.
    std::pair<unsigned, std::string> worst{1, {}};
    for (size_t workItemAxis = 0; workItemAxis < rank; ++workItemAxis) {
        std::map<unsigned long long, std::vector<std::string>> bankAccesses;
        std::vector<unsigned long long> bankOrder;
        for (unsigned workItem = 0; workItem < *simultaneous.value; ++workItem) {
            unsigned long long address = 0;
            unsigned long long multiplier = itemSize;
            std::vector<unsigned> index;
            unsigned long long leftOver = workItem;
            for (size_t axis = 0; axis < rank; ++axis) {
                if (axis >= workItemAxis) {
                    const unsigned axisIndex = unsigned(leftOver % sizes[axis]);
                    leftOver /= sizes[axis];
                    address += multiplier * axisIndex;
                    index.push_back(axisIndex);
                } else {
                    index.push_back(0);
                }
                multiplier *= storedSizes[axis];
            }
            if (leftOver)
                continue; // out of bounds: assume the access does not take place
            const unsigned long long bank = (address / granularity) % *banks.value;
            const std::vector<unsigned> cOrder(index.rbegin(), index.rend());
            if (!bankAccesses.count(bank))
                bankOrder.push_back(bank);
            bankAccesses[bank].push_back("w.item " + std::to_string(workItem) + " -> " +
                                         pythonList(cOrder));
        }
        size_t multiplicity = 0;
        for (const auto& [bank, accesses] : bankAccesses)
            multiplicity = std::max(multiplicity, accesses.size());
        if (multiplicity <= 1)
            continue;
        for (unsigned long long bank : bankOrder) {
            const std::vector<std::string>& accesses = bankAccesses[bank];
            if (accesses.size() != multiplicity)
                continue;
            std::string joined;
            for (size_t i = 0; i < accesses.size(); ++i)
                joined += (i ? ", " : "") + accesses[i];
            std::pair<unsigned, std::string> conflict{
                unsigned(multiplicity), std::to_string(multiplicity) + "x conflict on axis " +
                                            std::to_string(workItemAxis) +
                                            " (from right, 0-based): " + joined + " access bank " +
                                            std::to_string(bank)};
            if (conflict > worst)
                worst = std::move(conflict);
        }
    }
    result.multiplicity = worst.first;
    result.explanation = worst.second;
    return result;
}

} // namespace clw::engine::characterize
