#include "devices/PropertiesPane.h"

#include "devices/HighlightDelegate.h"
#include "models/DeviceExport.h"
#include "models/DevicePropertiesModel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace clw::ui {

PropertiesPane::PropertiesPane(QWidget* parent)
    : QWidget(parent)
    , m_model(new DevicePropertiesModel(this))
    , m_filter(new QSortFilterProxyModel(this))
    , m_view(new QTreeView(this))
    , m_filterEdit(new QLineEdit(this))
    , m_copyButton(new QPushButton(tr("Copy"), this))
    , m_exportButton(new QPushButton(tr("Export..."), this)) {
    m_filter->setSourceModel(m_model);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setFilterKeyColumn(-1);
    // A matching property keeps its topic; a matching topic shows all of its properties.
    m_filter->setRecursiveFilteringEnabled(true);
    m_filter->setAutoAcceptChildRows(true);
    m_view->setObjectName(QStringLiteral("devicePropertiesTree"));
    m_view->setModel(m_filter);
    m_view->setItemDelegate(
        new HighlightDelegate(-1, DevicePropertiesModel::SupportedRole, m_view));
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setSectionResizeMode(DevicePropertiesModel::NameColumn,
                                           QHeaderView::ResizeToContents);
    m_view->header()->setStretchLastSection(true);

    m_filterEdit->setObjectName(QStringLiteral("devicePropertiesFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter properties (name, value or topic)"));
    m_filterEdit->setClearButtonEnabled(true);
    m_copyButton->setToolTip(tr("Copy the selected rows as tab-separated text (Ctrl+C)"));
    m_exportButton->setToolTip(tr("Save every property, the characterization and the measured "
                                  "peaks as JSON or Markdown"));
    auto* copy = new QAction(tr("Copy"), m_view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(copy);

    auto* top = new QHBoxLayout;
    top->addWidget(m_filterEdit, 1);
    top->addWidget(m_copyButton);
    top->addWidget(m_exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);

    connect(m_filterEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_filter->setFilterFixedString(text);
        m_view->expandAll();
    });
    connect(copy, &QAction::triggered, this, &PropertiesPane::copySelection);
    connect(m_copyButton, &QPushButton::clicked, this, &PropertiesPane::copySelection);
    connect(m_exportButton, &QPushButton::clicked, this, &PropertiesPane::exportRequested);
}

void PropertiesPane::setProperties(QList<DeviceProperty> properties) {
    m_model->setProperties(std::move(properties));
    m_view->expandAll();
    m_exportButton->setEnabled(m_model->propertyCount() > 0);
    m_copyButton->setEnabled(m_model->propertyCount() > 0);
}

QList<DeviceProperty> PropertiesPane::selectedProperties() const {
    QList<DeviceProperty> rows;
    QSet<QString> taken;
    auto take = [&](const QModelIndex& sourceIndex) {
        if (const DeviceProperty* property = m_model->propertyAt(sourceIndex))
            if (!taken.contains(property->name)) {
                taken.insert(property->name);
                rows.append(*property);
            }
    };
    // The shown children of a proxy row (all of a topic the filter keeps).
    auto takeShownChildren = [&](const QModelIndex& proxyParent) {
        for (int r = 0; r < m_filter->rowCount(proxyParent); ++r)
            take(m_filter->mapToSource(m_filter->index(r, 0, proxyParent)));
    };
    QModelIndexList selected = m_view->selectionModel()->selectedRows(0);
    if (selected.isEmpty()) {
        for (int t = 0; t < m_filter->rowCount(); ++t)
            takeShownChildren(m_filter->index(t, 0));
        return rows;
    }
    std::sort(selected.begin(), selected.end(), [](const QModelIndex& a, const QModelIndex& b) {
        const int ta = a.parent().isValid() ? a.parent().row() : a.row();
        const int tb = b.parent().isValid() ? b.parent().row() : b.row();
        return ta != tb
                   ? ta < tb
                   : (a.parent().isValid() ? a.row() : -1) < (b.parent().isValid() ? b.row() : -1);
    });
    for (const QModelIndex& index : selected) {
        if (index.parent().isValid())
            take(m_filter->mapToSource(index));
        else
            takeShownChildren(index);
    }
    return rows;
}

QString PropertiesPane::selectedText() const {
    return propertiesAsText(selectedProperties());
}

void PropertiesPane::copySelection() const {
    QApplication::clipboard()->setText(selectedText());
}

} // namespace clw::ui
