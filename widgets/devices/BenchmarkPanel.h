#pragma once
// Runs the microbenchmarks (engine::runDeviceBenchmarks) on the device browser's current device,
// on an engine worker thread: a progress bar, a Cancel button, the figures as a table and a bar
// chart of one benchmark group. The last result of each device is kept while the panel lives.
#include "bridge/DeviceSnapshot.h"

#include "clw/engine/DeviceBenchmark.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace clw::ui {

class BenchmarkResultsModel;
class EngineBridge;
class ProgressRelay;

class BenchmarkPanel : public QWidget {
    Q_OBJECT
public:
    // The bridge must outlive the panel.
    explicit BenchmarkPanel(EngineBridge& bridge, QWidget* parent = nullptr);
    ~BenchmarkPanel() override;

    // The device Run measures (nullptr: none); shows that device's last result.
    void setDevice(const DeviceEntry* device);
    bool isRunning() const { return m_job != 0; }
    // The last complete result of the current device, or nullptr.
    const engine::BenchmarkResult* currentResult() const;

    BenchmarkResultsModel* resultsModel() const { return m_model; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* runButton() const { return m_runButton; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    QCheckBox* quickBox() const { return m_quick; }
    QComboBox* groupBox() const { return m_group; }
    QChart* chart() const;
    QString statusText() const;

    // Shows figures in the table and the chart without keeping them as the device's result:
    // what a run shows as its figures arrive, and how a test shows figures it made up.
    void showResult(const engine::BenchmarkResult& result);

public Q_SLOTS:
    void run();
    void cancel();

Q_SIGNALS:
    // A run ended: ok with figures shown, or cancelled / failed with the reason in the status.
    void finished(bool ok);

private:
    static QString deviceKey(const DeviceEntry& device);
    void showProgress(const engine::BenchmarkProgress& progress);
    void updateButtons();
    void updateChart();

    EngineBridge& m_bridge;
    std::shared_ptr<ProgressRelay> m_relay;
    BenchmarkResultsModel* m_model;
    QTableView* m_table;
    QChartView* m_chartView;
    QComboBox* m_group;
    QProgressBar* m_progress;
    QPushButton* m_runButton;
    QPushButton* m_cancelButton;
    QCheckBox* m_quick;
    QLabel* m_status;
    std::unique_ptr<DeviceEntry> m_device;
    QHash<QString, engine::BenchmarkResult> m_results; // by deviceKey
    quint64 m_job = 0;
    quint64 m_generation = 0;
};

} // namespace clw::ui
