#pragma once
// Every property of one device (the snapshot's rows: info table, image formats) as a tree grouped
// by topic: topic rows at the top level, property rows under them, two columns (name, value).
// Qt Core only.
#include "bridge/DeviceSnapshot.h"

#include <QAbstractItemModel>

namespace clw::ui {

class DevicePropertiesModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ValueColumn, ColumnCount };
    enum Role {
        SupportedRole = Qt::UserRole + 1, // bool; true for topic rows
        RawValueRole,                     // QString: engine::rawInfoValue
        DescriptionRole,                  // QString: what the parameter means
        TopicRole,                        // QString
        IsTopicRole,                      // bool
    };

    explicit DevicePropertiesModel(QObject* parent = nullptr);

    // Shows these rows (a model reset), grouped by topic in the order topics first appear; an
    // empty list clears the tree.
    void setProperties(QList<DeviceProperty> properties);
    const QList<DeviceProperty>& properties() const { return m_properties; }
    int propertyCount() const { return int(m_properties.size()); }
    int topicCount() const { return int(m_groups.size()); }
    // The property of a property row (any column); nullptr for a topic row.
    const DeviceProperty* propertyAt(const QModelIndex& index) const;
    // The index (column 0) of the named property; invalid when absent.
    QModelIndex indexOf(const QString& name) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Group {
        QString topic;
        QList<int> rows; // indices into m_properties
    };
    QList<DeviceProperty> m_properties;
    QList<Group> m_groups;
};

} // namespace clw::ui
