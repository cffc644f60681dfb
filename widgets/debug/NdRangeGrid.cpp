#include "debug/NdRangeGrid.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace clw::ui {

namespace {

constexpr int kMargin = 4;

QString idsText(const engine::CheckIds& ids, unsigned dimensions) {
    QStringList parts;
    for (unsigned i = 0; i < dimensions; ++i)
        parts << QString::number(ids[i]);
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

NdRangeGrid::NdRangeGrid(QWidget* parent)
    : QWidget(parent) {
    setObjectName(QStringLiteral("ndRangeGrid"));
    setMouseTracking(true);
}

void NdRangeGrid::setRange(const std::vector<std::uint64_t>& global,
                           const std::vector<std::uint64_t>& local) {
    m_dimensions = unsigned(std::clamp<size_t>(global.size(), 1, 3));
    for (unsigned i = 0; i < 3; ++i) {
        m_global[i] = i < global.size() ? std::max<std::uint64_t>(global[i], 1) : 1;
        m_local[i] = i < local.size() ? std::max<std::uint64_t>(local[i], 1) : m_global[i];
    }
    const Layout cells = layout();
    m_cell = int(std::clamp<std::uint64_t>(cells.columns ? 960 / cells.columns : 14, 3, 14));
    m_selected.reset();
    updateGeometry();
    update();
}

void NdRangeGrid::setHighlighted(const std::vector<engine::CheckIds>& workItems) {
    m_highlighted = std::set<engine::CheckIds>(workItems.begin(), workItems.end());
    update();
}

void NdRangeGrid::setSelected(std::optional<engine::CheckIds> workItem) {
    m_selected = workItem;
    update();
}

std::uint64_t NdRangeGrid::total() const {
    return m_global[0] * m_global[1] * m_global[2];
}

bool NdRangeGrid::drawable() const {
    return total() <= kMaxCells;
}

NdRangeGrid::Layout NdRangeGrid::layout() const {
    if (m_dimensions == 1)
        return {m_local[0], (m_global[0] + m_local[0] - 1) / m_local[0], 1};
    return {m_global[0], m_global[1], m_global[2]};
}

QPoint NdRangeGrid::cellOrigin(std::uint64_t column, std::uint64_t row, std::uint64_t slice) const {
    const Layout cells = layout();
    return {kMargin + int(column) * m_cell, kMargin + int(slice * (cells.rows + 1) + row) * m_cell};
}

QRect NdRangeGrid::cellRect(const engine::CheckIds& id) const {
    if (m_dimensions == 1)
        return {cellOrigin(id[0] % m_local[0], id[0] / m_local[0], 0), QSize(m_cell, m_cell)};
    return {cellOrigin(id[0], id[1], id[2]), QSize(m_cell, m_cell)};
}

std::optional<engine::CheckIds> NdRangeGrid::workItemAt(const QPoint& point) const {
    if (!drawable() || point.x() < kMargin || point.y() < kMargin)
        return std::nullopt;
    const Layout cells = layout();
    const std::uint64_t column = std::uint64_t(point.x() - kMargin) / std::uint64_t(m_cell);
    const std::uint64_t line = std::uint64_t(point.y() - kMargin) / std::uint64_t(m_cell);
    const std::uint64_t slice = line / (cells.rows + 1), row = line % (cells.rows + 1);
    if (column >= cells.columns || row >= cells.rows || slice >= cells.slices)
        return std::nullopt;
    if (m_dimensions == 1) {
        const std::uint64_t x = row * m_local[0] + column;
        return x < m_global[0] ? std::optional(engine::CheckIds{x, 0, 0}) : std::nullopt;
    }
    return engine::CheckIds{column, row, slice};
}

QSize NdRangeGrid::sizeHint() const {
    if (!drawable())
        return {320, 40};
    const Layout cells = layout();
    return {2 * kMargin + int(cells.columns) * m_cell,
            2 * kMargin + int(cells.slices * (cells.rows + 1) - 1) * m_cell};
}

void NdRangeGrid::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QPalette colours = palette();
    if (!drawable()) {
        painter.drawText(rect().adjusted(kMargin, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         tr("%1 work-items: too many to draw; the list names them.").arg(total()));
        return;
    }
    const Layout cells = layout();
    const QColor idle = colours.color(QPalette::Midlight);
    const QColor involved(0xd0, 0x30, 0x30);
    for (std::uint64_t slice = 0; slice < cells.slices; ++slice) {
        const QPoint origin = cellOrigin(0, 0, slice);
        painter.fillRect(
            QRect(origin, QSize(int(cells.columns) * m_cell, int(cells.rows) * m_cell)), idle);
    }
    if (m_dimensions == 1 && m_global[0] % m_local[0] != 0) { // the last group's missing items
        const std::uint64_t last = m_global[0] % m_local[0];
        painter.fillRect(QRect(cellOrigin(last, cells.rows - 1, 0),
                               QSize(int(m_local[0] - last) * m_cell, m_cell)),
                         colours.color(QPalette::Window));
    }
    for (const engine::CheckIds& id : m_highlighted)
        painter.fillRect(cellRect(id), involved);
    if (m_cell >= 6) { // the cells apart
        painter.setPen(QPen(colours.color(QPalette::Window), 1));
        for (std::uint64_t slice = 0; slice < cells.slices; ++slice) {
            for (std::uint64_t column = 1; column < cells.columns; ++column) {
                const QPoint top = cellOrigin(column, 0, slice);
                painter.drawLine(top, top + QPoint(0, int(cells.rows) * m_cell - 1));
            }
            for (std::uint64_t row = 1; row < cells.rows; ++row) {
                const QPoint left = cellOrigin(0, row, slice);
                painter.drawLine(left, left + QPoint(int(cells.columns) * m_cell - 1, 0));
            }
        }
    }
    // The work-groups outlined: a row each in 1-D, blocks of the local size otherwise.
    painter.setPen(QPen(colours.color(QPalette::WindowText), 1));
    const std::uint64_t groupColumns = m_dimensions == 1 ? cells.columns : m_local[0];
    const std::uint64_t groupRows = m_dimensions == 1 ? 1 : m_local[1];
    for (std::uint64_t slice = 0; slice < cells.slices; ++slice)
        for (std::uint64_t row = 0; row < cells.rows; row += groupRows)
            for (std::uint64_t column = 0; column < cells.columns; column += groupColumns) {
                const std::uint64_t width = std::min(groupColumns, cells.columns - column);
                const std::uint64_t height = std::min(groupRows, cells.rows - row);
                painter.drawRect(QRect(cellOrigin(column, row, slice),
                                       QSize(int(width) * m_cell - 1, int(height) * m_cell - 1)));
            }
    if (m_selected) {
        painter.setPen(QPen(colours.color(QPalette::Highlight), 2));
        painter.drawRect(cellRect(*m_selected).adjusted(1, 1, -1, -1));
    }
}

void NdRangeGrid::mouseMoveEvent(QMouseEvent* event) {
    const auto id = workItemAt(event->position().toPoint());
    if (!id) {
        QToolTip::hideText();
        return;
    }
    engine::CheckIds group{}, local{};
    for (int i = 0; i < 3; ++i) {
        group[i] = (*id)[i] / m_local[i];
        local[i] = (*id)[i] % m_local[i];
    }
    QString text = tr("work-item %1, group %2, local %3")
                       .arg(idsText(*id, m_dimensions), idsText(group, m_dimensions),
                            idsText(local, m_dimensions));
    if (m_highlighted.count(*id))
        text += tr(": involved");
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void NdRangeGrid::mousePressEvent(QMouseEvent* event) {
    if (const auto id = workItemAt(event->position().toPoint())) {
        setSelected(*id);
        Q_EMIT workItemClicked(*id);
    }
}

} // namespace clw::ui
