#pragma once
// Platforms and their devices as a tree, from a DeviceSnapshot, under an "OpenCL runtime" row
// (the ICD loader and its NULL-platform behavior) at the top when the snapshot read the runtime.
// Qt Core only; never calls OpenCL.
#include "bridge/DeviceSnapshot.h"

#include <QAbstractItemModel>

namespace clw::ui {

class DeviceListModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        TypeColumn,
        VersionColumn,
        ComputeUnitsColumn,
        GlobalMemoryColumn,
        ColumnCount
    };
    enum Role {
        ErrorRole = Qt::UserRole + 1, // a failed platform's error text (QString), else empty
        IsPlatformRole,               // bool
        IsDefaultRole,                // bool: the default device
        IsRuntimeRole,                // bool: the OpenCL runtime row
    };

    explicit DeviceListModel(QObject* parent = nullptr);

    // Replaces everything shown (a model reset).
    void setSnapshot(DeviceSnapshot snapshot);
    const DeviceSnapshot& snapshot() const { return m_snapshot; }
    // The device of a device row (any column), or nullptr for a platform row.
    const DeviceEntry* deviceAt(const QModelIndex& index) const;
    const PlatformEntry* platformAt(const QModelIndex& index) const;
    // The runtime of the OpenCL runtime row (any column), or nullptr for any other row.
    const RuntimeEntry* runtimeAt(const QModelIndex& index) const;
    // The index (column 0) of the OpenCL runtime row; invalid when the snapshot has none.
    QModelIndex runtimeIndex() const;
    // The index (column 0) of a platform's row.
    QModelIndex platformIndex(int platform) const;
    // The index (column 0) of the default device, invalid when there is none.
    QModelIndex defaultDeviceIndex() const;
    // The index (column 0) of the first device with this name, invalid when there is none.
    QModelIndex deviceIndex(const QString& name) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    // Top-level rows before the platforms: 1 with a runtime row, else 0.
    int runtimeRows() const { return m_snapshot.runtime.probed ? 1 : 0; }
    QVariant runtimeData(int column, int role) const;
    QVariant platformData(const PlatformEntry& platform, int column, int role) const;
    QVariant deviceData(const DeviceEntry& device, int column, int role) const;

    DeviceSnapshot m_snapshot;
};

} // namespace clw::ui
