#include "launch/WorkItemFilter.h"

#include <QRegularExpression>
#include <QStringList>

namespace clw::ui {

std::optional<engine::CheckIds> WorkItemFilter::idsOf(const QString& text) {
    const QStringList parts =
        text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    engine::CheckIds ids{0, 0, 0};
    bool ok = !parts.isEmpty() && parts.size() <= 3;
    for (int i = 0; ok && i < parts.size(); ++i)
        ids[size_t(i)] = parts[i].toULongLong(&ok);
    return ok ? std::optional(ids) : std::nullopt;
}

std::optional<WorkItemFilter> WorkItemFilter::parse(const QString& text,
                                                    const std::vector<std::uint64_t>& local,
                                                    QString& problem) {
    WorkItemFilter filter;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return filter;
    static const QRegularExpression group(QStringLiteral("^group\\s*(.*)$"),
                                          QRegularExpression::CaseInsensitiveOption);
    if (const QRegularExpressionMatch match = group.match(trimmed); match.hasMatch()) {
        const auto ids = idsOf(match.captured(1));
        if (!ids) {
            problem = tr("'%1' is no work-group: type \"group 2\", or \"group 1, 1\" in 2-D")
                          .arg(trimmed);
            return std::nullopt;
        }
        if (local.empty()) {
            problem = tr("the run left its work-group size to the driver: filter by a "
                         "work-item's global id instead");
            return std::nullopt;
        }
        filter.m_kind = Kind::WorkGroup;
        filter.m_ids = *ids;
        for (size_t i = 0; i < 3; ++i)
            filter.m_local[i] = i < local.size() && local[i] > 0 ? local[i] : 1;
        return filter;
    }
    const auto ids = idsOf(trimmed);
    if (!ids) {
        problem = tr("'%1' is no work-item: type its global id, \"5\" or \"3, 1\", or a "
                     "work-group, \"group 2\"")
                      .arg(trimmed);
        return std::nullopt;
    }
    filter.m_kind = Kind::WorkItem;
    filter.m_ids = *ids;
    return filter;
}

bool WorkItemFilter::matches(const std::optional<engine::CheckIds>& workItem) const {
    if (m_kind == Kind::All)
        return true;
    if (!workItem)
        return false;
    if (m_kind == Kind::WorkItem)
        return *workItem == m_ids;
    for (size_t i = 0; i < 3; ++i)
        if ((*workItem)[i] / m_local[i] != m_ids[i])
            return false;
    return true;
}

} // namespace clw::ui
