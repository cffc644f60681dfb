#include "models/DeviceComparisonModel.h"

#include <QHash>

namespace clw::ui {

DeviceComparisonModel::DeviceComparisonModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void DeviceComparisonModel::setDevices(QList<DeviceEntry> devices) {
    beginResetModel();
    m_devices = std::move(devices);
    m_rows.clear();
    QHash<QString, int> rowOfKey;
    const qsizetype count = m_devices.size();
    auto rowFor = [&](const QString& key, const QString& name, const QString& topic,
                      const QString& description) -> Row& {
        auto it = rowOfKey.find(key);
        if (it == rowOfKey.end()) {
            it = rowOfKey.insert(key, int(m_rows.size()));
            Row row{name, key, topic, description, {}, {}, false};
            for (qsizetype d = 0; d < count; ++d) {
                row.values.append(QString());
                row.present.append(false);
            }
            m_rows.append(row);
        }
        return m_rows[*it];
    };
    // Rows in the order they first appear: the snapshot already groups them by topic.
    for (qsizetype d = 0; d < count; ++d) {
        const DeviceEntry& device = m_devices[d];
        for (const DeviceProperty& property : device.properties) {
            Row& row = rowFor(property.name, property.name, property.topic, property.description);
            row.values[d] = property.value;
            row.present[d] = true;
        }
        for (const CharacterizationRow& item : device.characterization) {
            Row& row = rowFor(QStringLiteral("characterization.") + item.key, item.label,
                              tr("Characterization"), item.note);
            row.values[d] = item.value;
            row.present[d] = true;
        }
    }
    for (Row& row : m_rows) {
        for (qsizetype d = 1; d < count; ++d)
            row.different |= row.present[d] != row.present[0] || row.values[d] != row.values[0];
    }
    endResetModel();
}

int DeviceComparisonModel::differingRowCount() const {
    return int(
        std::count_if(m_rows.begin(), m_rows.end(), [](const Row& row) { return row.different; }));
}

int DeviceComparisonModel::rowOf(const QString& name) const {
    for (int row = 0; row < m_rows.size(); ++row)
        if (m_rows[row].key == name ||
            m_rows[row].key == QStringLiteral("characterization.") + name)
            return row;
    return -1;
}

int DeviceComparisonModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DeviceComparisonModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_devices.size()) + 1;
}

QVariant DeviceComparisonModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 0)
            return row.name;
        // An em dash where the device lacks the row altogether.
        return row.present[index.column() - 1] ? row.values[index.column() - 1]
                                               : QStringLiteral("\u2014");
    case Qt::ToolTipRole:
        if (index.column() == 0)
            return row.description.isEmpty() ? row.topic
                                             : row.topic + QLatin1Char('\n') + row.description;
        return row.values[index.column() - 1];
    case DifferentRole:
        return row.different;
    case TopicRole:
        return row.topic;
    default:
        return {};
    }
}

QVariant DeviceComparisonModel::headerData(int section, Qt::Orientation orientation,
                                           int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section > m_devices.size())
        return {};
    if (section == 0)
        return role == Qt::DisplayRole ? QVariant(tr("Property")) : QVariant();
    const DeviceEntry& device = m_devices[section - 1];
    if (role == Qt::DisplayRole) {
        // Two identical devices (two of the same GPU) are told apart by their position.
        int same = 0;
        for (int d = 0; d < section; ++d)
            same += m_devices[d].name == device.name ? 1 : 0;
        return same > 1 ? QStringLiteral("%1 #%2").arg(device.name).arg(same) : device.name;
    }
    if (role == Qt::ToolTipRole)
        return QStringLiteral("%1\n%2").arg(device.name, device.platformName);
    return {};
}

} // namespace clw::ui
