#include "editor/language/ReferencesPanel.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace clw::ui {

namespace {
constexpr int kPathRole = Qt::UserRole;
constexpr int kLineRole = Qt::UserRole + 1;
constexpr int kColumnRole = Qt::UserRole + 2;
} // namespace

ReferencesPanel::ReferencesPanel(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(tr("Find references (Shift+F12) on a name lists where it is used."), this))
    , m_list(new QTreeWidget(this)) {
    setObjectName(QStringLiteral("referencesPanel"));
    m_list->setObjectName(QStringLiteral("referencesList"));
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("File"), tr("Line"), tr("Text")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->header()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    layout->addWidget(m_list, 1);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        Q_EMIT jumpRequested(item->data(0, kPathRole).toString(), item->data(0, kLineRole).toInt(),
                             item->data(0, kColumnRole).toInt());
    });
}

int ReferencesPanel::count() const {
    return m_list->topLevelItemCount();
}

void ReferencesPanel::showReferences(const QString& symbol, const QList<LspLocation>& locations) {
    m_list->clear();
    m_title->setText(locations.isEmpty() ? tr("No references to %1").arg(symbol)
                     : locations.size() == 1
                         ? tr("1 reference to %1").arg(symbol)
                         : tr("%1 references to %2").arg(locations.size()).arg(symbol));
    QList<QTreeWidgetItem*> items;
    for (const LspLocation& location : locations) {
        const int line = location.range.start.line + 1;
        auto* item = new QTreeWidgetItem(
            {QFileInfo(location.path).fileName(), QString::number(line),
             m_lineText ? m_lineText(location.path, line).trimmed() : QString()});
        item->setToolTip(0, location.path);
        item->setData(0, kPathRole, location.path);
        item->setData(0, kLineRole, line);
        item->setData(0, kColumnRole, location.range.start.character + 1);
        items.append(item);
    }
    m_list->addTopLevelItems(items);
    m_list->resizeColumnToContents(0);
    m_list->resizeColumnToContents(1);
}

} // namespace clw::ui
