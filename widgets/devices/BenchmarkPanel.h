#pragma once
// Runs the microbenchmarks (engine::runDeviceBenchmarks) on the device browser's current device,
// in the device host of its platform (DESIGN.md §2a): a progress bar, a Cancel button, the figures
// as a table and a bar chart of one benchmark group. A host that crashes or hangs is reported in
// the status line; the last result of each device is kept while the panel lives.
#include "bridge/DeviceSnapshot.h"

#include "clw/engine/device/DeviceBenchmark.h"

#include <QHash>
#include <QWidget>

#include <chrono>
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

class ActiveHostRequest;
class BenchmarkResultsModel;
class DeviceHosts;
class EngineBridge;
class ProgressRelay;

class BenchmarkPanel : public QWidget {
    Q_OBJECT
public:
    // The bridge and the hosts must outlive the panel.
    BenchmarkPanel(EngineBridge& bridge, DeviceHosts& hosts, QWidget* parent = nullptr);
    // A run still going ends its host: nobody is left to wait for it.
    ~BenchmarkPanel() override;

    // How long one step (one progress report to the next) may take before the watchdog ends
    // the host; clpeak's full sizes take seconds a step on a CPU. 120 s unless set.
    void setStepLimit(std::chrono::milliseconds limit) { m_stepLimit = limit; }
    // How long Cancel waits for the current step before it ends the host (a step stuck in the
    // driver never checks). 10 s unless set.
    void setCancelGrace(std::chrono::milliseconds grace) { m_cancelGrace = grace; }

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
    // Asks the host to stop after the current step; ends the host when it has not after the
    // cancel grace.
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
    DeviceHosts& m_hosts;
    std::shared_ptr<ProgressRelay> m_relay;
    std::shared_ptr<ActiveHostRequest> m_request; // the run's, while one runs
    std::chrono::milliseconds m_stepLimit{120'000};
    std::chrono::milliseconds m_cancelGrace{10'000};
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
