#include "FindingBook.h"

#include <algorithm>

namespace clw::oclgrind_check {

void FindingBook::record(const FindingKey& key, std::initializer_list<std::uint64_t> workItems,
                         std::uint64_t offset, std::uint64_t size, const std::string& detail) {
    Entry& entry = m_entries[key];
    entry.workItems.insert(workItems.begin(), workItems.end());
    for (std::uint64_t byte = 0; byte < size; ++byte)
        entry.offsets.insert(offset + byte);
    ++entry.occurrences;
    if (entry.detail.empty())
        entry.detail = detail;
}

std::vector<engine::CheckFinding> FindingBook::findings(const std::string& kernel) const {
    std::vector<engine::CheckFinding> out;
    for (const auto& [key, entry] : m_entries) {
        engine::CheckFinding finding;
        finding.kind = key.kind;
        finding.memory = key.memory;
        finding.kernel = kernel;
        finding.argument = key.argument;
        finding.variable = key.variable;
        finding.place = key.place;
        finding.other = key.other;
        std::set<engine::CheckIds> groups;
        for (std::uint64_t item : entry.workItems) {
            const engine::CheckIds global = m_ids.globalId(item);
            if (finding.workItems.size() < engine::CheckFinding::kMaxListed)
                finding.workItems.push_back(global);
            groups.insert(m_ids.groupId(global));
        }
        std::sort(finding.workItems.begin(), finding.workItems.end());
        for (const engine::CheckIds& group : groups) {
            if (finding.workGroups.size() == engine::CheckFinding::kMaxListed)
                break;
            finding.workGroups.push_back(group);
        }
        for (std::uint64_t offset : entry.offsets) {
            if (finding.byteOffsets.size() == engine::CheckFinding::kMaxListed)
                break;
            finding.byteOffsets.push_back(offset);
        }
        finding.workItemCount = entry.workItems.size();
        finding.occurrences = entry.occurrences;
        finding.detail = entry.detail;
        out.push_back(std::move(finding));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const engine::CheckFinding& a, const engine::CheckFinding& b) {
                         return a.place < b.place;
                     });
    return out;
}

} // namespace clw::oclgrind_check
