#pragma once
// The figures of a benchmark run (engine::BenchmarkResult): group, figure, value, unit; the rows
// of the device browser's table and chart. A zero-copy map (engine::BenchmarkFigure::zeroCopy)
// shows "zero-copy" as its value, with the meaningless number in the tooltip; ValueRole keeps the
// number for every figure. Qt Core only.
#include "clw/engine/device/DeviceBenchmark.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace clw::ui {

class BenchmarkResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { GroupColumn, NameColumn, ValueColumn, UnitColumn, ColumnCount };
    enum Role { ValueRole = Qt::UserRole + 1, GroupKeyRole };

    explicit BenchmarkResultsModel(QObject* parent = nullptr);

    void setResult(engine::BenchmarkResult result); // a model reset
    void clear();
    const engine::BenchmarkResult& result() const { return m_result; }
    bool hasResult() const { return !m_result.figures.empty(); }
    // Groups with figures, in run order ("global_bandwidth", ...).
    QStringList groups() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    engine::BenchmarkResult m_result;
};

} // namespace clw::ui
