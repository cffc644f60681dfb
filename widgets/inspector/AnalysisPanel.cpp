#include "inspector/AnalysisPanel.h"

#include "inspector/HistogramView.h"
#include "inspector/LinePlotView.h"
#include "inspector/StatisticsTable.h"
#include "models/AnalysisRunner.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace clw::ui {

AnalysisPanel::AnalysisPanel(EngineBridge& bridge, SelectionFn selection, QWidget* parent)
    : QWidget(parent)
    , m_bridge(bridge)
    , m_selection(std::move(selection)) {
    m_runner = new AnalysisRunner(m_bridge, this);
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("analysisScope"));
    m_scope->addItems({tr("Whole buffer"), tr("Selection")});
    m_column = new QComboBox(this);
    m_column->setObjectName(QStringLiteral("analysisColumn"));
    m_column->setToolTip(tr("The column the histogram and the plot show"));
    m_compute = new QPushButton(tr("Compute"), this);
    m_compute->setObjectName(QStringLiteral("analysisCompute"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(120);
    m_range = new QLabel(this);
    m_statistics = new StatisticsTable(this);
    m_histogram = new HistogramView(this);
    m_plot = new LinePlotView(this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_statistics, tr("Statistics"));
    m_tabs->addTab(m_histogram, tr("Histogram"));
    m_tabs->addTab(m_plot, tr("Plot"));

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_scope);
    controls->addWidget(m_column);
    controls->addWidget(m_compute);
    controls->addWidget(m_cancel);
    controls->addWidget(m_progress);
    controls->addWidget(m_range, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(controls);
    layout->addWidget(m_tabs, 1);

    connect(m_compute, &QPushButton::clicked, this, &AnalysisPanel::compute);
    connect(m_cancel, &QPushButton::clicked, this, &AnalysisPanel::cancel);
    connect(m_column, &QComboBox::currentIndexChanged, this, &AnalysisPanel::showColumn);
    connect(m_tabs, &QTabWidget::currentChanged, this, &AnalysisPanel::drawShownChart);
    connect(m_runner, &AnalysisRunner::progressChanged, this,
            [this](double fraction) { m_progress->setValue(int(fraction * 1000)); });
    connect(m_runner, &AnalysisRunner::finished, this, &AnalysisPanel::finished);
    connect(m_runner, &AnalysisRunner::failed, this, [this](const QString& message) {
        m_compute->setEnabled(true);
        m_cancel->setEnabled(false);
        m_range->setText(tr("Failed"));
        Q_EMIT errorOccurred(message);
    });
}

AnalysisPanel::~AnalysisPanel() = default;

void AnalysisPanel::setSource(std::shared_ptr<BufferSource> source,
                              const engine::ElementLayout& layout,
                              const engine::BufferShape& shape) {
    cancel();
    // New contents of the same layout and shape (a run again, a live edit): the figures shown
    // stay until the new ones replace them, and nothing else changes. Every change of a widget
    // here lays out the whole window again, which live mode would pay at each edit.
    const bool sameKind = m_source && layout == m_layout && shape == m_shape;
    const bool automatic = shape.elementCount() * layout.size() <= kAutomaticBytes;
    m_source = std::move(source);
    m_layout = layout;
    m_shape = shape;
    if (sameKind && automatic && m_source) {
        compute();
        return;
    }
    m_column->blockSignals(true);
    m_column->clear();
    for (const engine::ElementColumn& column : layout.columns())
        m_column->addItem(QString::fromStdString(column.name));
    m_column->blockSignals(false);
    m_statistics->setRowCount(0);
    m_histogram->clear(tr("Not computed yet: press Compute"));
    m_plot->clear(tr("Not computed yet: press Compute"));
    m_histogramStale = m_plotStale = false;
    m_range->clear();
    m_progress->setValue(0);
    if (m_source && automatic)
        compute();
}

void AnalysisPanel::compute() {
    if (!m_source || !m_layout.isValid())
        return;
    quint64 first = 0;
    quint64 count = m_shape.elementCount();
    if (m_scope->currentIndex() == 1) {
        const auto selected = m_selection ? m_selection() : std::nullopt;
        if (!selected) {
            Q_EMIT errorOccurred(tr("Select rows of the table first, or pick 'Whole buffer'"));
            return;
        }
        first = selected->first;
        count = selected->second - selected->first + 1;
    }
    m_range->setText(count == m_shape.elementCount()
                         ? tr("%1 elements").arg(count)
                         : tr("elements %1 to %2").arg(first).arg(first + count - 1));
    m_compute->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setValue(0);
    m_runner->start(m_source, m_layout, m_shape, first, count);
}

void AnalysisPanel::cancel() {
    if (m_runner->isRunning()) {
        m_runner->cancel();
        m_range->setText(tr("Cancelled"));
    }
    m_compute->setEnabled(true);
    m_cancel->setEnabled(false);
}

void AnalysisPanel::finished() {
    m_compute->setEnabled(true);
    m_cancel->setEnabled(false);
    m_progress->setValue(1000);
    m_statistics->showAnalysis(m_runner->result());
    showColumn();
}

void AnalysisPanel::showColumn() {
    m_histogramStale = true;
    m_plotStale = true;
    drawShownChart();
}

void AnalysisPanel::drawShownChart() {
    const bool histogram = m_histogramStale && m_tabs->currentWidget() == m_histogram;
    const bool plot = m_plotStale && m_tabs->currentWidget() == m_plot;
    if (!histogram && !plot)
        return;
    const BufferAnalysis& analysis = m_runner->result();
    const int c = m_column->currentIndex();
    if (c < 0 || size_t(c) >= analysis.histograms.size() || !(analysis.layout == m_layout))
        return;
    const engine::ColumnStatistics& s = analysis.statistics[size_t(c)];
    const QString name = m_column->currentText();
    QString title = tr("%1: %2 values").arg(name).arg(s.finite);
    if (s.nanCount + s.infCount > 0)
        title += tr(" (%1 NaN, %2 Inf not shown)").arg(s.nanCount).arg(s.infCount);
    if (histogram) {
        m_histogram->showHistogram(analysis.histograms[size_t(c)], title);
        m_histogramStale = false;
    }
    if (plot) {
        m_plot->showEnvelope(analysis.envelopes[size_t(c)],
                             analysis.envelopes[size_t(c)].elementsPerBucket() > 1
                                 ? tr("%1: min / max of every %2 elements")
                                       .arg(name)
                                       .arg(analysis.envelopes[size_t(c)].elementsPerBucket())
                                 : name);
        m_plotStale = false;
    }
}

} // namespace clw::ui
