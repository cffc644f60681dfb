#include "KeysDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace clw::app {

namespace {

struct KeyRow {
    QString key, action, menu, tip;
};

QString plain(QString text) {
    return text.remove(QLatin1Char('&'));
}

void collect(const QMenu& menu, const QString& path, QList<KeyRow>& rows) {
    for (QAction* action : menu.actions()) {
        if (action->menu()) {
            collect(*action->menu(), path + QStringLiteral(" > ") + plain(action->text()), rows);
            continue;
        }
        if (action->shortcut().isEmpty())
            continue;
        const QString tip =
            action->toolTip() == plain(action->text()) ? QString() : action->toolTip();
        rows.append({action->shortcut().toString(QKeySequence::NativeText), plain(action->text()),
                     path, tip});
    }
}

} // namespace

KeysDialog::KeysDialog(const QMenuBar& menus, QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this)) {
    setWindowTitle(tr("Keys"));
    QList<KeyRow> rows;
    for (QAction* top : menus.actions())
        if (top->menu())
            collect(*top->menu(), plain(top->text()), rows);
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Key"), tr("Action"), tr("Menu")});
    m_table->setRowCount(int(rows.size()));
    for (int row = 0; row < int(rows.size()); ++row) {
        const KeyRow& key = rows[row];
        const QStringList cells{key.key, key.action, key.menu};
        for (int column = 0; column < 3; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            item->setToolTip(key.tip);
            m_table->setItem(row, column, item);
        }
    }
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(640, 560);
}

} // namespace clw::app
