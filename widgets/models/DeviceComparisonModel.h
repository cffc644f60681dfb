#pragma once
// Two or more devices side by side: one row per property or characteristic any of them has, one
// column per device, and DifferentRole set on rows whose values differ. Qt Core only.
#include "bridge/DeviceSnapshot.h"

#include <QAbstractTableModel>

namespace clw::ui {

class DeviceComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        DifferentRole = Qt::UserRole + 1, // bool: the devices' values differ on this row
        TopicRole,                        // QString
    };

    explicit DeviceComparisonModel(QObject* parent = nullptr);

    // Compares these devices (a model reset); fewer than two shows their values alone.
    void setDevices(QList<DeviceEntry> devices);
    const QList<DeviceEntry>& devices() const { return m_devices; }
    int differingRowCount() const;
    // The row of a property ("CL_DEVICE_NAME") or characteristic key; -1 when absent.
    int rowOf(const QString& name) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name; // the parameter name or characteristic label
        QString key;  // parameter name, or "characterization.<key>"
        QString topic;
        QString description;
        QStringList values;  // one per device
        QList<bool> present; // one per device: false when the device lacks the row
        bool different = false;
    };
    QList<DeviceEntry> m_devices;
    QList<Row> m_rows;
};

} // namespace clw::ui
