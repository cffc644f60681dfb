#pragma once
// The Output dock's filter (issue 19): the lines of one work-item, typed as its global id ("5",
// "3, 1", "3,1,0"; dimensions left out are 0), or of one work-group ("group 2", "group 1, 1"),
// counted over the run's work-group size as launched. Empty: every line.
#include "clw/engine/debug/CheckFinding.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace clw::ui {

class WorkItemFilter {
    Q_DECLARE_TR_FUNCTIONS(WorkItemFilter)
public:
    enum class Kind { All, WorkItem, WorkGroup };

    // The filter `text` means, over `local` (the run's work-group size; empty when unknown);
    // nullopt with `problem` saying what is wrong and what would work.
    static std::optional<WorkItemFilter>
    parse(const QString& text, const std::vector<std::uint64_t>& local, QString& problem);

    // Up to three numbers, separated by commas or spaces ("5", "3, 1", "3 1 0"; dimensions left
    // out are 0); nullopt for anything else.
    static std::optional<engine::CheckIds> idsOf(const QString& text);

    Kind kind() const { return m_kind; }
    // Whether a line of `workItem` (none: a driver's own output) passes.
    bool matches(const std::optional<engine::CheckIds>& workItem) const;

private:
    Kind m_kind = Kind::All;
    engine::CheckIds m_ids{0, 0, 0}; // the work-item's, or the work-group's
    engine::CheckIds m_local{1, 1, 1};
};

} // namespace clw::ui
