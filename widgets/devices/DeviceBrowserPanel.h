#pragma once
// The device browser: platforms and devices as a tree, and every property of the selected device.
// Devices are read on an engine worker thread through the bridge; this widget never calls OpenCL.
#include "bridge/DeviceSnapshot.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTreeView;

namespace clw::ui {

class DeviceListModel;
class DevicePropertiesModel;
class EngineBridge;

class DeviceBrowserPanel : public QWidget {
    Q_OBJECT
public:
    // The bridge must outlive the panel. Starts reading the devices at once.
    explicit DeviceBrowserPanel(EngineBridge& bridge, QWidget* parent = nullptr);
    ~DeviceBrowserPanel() override;

    DeviceListModel* deviceModel() const { return m_deviceModel; }
    DevicePropertiesModel* propertiesModel() const { return m_propertiesModel; }
    QTreeView* deviceView() const { return m_deviceView; }
    QTableView* propertiesView() const { return m_propertiesView; }
    // True while a probe runs.
    bool isProbing() const { return m_probeJob != 0; }
    // What the panel says about the probe ("2 devices", an error, "Reading devices...").
    QString statusText() const;

public Q_SLOTS:
    // Reads every platform and device again (replaces a probe still waiting to run).
    void refresh();

Q_SIGNALS:
    // A probe finished and its snapshot is shown (failed platforms included).
    void snapshotReady(const clw::ui::DeviceSnapshot& snapshot);
    // The platforms could not be listed at all, or the probe job failed.
    void probeFailed(const QString& message);

private:
    void showSnapshot(DeviceSnapshot snapshot);
    void showSelectedDevice();

    EngineBridge& m_bridge;
    DeviceListModel* m_deviceModel;
    DevicePropertiesModel* m_propertiesModel;
    QSortFilterProxyModel* m_propertiesFilter;
    QTreeView* m_deviceView;
    QTableView* m_propertiesView;
    QLineEdit* m_filterEdit;
    QLabel* m_statusLabel;
    QPushButton* m_refreshButton;
    quint64 m_probeJob = 0;
    quint64 m_probeGeneration = 0;
};

} // namespace clw::ui
