#include "models/DevicePropertiesModel.h"

namespace clw::ui {

// Internal ids: 0 for a topic row, group index + 1 for a property row under that topic.

DevicePropertiesModel::DevicePropertiesModel(QObject* parent)
    : QAbstractItemModel(parent) {}

void DevicePropertiesModel::setProperties(QList<DeviceProperty> properties) {
    beginResetModel();
    m_properties = std::move(properties);
    m_groups.clear();
    for (int i = 0; i < m_properties.size(); ++i) {
        const QString& topic = m_properties[i].topic;
        auto it = std::find_if(m_groups.begin(), m_groups.end(),
                               [&](const Group& group) { return group.topic == topic; });
        if (it == m_groups.end()) {
            m_groups.append({topic, {}});
            it = m_groups.end() - 1;
        }
        it->rows.append(i);
    }
    endResetModel();
}

const DeviceProperty* DevicePropertiesModel::propertyAt(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this || index.internalId() == 0)
        return nullptr;
    const Group& group = m_groups[int(index.internalId() - 1)];
    return &m_properties[group.rows[index.row()]];
}

QModelIndex DevicePropertiesModel::indexOf(const QString& name) const {
    for (int g = 0; g < m_groups.size(); ++g)
        for (int r = 0; r < m_groups[g].rows.size(); ++r)
            if (m_properties[m_groups[g].rows[r]].name == name)
                return createIndex(r, 0, quintptr(g + 1));
    return {};
}

QModelIndex DevicePropertiesModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex DevicePropertiesModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int DevicePropertiesModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.internalId() == 0 && parent.column() == 0)
        return int(m_groups[parent.row()].rows.size());
    return 0;
}

int DevicePropertiesModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant DevicePropertiesModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const DeviceProperty* property = propertyAt(index);
    if (!property) {
        const Group& group = m_groups[index.row()];
        switch (role) {
        case Qt::DisplayRole:
            return index.column() == NameColumn
                       ? group.topic
                       : tr("%n properties", nullptr, int(group.rows.size()));
        case TopicRole:
            return group.topic;
        case IsTopicRole:
        case SupportedRole:
            return true;
        default:
            return {};
        }
    }
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == NameColumn ? property->name : property->value;
    case Qt::ToolTipRole: {
        // Human units in the table, the exact value on hover.
        QString tip = property->name;
        if (!property->description.isEmpty())
            tip += QLatin1Char('\n') + property->description;
        if (!property->raw.isEmpty())
            tip += QLatin1Char('\n') + tr("Raw value: %1").arg(property->raw);
        return tip;
    }
    case SupportedRole:
        return property->supported;
    case RawValueRole:
        return property->raw;
    case DescriptionRole:
        return property->description;
    case TopicRole:
        return property->topic;
    case IsTopicRole:
        return false;
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
