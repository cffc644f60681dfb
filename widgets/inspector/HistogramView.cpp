#include "inspector/HistogramView.h"

#include "clw/engine/inspect/Histogram.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>

namespace clw::ui {

HistogramView::HistogramView(QWidget* parent)
    : QChartView(parent) {
    setObjectName(QStringLiteral("histogramView"));
    setRenderHint(QPainter::Antialiasing, false);
    auto* chart = new QChart;
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_upper = new QLineSeries(chart);
    m_lower = new QLineSeries(chart);
    m_area = new QAreaSeries(m_upper, m_lower);
    m_area->setColor(QColor(70, 130, 180));
    m_area->setBorderColor(QColor(40, 80, 120));
    chart->addSeries(m_area);
    m_x = new QValueAxis(chart);
    m_y = new QValueAxis(chart);
    m_x->setLabelFormat(QStringLiteral("%.4g"));
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_area->attachAxis(m_x);
    m_area->attachAxis(m_y);
    setChart(chart);
    clear(tr("No statistics yet"));
}

void HistogramView::clear(const QString& message) {
    m_upper->clear();
    m_lower->clear();
    chart()->setTitle(message);
}

void HistogramView::showHistogram(const engine::Histogram& histogram, const QString& title) {
    QList<QPointF> upper;
    QList<QPointF> lower;
    std::uint64_t highest = 1;
    for (size_t i = 0; i < histogram.binCount(); ++i) {
        const double count = double(histogram.counts()[i]);
        highest = std::max(highest, histogram.counts()[i]);
        upper << QPointF(histogram.edge(i), count) << QPointF(histogram.edge(i + 1), count);
        lower << QPointF(histogram.edge(i), 0) << QPointF(histogram.edge(i + 1), 0);
    }
    // replace() redraws once instead of once per point.
    m_upper->replace(upper);
    m_lower->replace(lower);
    const double low = histogram.edge(0);
    double high = histogram.edge(histogram.binCount());
    if (high <= low)
        high = low + 1;
    m_x->setRange(low, high);
    m_y->setRange(0, double(highest) * 1.05);
    chart()->setTitle(title);
}

int HistogramView::pointCount() const {
    return int(m_upper->count());
}

} // namespace clw::ui
