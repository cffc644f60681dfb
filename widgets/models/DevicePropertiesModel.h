#pragma once
// Every property of one device (Device::allInfo() as read into the snapshot), two columns:
// the parameter name and its formatted value. Qt Core only.
#include "bridge/DeviceSnapshot.h"

#include <QAbstractTableModel>

namespace clw::ui {

class DevicePropertiesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ValueColumn, ColumnCount };
    enum Role { SupportedRole = Qt::UserRole + 1 };

    explicit DevicePropertiesModel(QObject* parent = nullptr);

    // Shows these rows (a model reset); an empty list clears the table.
    void setProperties(QList<DeviceProperty> properties);
    const QList<DeviceProperty>& properties() const { return m_properties; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<DeviceProperty> m_properties;
};

} // namespace clw::ui
