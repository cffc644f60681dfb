#include "inspector/StatisticsTable.h"

#include "inspector/BufferCellDelegate.h"
#include "models/BufferAnalysis.h"

#include "clw/engine/inspect/ScalarValue.h"

#include <QHeaderView>

namespace clw::ui {

StatisticsTable::StatisticsTable(QWidget* parent)
    : QTableWidget(0, ColumnCount, parent) {
    setObjectName(QStringLiteral("statisticsTable"));
    setHorizontalHeaderLabels({tr("Column"), tr("Min"), tr("Max"), tr("Mean"), tr("Std dev"),
                               tr("NaN"), tr("Inf"), tr("Denormal"), tr("Zero"), tr("Count")});
    verticalHeader()->hide();
    setEditTriggers(NoEditTriggers);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

void StatisticsTable::showAnalysis(const BufferAnalysis& analysis) {
    setRowCount(int(analysis.statistics.size()));
    const auto number = [](double value, bool isFloat) {
        // Integers print whole; floats with the digits a double needs.
        return isFloat ? QString::number(value, 'g', 9) : QString::number(value, 'f', 0);
    };
    for (int row = 0; row < rowCount(); ++row) {
        const engine::ColumnStatistics& s = analysis.statistics[size_t(row)];
        const engine::ElementColumn& column = analysis.layout.columns()[size_t(row)];
        const bool isFloat = engine::isFloatScalar(column.scalar);
        const bool any = s.finite > 0;
        const QString none = QStringLiteral("-");
        const QString cells[ColumnCount] = {
            QString::fromStdString(column.name) + QStringLiteral(" (") +
                QString::fromLatin1(engine::scalarTypeName(column.scalar)) + QLatin1Char(')'),
            any ? number(s.min, isFloat) : none,
            any ? number(s.max, isFloat) : none,
            any ? QString::number(s.mean, 'g', 9) : none,
            any ? QString::number(s.stddev(), 'g', 9) : none,
            QString::number(s.nanCount),
            QString::number(s.infCount),
            QString::number(s.denormalCount),
            QString::number(s.zeroCount),
            QString::number(s.count)};
        for (int c = 0; c < ColumnCount; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(c == Name ? (Qt::AlignLeft | Qt::AlignVCenter)
                                             : (Qt::AlignRight | Qt::AlignVCenter));
            if (c == NaNs && s.nanCount > 0)
                item->setBackground(BufferCellDelegate::nanColor());
            if (c == Infs && s.infCount > 0)
                item->setBackground(BufferCellDelegate::infinityColor());
            if (c == Denormals && s.denormalCount > 0)
                item->setBackground(BufferCellDelegate::denormalColor());
            setItem(row, c, item);
        }
    }
}

} // namespace clw::ui
