#include "debug/WatchTableModel.h"

#include <cmath>

namespace clw::ui {

WatchTableModel::WatchTableModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void WatchTableModel::setRun(const engine::WatchedRun& run) {
    beginResetModel();
    m_run = run;
    endResetModel();
}

int WatchTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(std::min<std::uint64_t>(m_run.passes.size(), INT_MAX));
}

int WatchTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

std::array<std::uint64_t, 3> WatchTableModel::globalId(std::uint64_t workItem) const {
    std::array<std::uint64_t, 3> size{1, 1, 1};
    for (size_t i = 0; i < m_run.global.size() && i < 3; ++i)
        size[i] = std::max<std::uint64_t>(m_run.global[i], 1);
    return {workItem % size[0], workItem / size[0] % size[1], workItem / size[0] / size[1]};
}

QString WatchTableModel::idsText(const std::array<std::uint64_t, 3>& ids) const {
    QStringList parts;
    for (size_t i = 0; i < std::max<size_t>(m_run.global.size(), 1); ++i)
        parts << QString::number(ids[i]);
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

QVariant WatchTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || (role != Qt::DisplayRole && role != Qt::TextAlignmentRole))
        return {};
    if (role == Qt::TextAlignmentRole)
        return index.column() == Value ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    const std::uint64_t item = std::uint64_t(index.row());
    const std::array<std::uint64_t, 3> id = globalId(item);
    std::array<std::uint64_t, 3> group{}, local{};
    for (size_t i = 0; i < 3; ++i) {
        const std::uint64_t size =
            i < m_run.local.size() ? std::max<std::uint64_t>(m_run.local[i], 1) : 1;
        group[i] = id[i] / size;
        local[i] = id[i] % size;
    }
    switch (index.column()) {
    case GlobalId:
        return idsText(id);
    case Group:
        return idsText(group);
    case LocalId:
        return idsText(local);
    case Passes:
        return m_run.passes[item];
    case Value: {
        if (m_run.values.empty() || std::isnan(m_run.value(item)))
            return QStringLiteral("-");
        QStringList parts;
        for (unsigned c = 0; c < m_run.components; ++c)
            parts << QString::number(m_run.value(item, c), 'g', 9);
        return parts.join(QStringLiteral(", "));
    }
    default:
        return {};
    }
}

QVariant WatchTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case GlobalId:
        return tr("Global id");
    case Group:
        return tr("Group");
    case LocalId:
        return tr("Local id");
    case Passes:
        return tr("Passes");
    case Value:
        return tr("Value");
    default:
        return {};
    }
}

} // namespace clw::ui
