#pragma once
// The run history of the open session (SessionController::history()) as a table: one row per
// RunRecord, oldest first, with its configuration as it ran, its kernel times and its status.
// Qt Core only (DESIGN.md §5).
#include "models/RunRecord.h"

#include <QAbstractTableModel>
#include <QList>

#include <vector>

namespace clw::ui {

class RunHistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        WhenColumn,
        LaunchColumn,
        DeviceColumn,
        GlobalColumn,
        LocalColumn,
        RepeatsColumn,
        MinColumn,
        MedianColumn,
        MaxColumn,
        StatusColumn,
        ColumnCount
    };
    enum Role {
        RunIdRole = Qt::UserRole + 1, // int: RunRecord::id
        MedianNsRole,                 // double: the median kernel time in ns (0 without one)
        OkRole                        // bool: the run succeeded
    };

    explicit RunHistoryModel(QObject* parent = nullptr);

    // Takes the controller's history. When it only adds records after the ones shown (the usual
    // case after a run) the rows are inserted, so that the views keep their selection; anything
    // else (a session opened, history cleared) resets the model.
    void setHistory(std::vector<RunRecord> history);
    // Adds one record at the end.
    void append(RunRecord record);
    void clear();

    const std::vector<RunRecord>& history() const { return m_history; }
    // The record of a row, or nullptr outside the table.
    const RunRecord* recordAt(int row) const;
    // The row of a run id, or -1.
    int rowOf(int runId) const;
    const RunRecord* findRun(int runId) const;
    // The rows of the session run that `row` is part of: a run of the session gives one record
    // per launch, in launch order, one after the other; a run N times or a sweep gives records of
    // the launches before its own (plain runs), then its own. Empty outside the table.
    QList<int> runGroup(int row) const;
    // The rows of the latest session run (empty without history).
    QList<int> latestRunGroup() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    // Whether the records at `row` and `row + 1` came from one run of the session.
    bool sameSessionRun(int row) const;
    QVariant display(const RunRecord& record, int column) const;

    std::vector<RunRecord> m_history;
};

} // namespace clw::ui
