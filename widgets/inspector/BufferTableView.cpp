#include "inspector/BufferTableView.h"

#include "inspector/BufferCellDelegate.h"
#include "inspector/HandleRepaintScrollBar.h"
#include "models/BufferTableModel.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QScrollBar>
#include <QTableView>
#include <QWheelEvent>

#include <algorithm>

namespace clw::ui {

BufferTableView::BufferTableView(BufferTableModel& model, QWidget* parent)
    : QWidget(parent)
    , m_model(model) {
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("bufferTable"));
    m_table->setModel(&m_model);
    m_table->setItemDelegate(new BufferCellDelegate(m_table));
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // Compact rows: more elements on screen, and the window is sized from this height.
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setDefaultSectionSize(96);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->setWordWrap(false);
    m_table->installEventFilter(this);
    m_table->viewport()->installEventFilter(this);

    m_scroll = new HandleRepaintScrollBar(Qt::Vertical, this);
    m_scroll->setObjectName(QStringLiteral("bufferScrollBar"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_scroll);

    connect(m_scroll, &QScrollBar::valueChanged, this, [this] {
        if (!m_updating)
            applyWindow();
    });
    connect(&m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateRange();
        m_table->resizeColumnToContents(0);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    Q_EMIT currentElementChanged(m_model.elementAt(current.row()));
            });
    updateRange();
}

int BufferTableView::visibleRows() const {
    const int rowHeight = std::max(1, m_table->verticalHeader()->defaultSectionSize());
    return std::max(1, m_table->viewport()->height() / rowHeight);
}

quint64 BufferTableView::firstVisibleElement() const {
    return m_model.firstElement();
}

void BufferTableView::updateRange() {
    const quint64 count = m_model.elementCount();
    const quint64 rows = quint64(visibleRows());
    const quint64 last = count > rows ? count - rows : 0;
    // A scroll bar counts in int: above a billion rows each step is several elements.
    m_scale = 1 + last / 1'000'000'000ull;
    m_updating = true;
    m_scroll->setRange(0, int((last + m_scale - 1) / m_scale));
    m_scroll->setPageStep(int(std::max<quint64>(1, rows / m_scale)));
    m_scroll->setSingleStep(std::max(1, int(3 / m_scale)));
    m_scroll->setValue(
        int(std::min<quint64>(m_model.firstElement() / m_scale, quint64(m_scroll->maximum()))));
    m_updating = false;
    applyWindow();
}

void BufferTableView::applyWindow() {
    // One row more than fits, so that a partly visible last row has data too; at the end, the
    // last element on the last whole row.
    const quint64 first = quint64(m_scroll->value()) * m_scale;
    if (m_scroll->value() == m_scroll->maximum() && m_scroll->maximum() > 0)
        m_model.setWindow(m_model.elementCount() - quint64(visibleRows()), visibleRows());
    else
        m_model.setWindow(first, visibleRows() + 1);
}

void BufferTableView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateRange();
}

void BufferTableView::setFirstElement(quint64 element) {
    const quint64 value = std::min<quint64>(element / m_scale, quint64(m_scroll->maximum()));
    if (int(value) == m_scroll->value())
        applyWindow();
    else
        m_scroll->setValue(int(value));
}

void BufferTableView::scrollBy(qint64 rows) {
    const qint64 first = qint64(m_model.firstElement()) + rows;
    setFirstElement(quint64(std::max<qint64>(0, first)));
}

void BufferTableView::scrollToElement(quint64 element) {
    const quint64 count = m_model.elementCount();
    if (count == 0)
        return;
    element = std::min(element, count - 1);
    const quint64 third = quint64(visibleRows()) / 3;
    setFirstElement(element > third ? element - third : 0);
    const int row = int(element - m_model.firstElement());
    const int column = std::max(m_table->currentIndex().column(), m_model.firstValueColumn());
    if (row >= 0 && row < m_model.rowCount())
        m_table->setCurrentIndex(m_model.index(row, std::min(column, m_model.columnCount() - 1)));
}

std::optional<std::pair<quint64, quint64>> BufferTableView::selectedElements() const {
    const QModelIndexList selected = m_table->selectionModel()->selectedIndexes();
    if (selected.isEmpty())
        return std::nullopt;
    int low = selected.front().row();
    int high = low;
    for (const QModelIndex& index : selected) {
        low = std::min(low, index.row());
        high = std::max(high, index.row());
    }
    return std::pair{m_model.elementAt(low), m_model.elementAt(high)};
}

std::optional<quint64> BufferTableView::currentElement() const {
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return std::nullopt;
    return m_model.elementAt(current.row());
}

bool BufferTableView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_table->viewport() && event->type() == QEvent::Wheel) {
        QApplication::sendEvent(m_scroll, event);
        return true;
    }
    // While a cell is edited its editor has the focus: its keys never reach the table.
    if (watched != m_table || event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    const QModelIndex current = m_table->currentIndex();
    const int row = current.isValid() ? current.row() : 0;
    const int column = current.isValid() ? current.column() : m_model.firstValueColumn();
    const int lastFull = visibleRows() - 1;
    const auto keepRow = [&](int r) {
        r = std::clamp(r, 0, std::max(0, m_model.rowCount() - 1));
        if (m_model.rowCount() > 0)
            m_table->setCurrentIndex(m_model.index(r, column));
    };
    const bool ctrl = key->modifiers() & Qt::ControlModifier;
    switch (key->key()) {
    case Qt::Key_Down:
        if (row < lastFull)
            return false;
        scrollBy(1);
        keepRow(lastFull);
        return true;
    case Qt::Key_Up:
        if (row > 0)
            return false;
        scrollBy(-1);
        keepRow(0);
        return true;
    case Qt::Key_PageDown:
        scrollBy(visibleRows());
        keepRow(row);
        return true;
    case Qt::Key_PageUp:
        scrollBy(-visibleRows());
        keepRow(row);
        return true;
    case Qt::Key_Home:
    case Qt::Key_End:
        if (!ctrl)
            return false;
        if (key->key() == Qt::Key_Home) {
            setFirstElement(0);
            keepRow(0);
        } else {
            setFirstElement(m_model.elementCount());
            keepRow(m_model.rowCount() - 1);
        }
        return true;
    default:
        return false;
    }
}

} // namespace clw::ui
