#pragma once
// The findings of one kernel run as they are found: one entry per kind, memory, variable and
// source place, holding every work-item, group and byte involved. Plain Oclgrind says each
// occurrence apart (a race sample's 256 messages); here they are one finding.
#include "WorkItemIds.h"

#include "clw/engine/debug/CheckFinding.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clw::oclgrind_check {

struct FindingKey {
    engine::CheckKind kind = engine::CheckKind::ReadWriteRace;
    engine::CheckMemory memory = engine::CheckMemory::None;
    int argument = -1;
    std::string variable;
    engine::CheckPlace place;
    engine::CheckPlace other;
    auto operator<=>(const FindingKey&) const = default;
};

class FindingBook {
public:
    explicit FindingBook(const WorkItemIds& ids)
        : m_ids(ids) {}

    // One occurrence: the work-items involved (linear indices, WorkItemIds), and the bytes
    // [offset, offset + size) when it is about memory.
    void record(const FindingKey& key, std::initializer_list<std::uint64_t> workItems,
                std::uint64_t offset = 0, std::uint64_t size = 0, const std::string& detail = {});

    bool empty() const { return m_entries.empty(); }
    void clear() { m_entries.clear(); }
    // The findings, in the order of their places in the source, their lists capped at
    // CheckFinding::kMaxListed.
    std::vector<engine::CheckFinding> findings(const std::string& kernel) const;

private:
    struct Entry {
        std::set<std::uint64_t> workItems;
        std::set<std::uint64_t> offsets;
        std::uint64_t occurrences = 0;
        std::string detail;
    };
    const WorkItemIds& m_ids;
    std::map<FindingKey, Entry> m_entries;
};

} // namespace clw::oclgrind_check
