#pragma once
// A build's diagnostics as a tree: one row per device (its summary), under it that device's
// errors, warnings, notes and remarks with file, line and column. Qt Core only.
#include "models/BuildReport.h"

#include <QAbstractItemModel>

namespace clw::ui {

class DiagnosticsModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        MessageColumn,
        SeverityColumn,
        FileColumn,
        LineColumn,
        ColumnColumn,
        ColumnCount
    };
    enum Role {
        FileRole = Qt::UserRole + 1, // QString; empty on device rows
        LineRole,                    // int, 1-based; 0 when none
        ColumnRole,                  // int, 1-based; 0 when none
        SeverityRole,                // int (DiagnosticSeverity); -1 on device rows
        IsDeviceRole,                // bool
    };

    explicit DiagnosticsModel(QObject* parent = nullptr);

    // Replaces what is shown (a model reset).
    void setReport(BuildReport report);
    void clear();
    const BuildReport& report() const { return m_report; }
    // The diagnostic of a diagnostic row (any column), nullptr for a device row.
    const BuildDiagnostic* diagnosticAt(const QModelIndex& index) const;
    // The index (column 0) of the first error or warning located in a file, invalid if none.
    QModelIndex firstProblem() const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct DeviceRow {
        QString title;
        QList<BuildDiagnostic> items; // what is listed under it
    };
    QVariant deviceData(const DeviceRow& row, int column, int role) const;
    QVariant diagnosticData(const BuildDiagnostic& item, int column, int role) const;

    BuildReport m_report;
    QList<DeviceRow> m_rows;
};

} // namespace clw::ui
