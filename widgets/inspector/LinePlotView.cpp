#include "inspector/LinePlotView.h"

#include "clw/engine/inspect/PlotEnvelope.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QValueAxis>

#include <cmath>

namespace clw::ui {

LinePlotView::LinePlotView(QWidget* parent)
    : QChartView(parent) {
    setObjectName(QStringLiteral("linePlotView"));
    auto* chart = new QChart;
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_max = new QLineSeries(chart);
    m_min = new QLineSeries(chart);
    m_band = new QAreaSeries(m_max, m_min);
    m_band->setColor(QColor(46, 139, 87, 140));
    m_band->setBorderColor(QColor(20, 100, 60));
    chart->addSeries(m_band);
    m_x = new QValueAxis(chart);
    m_y = new QValueAxis(chart);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setLabelFormat(QStringLiteral("%.4g"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_band->attachAxis(m_x);
    m_band->attachAxis(m_y);
    setChart(chart);
    clear(tr("No statistics yet"));
}

void LinePlotView::clear(const QString& message) {
    m_max->clear();
    m_min->clear();
    chart()->setTitle(message);
}

void LinePlotView::showEnvelope(const engine::PlotEnvelope& envelope, const QString& title) {
    QList<QPointF> top;
    QList<QPointF> bottom;
    double low = INFINITY;
    double high = -INFINITY;
    for (size_t i = 0; i < envelope.bucketCount(); ++i) {
        if (std::isnan(envelope.min(i)))
            continue; // a bucket of NaN / Inf only: a gap would need one series a run
        const double x = double(envelope.bucketStart(i));
        top << QPointF(x, envelope.max(i));
        bottom << QPointF(x, envelope.min(i));
        low = std::fmin(low, envelope.min(i));
        high = std::fmax(high, envelope.max(i));
    }
    m_max->replace(top);
    m_min->replace(bottom);
    if (top.isEmpty()) {
        chart()->setTitle(title + tr(": no finite value"));
        return;
    }
    if (high <= low) {
        high += 0.5;
        low -= 0.5;
    }
    const double pad = (high - low) * 0.05;
    m_y->setRange(low - pad, high + pad);
    const double first = top.front().x();
    const double last = std::max(top.back().x(), first + 1);
    m_x->setRange(first, last);
    chart()->setTitle(title);
}

int LinePlotView::pointCount() const {
    return int(m_max->count());
}

} // namespace clw::ui
