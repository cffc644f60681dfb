#pragma once
// The Watch dock (issue 18, Watch): the value a watched expression had in every work-item as it
// passed its line, as a heat-map over the launch's ND-range (a 1-D range one row a work-group,
// 2-D as an image, 3-D a z slice at a time; a vector one component at a time), a table, and a
// histogram. Hovering a cell names the work-item and its value; clicking it selects its row.
#include "clw/engine/debug/CheckFinding.h"
#include "clw/engine/debug/WatchPlan.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QSpinBox;
class QTableView;
class QTabWidget;

namespace clw::ui {

class HeatMapView;
class HistogramView;
class WatchTableModel;

class WatchPanel : public QWidget {
    Q_OBJECT
public:
    explicit WatchPanel(QWidget* parent = nullptr);

    void setRunning(const QString& what);
    void setReport(const engine::WatchReport& report, const engine::WatchRequest& request,
                   const QString& device);
    void setFailure(const QString& message);

    QString statusText() const;
    QString hoverText() const;
    HeatMapView* heatMap() const { return m_heatMap; }
    QTableView* table() const { return m_table; }
    WatchTableModel* model() const { return m_model; }
    HistogramView* histogram() const { return m_histogram; }
    QComboBox* launches() const { return m_launch; }
    QComboBox* components() const { return m_component; }
    QSpinBox* pass() const { return m_pass; }
    // The work-item (linear index) whose cell is at (x, y) of the heat-map, if any.
    std::optional<std::uint64_t> workItemAt(std::uint64_t x, std::uint64_t y) const;
    void selectWorkItem(std::uint64_t workItem);
    // Selects the work-item of global id `globalId` in the launch shown: its row, its cell named
    // below the heat-map (3-D: its z slice shown). False when the watch has no value for it.
    bool selectGlobalId(const engine::CheckIds& globalId);

Q_SIGNALS:
    // The person chose another pass (0: the last): the watch runs again with it.
    void passChosen(int pass);

protected:
    // A click on the heat-map selects the work-item's row.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showLaunch();
    void showValues();
    void describeCell(quint64 x, quint64 y);
    // The histogram is drawn when its tab is shown: Qt Charts takes milliseconds a redraw.
    void showHistogram();
    const engine::WatchedRun* run() const;

    engine::WatchReport m_report;
    QLabel* m_status;
    QComboBox* m_launch;
    QComboBox* m_component;
    QSpinBox* m_slice;
    QSpinBox* m_pass;
    HeatMapView* m_heatMap;
    QLabel* m_hover;
    QTableView* m_table;
    WatchTableModel* m_model;
    HistogramView* m_histogram;
    QTabWidget* m_tabs = nullptr;
    std::vector<double> m_finite; // the shown component's values, for the histogram
    bool m_histogramStale = false;
};

} // namespace clw::ui
