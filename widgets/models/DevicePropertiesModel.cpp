#include "models/DevicePropertiesModel.h"

namespace clw::ui {

DevicePropertiesModel::DevicePropertiesModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void DevicePropertiesModel::setProperties(QList<DeviceProperty> properties) {
    beginResetModel();
    m_properties = std::move(properties);
    endResetModel();
}

int DevicePropertiesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_properties.size());
}

int DevicePropertiesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DevicePropertiesModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const DeviceProperty& row = m_properties[index.row()];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return index.column() == NameColumn ? row.name : row.value;
    case SupportedRole:
        return row.supported;
    default:
        return {};
    }
}

QVariant DevicePropertiesModel::headerData(int section, Qt::Orientation orientation,
                                           int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Property") : tr("Value");
}

} // namespace clw::ui
