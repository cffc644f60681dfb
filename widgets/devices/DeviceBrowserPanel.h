#pragma once
// The device browser: the OpenCL runtime (ICD loader, NULL-platform behavior), platforms and
// devices as a tree and, for the current device, its properties grouped by topic, its
// characterization, its measured peaks (benchmarks with progress, Cancel and a chart) and, for
// two or more selected devices, a side-by-side comparison. Devices are read by the listing device
// host and measured by the host of their platform (DESIGN.md §2a), waited for on bridge worker
// threads; this widget never calls OpenCL, and a host that crashes while it reads is reported in
// the status line (Refresh starts a new one).
#include "bridge/DeviceSnapshot.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;
class QTreeView;

namespace clw::ui {

class ActiveHostRequest;
class BenchmarkPanel;
class CharacterizationModel;
class ComparisonView;
class DeviceHosts;
class DeviceListModel;
class DevicePropertiesModel;
class EngineBridge;
class PropertiesPane;

class DeviceBrowserPanel : public QWidget {
    Q_OBJECT
public:
    // The bridge and the hosts must outlive the panel. Starts reading the devices at once.
    DeviceBrowserPanel(EngineBridge& bridge, DeviceHosts& hosts, QWidget* parent = nullptr);
    ~DeviceBrowserPanel() override;

    DeviceListModel* deviceModel() const { return m_deviceModel; }
    DevicePropertiesModel* propertiesModel() const;
    QTreeView* deviceView() const { return m_deviceView; }
    QTreeView* propertiesView() const;
    PropertiesPane* propertiesPane() const { return m_properties; }
    CharacterizationModel* characterizationModel() const { return m_characterizationModel; }
    QTableView* characterizationView() const { return m_characterizationView; }
    BenchmarkPanel* benchmarkPanel() const { return m_benchmarks; }
    ComparisonView* comparisonView() const { return m_comparison; }
    QTabWidget* tabs() const { return m_tabs; }
    // True while a probe runs.
    bool isProbing() const { return m_probeJob != 0; }
    // What the panel says about the probe ("2 devices", an error, "Reading devices...").
    QString statusText() const;
    // The device whose properties are shown, or nullptr.
    const DeviceEntry* currentDevice() const;
    // The OpenCL runtime (ICD loader, NULL-platform behavior) when its row is current, or nullptr.
    const RuntimeEntry* currentRuntime() const;

    // Writes the current device's properties, characterization and last benchmark figures to
    // `path` (Markdown for .md, JSON otherwise); with the runtime row current, the runtime's
    // properties. The Export button asks for the path; a failure is shown in the status line and
    // returned false.
    bool exportCurrentDevice(const QString& path);

public Q_SLOTS:
    // Reads every platform and device again (replaces a probe still waiting to run).
    void refresh();
    // Shows a snapshot as if a probe had read it (a test's, or one read elsewhere).
    void showSnapshot(clw::ui::DeviceSnapshot snapshot);

Q_SIGNALS:
    // A probe finished and its snapshot is shown (failed platforms included).
    void snapshotReady(const clw::ui::DeviceSnapshot& snapshot);
    // The platforms could not be listed at all, or the probe failed (its host stopped).
    void probeFailed(const QString& message);

private:
    void showSelectedDevice();
    void compareSelectedDevices();
    void askExportPath();

    EngineBridge& m_bridge;
    DeviceHosts& m_hosts;
    std::shared_ptr<ActiveHostRequest> m_probeRequest; // the newest probe's
    DeviceListModel* m_deviceModel;
    CharacterizationModel* m_characterizationModel;
    QTreeView* m_deviceView;
    PropertiesPane* m_properties;
    QTableView* m_characterizationView;
    QLabel* m_characterizationError;
    BenchmarkPanel* m_benchmarks;
    ComparisonView* m_comparison;
    QTabWidget* m_tabs;
    QLabel* m_statusLabel;
    QPushButton* m_refreshButton;
    quint64 m_probeJob = 0;
    quint64 m_probeGeneration = 0;
};

} // namespace clw::ui
