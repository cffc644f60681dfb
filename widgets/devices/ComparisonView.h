#pragma once
// Devices side by side (DeviceComparisonModel), the rows where they differ highlighted, with a
// switch to show only those rows.
#include "bridge/DeviceSnapshot.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace clw::ui {

class DeviceComparisonModel;

class ComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonView(QWidget* parent = nullptr);

    // Fewer than two devices shows a hint instead of a comparison.
    void setDevices(QList<DeviceEntry> devices);
    DeviceComparisonModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QCheckBox* onlyDifferences() const { return m_onlyDifferences; }
    QString summaryText() const;

private:
    DeviceComparisonModel* m_model;
    QSortFilterProxyModel* m_filter;
    QTableView* m_view;
    QCheckBox* m_onlyDifferences;
    QLabel* m_summary;
};

} // namespace clw::ui
