#include "clw/engine/session/ExpectedOutputs.h"

#include "clw/engine/inspect/ToleranceRules.h"
#include "clw/engine/session/NpyFile.h"

namespace clw::engine {

std::vector<BufferComparison> ExpectedOutputs::compare(const Session& session,
                                                       const std::filesystem::path& folder,
                                                       const RunOutputs& outputs) {
    std::vector<BufferComparison> comparisons;
    for (const SessionBuffer& buffer : session.buffers) {
        if (buffer.expected.empty())
            continue;
        ToleranceRules rules;
        if (!buffer.tolerance.empty())
            rules.add(buffer.tolerance);
        RunOutputs ours, expected;
        for (const auto& output : outputs)
            if (output.first == buffer.name)
                ours.push_back(output);
        try {
            expected.emplace_back(buffer.name, NpyFile::read(folder / buffer.expected));
        } catch (const std::exception& error) {
            BufferComparison missing;
            missing.name = buffer.name;
            missing.status = BufferComparison::Status::Missing;
            missing.problem = std::string("its expected result does not read: ") + error.what();
            comparisons.push_back(std::move(missing));
            continue;
        }
        Session one = session;
        one.buffers = {buffer};
        const OutputComparison comparison =
            OutputComparison::compare(one, ours, one, expected, rules);
        for (const BufferComparison& result : comparison.buffers())
            comparisons.push_back(result);
    }
    return comparisons;
}

} // namespace clw::engine
