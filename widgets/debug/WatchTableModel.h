#pragma once
// A watch's values as a table (issue 18, Watch): one row a work-item, with its global id, group,
// local id, how many times it passed the line, and the value (its components, for a vector).
#include "clw/engine/debug/WatchResult.h"

#include <QAbstractTableModel>

namespace clw::ui {

class WatchTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { GlobalId, Group, LocalId, Passes, Value, ColumnCount };

    explicit WatchTableModel(QObject* parent = nullptr);
    void setRun(const engine::WatchedRun& run);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The ids of a work-item as the table writes them: "(3, 1)".
    QString idsText(const std::array<std::uint64_t, 3>& ids) const;
    std::array<std::uint64_t, 3> globalId(std::uint64_t workItem) const;

private:
    engine::WatchedRun m_run;
};

} // namespace clw::ui
