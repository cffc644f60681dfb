#pragma once
// The device browser's property tree: grouped by topic, a search filter over names, values and
// topics, human units with the raw value on hover, unsupported rows dimmed; Copy (Ctrl+C) puts the
// selected rows on the clipboard, Export asks the panel to write a file.
#include "bridge/DeviceSnapshot.h"

#include <QWidget>

class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTreeView;

namespace clw::ui {

class DevicePropertiesModel;

class PropertiesPane : public QWidget {
    Q_OBJECT
public:
    explicit PropertiesPane(QWidget* parent = nullptr);

    void setProperties(QList<DeviceProperty> properties);
    DevicePropertiesModel* model() const { return m_model; }
    QSortFilterProxyModel* filterModel() const { return m_filter; }
    QTreeView* view() const { return m_view; }
    QLineEdit* filterEdit() const { return m_filterEdit; }
    QPushButton* exportButton() const { return m_exportButton; }
    // The selected property rows (a selected topic counts as all its rows) as "name<TAB>value"
    // lines; every shown row when nothing is selected.
    QString selectedText() const;

public Q_SLOTS:
    void copySelection() const;

Q_SIGNALS:
    void exportRequested();

private:
    QList<DeviceProperty> selectedProperties() const;

    DevicePropertiesModel* m_model;
    QSortFilterProxyModel* m_filter;
    QTreeView* m_view;
    QLineEdit* m_filterEdit;
    QPushButton* m_copyButton;
    QPushButton* m_exportButton;
};

} // namespace clw::ui
