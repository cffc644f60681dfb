#include "inspector/DifferentialView.h"

#include "inspector/HeatMapView.h"
#include "models/MismatchMask.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QMouseEvent>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace clw::ui {

namespace {

// The picture's longest side in points.
constexpr int kMaskSide = 512;

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

QString number(double value) {
    return QString::number(value, 'g', 6);
}

QString runText(const char* label, const engine::ComparedRun& run) {
    QString text =
        QStringLiteral("%1: %2 on %3").arg(QLatin1String(label), qs(run.session), qs(run.device));
    if (!run.failure.empty())
        text += QObject::tr(" failed: %1").arg(qs(run.failure));
    return text;
}

QTableWidget* table(const QStringList& headers, const char* name, QWidget* parent) {
    auto* widget = new QTableWidget(0, int(headers.size()), parent);
    widget->setObjectName(QLatin1String(name));
    widget->setHorizontalHeaderLabels(headers);
    widget->verticalHeader()->hide();
    widget->setEditTriggers(QAbstractItemView::NoEditTriggers);
    widget->setSelectionBehavior(QAbstractItemView::SelectRows);
    widget->setSelectionMode(QAbstractItemView::SingleSelection);
    widget->horizontalHeader()->setStretchLastSection(true);
    return widget;
}

void setRow(QTableWidget* widget, int row, const QStringList& cells) {
    for (int column = 0; column < cells.size(); ++column)
        widget->setItem(row, column, new QTableWidgetItem(cells[column]));
}

QString coordinates(const engine::DifferingElement& element, size_t dimensions) {
    QStringList parts;
    for (size_t i = 0; i < std::max<size_t>(dimensions, 1) && i < 3; ++i)
        parts << QString::number(element.coordinates[i]);
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

DifferentialView::DifferentialView(QWidget* parent)
    : QWidget(parent) {
    setObjectName(QStringLiteral("differentialView"));
    m_runs = new QLabel(this);
    m_runs->setObjectName(QStringLiteral("differentialRuns"));
    m_runs->setWordWrap(true);
    m_runs->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buffers = new QComboBox(this);
    m_buffers->setObjectName(QStringLiteral("differentialBuffer"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("differentialSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // One row, a bucket a column: the histogram reads across and takes two lines of height.
    QStringList buckets;
    for (int bucket = 0; bucket < engine::UlpHistogram::kBuckets; ++bucket)
        buckets << qs(engine::UlpHistogram::label(bucket));
    buckets << tr("NaN against a number");
    m_histogram = table(buckets, "ulpHistogram", this);
    m_histogram->verticalHeader()->show();
    m_histogram->setToolTip(tr("Elements by how many ULPs apart A's and B's values are (an "
                               "element counts by its scalar furthest apart)"));
    m_differences = table(
        {tr("Element"), tr("(x, y, z)"), tr("A"), tr("B (reference)"), tr("|A - B|"), tr("ULPs")},
        "firstDifferences", this);
    m_mask = new HeatMapView(this);
    m_mask->setObjectName(QStringLiteral("mismatchMask"));
    m_mask->setColormap(Colormap::Inferno);
    m_mask->setRange(0, 1);
    m_mask->setMinimumHeight(120);
    m_mask->installEventFilter(this);
    m_maskNote = new QLabel(this);
    m_maskNote->setObjectName(QStringLiteral("mismatchNote"));
    m_maskNote->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_runs);
    layout->addWidget(m_buffers);
    layout->addWidget(m_summary);
    layout->addWidget(m_histogram);
    layout->addWidget(m_differences, 1);
    layout->addWidget(m_mask, 2);
    layout->addWidget(m_maskNote);

    connect(m_buffers, &QComboBox::activated, this,
            [this](int index) { showBuffer(m_buffers->itemText(index)); });
    connect(m_differences, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (const engine::BufferComparison* buffer = current();
            buffer && row < int(buffer->firstDifferences.size()))
            Q_EMIT elementRequested(currentBuffer(), buffer->firstDifferences[size_t(row)].index);
    });
    connect(m_mask, &HeatMapView::picked, this, [this](quint64 x, quint64 y) {
        const engine::BufferComparison* buffer = current();
        const auto element = m_maskShape ? m_maskShape->elementAt(x, y) : std::nullopt;
        if (!buffer || !element || !buffer->mismatches)
            return;
        m_maskNote->setText(
            tr("Element %1: %2 (double-click to go there)")
                .arg(*element)
                .arg(buffer->mismatches->isChanged(*element) ? tr("differs") : tr("within")));
    });
    setOutcome(nullptr);
}

DifferentialView::~DifferentialView() = default;

void DifferentialView::setOutcome(std::shared_ptr<const DifferentialOutcome> outcome) {
    m_outcome = std::move(outcome);
    m_buffers->clear();
    showRuns();
    const engine::OutputComparison* comparison =
        m_outcome && m_outcome->comparison ? &*m_outcome->comparison : nullptr;
    if (!comparison) {
        clearComparison();
        return;
    }
    QString first;
    for (const engine::BufferComparison& buffer : comparison->buffers()) {
        m_buffers->addItem(qs(buffer.name));
        if (first.isEmpty() && buffer.differs())
            first = qs(buffer.name);
    }
    if (first.isEmpty() && !comparison->buffers().empty())
        first = qs(comparison->buffers().front().name);
    if (!first.isEmpty())
        showBuffer(first);
}

void DifferentialView::showRuns() {
    if (!m_outcome) {
        m_runs->setText(tr("No run on two devices yet: Run > Run on two devices..."));
        return;
    }
    QString text = runText("A", m_outcome->a.run) + QLatin1Char('\n') +
                   runText("B", m_outcome->b.run) + tr(", the reference");
    if (const auto& comparison = m_outcome->comparison) {
        const size_t differing = comparison->differingBuffers();
        text +=
            QLatin1Char('\n') +
            (differing == 0
                 ? tr("Every buffer within its tolerance (%1 buffers)")
                       .arg(comparison->buffers().size())
                 : tr("%1 of %2 buffers differ").arg(differing).arg(comparison->buffers().size()));
    } else {
        text += QLatin1Char('\n') + tr("Nothing compared: a run failed.");
    }
    m_runs->setText(text);
}

const engine::BufferComparison* DifferentialView::current() const {
    if (!m_outcome || !m_outcome->comparison)
        return nullptr;
    return m_outcome->comparison->find(currentBuffer().toStdString());
}

QString DifferentialView::currentBuffer() const {
    return m_buffers->currentText();
}

bool DifferentialView::showBuffer(const QString& name) {
    const int index = m_buffers->findText(name);
    if (index < 0 || !m_outcome || !m_outcome->comparison)
        return false;
    m_buffers->setCurrentIndex(index);
    const engine::BufferComparison* buffer = current();
    showComparison(*buffer);
    Q_EMIT bufferChosen(name, buffer->mismatches);
    return true;
}

void DifferentialView::clearComparison() {
    m_summary->clear();
    m_histogram->setRowCount(0);
    m_differences->setRowCount(0);
    m_maskShape.reset();
    m_mask->setData({});
    m_maskNote->clear();
}

void DifferentialView::showComparison(const engine::BufferComparison& buffer) {
    clearComparison();
    QString summary = qs(engine::ComparisonReport::verdict(buffer));
    if (buffer.compared > 0) {
        summary +=
            QLatin1Char('\n') + tr("Max absolute error %1%2, max relative error %3")
                                    .arg(number(buffer.maxAbsolute))
                                    .arg(buffer.maxAbsoluteElement
                                             ? tr(" (element %1)").arg(*buffer.maxAbsoluteElement)
                                             : QString())
                                    .arg(number(buffer.maxRelative));
        if (buffer.maxUlps)
            summary += tr(", max %1 ULPs").arg(*buffer.maxUlps);
    }
    m_summary->setText(summary);

    if (buffer.floating) {
        const engine::UlpHistogram& histogram = buffer.ulpHistogram;
        QStringList counts;
        for (int bucket = 0; bucket < engine::UlpHistogram::kBuckets; ++bucket)
            counts << QString::number(histogram.count(bucket));
        counts << QString::number(histogram.nanAgainstNumber());
        m_histogram->setRowCount(1);
        m_histogram->setVerticalHeaderLabels({tr("Elements")});
        setRow(m_histogram, 0, counts);
        m_histogram->resizeColumnsToContents();
        m_histogram->setFixedHeight(m_histogram->horizontalHeader()->sizeHint().height() +
                                    m_histogram->rowHeight(0) + 2 * m_histogram->frameWidth() +
                                    m_histogram->horizontalScrollBar()->sizeHint().height());
    }
    m_histogram->setVisible(buffer.floating);

    m_differences->setRowCount(int(buffer.firstDifferences.size()));
    for (int row = 0; row < int(buffer.firstDifferences.size()); ++row) {
        const engine::DifferingElement& element = buffer.firstDifferences[size_t(row)];
        setRow(m_differences, row,
               {QString::number(element.index), coordinates(element, buffer.shape.size()),
                qs(element.a), qs(element.b), number(element.absoluteError),
                element.ulps ? QString::number(*element.ulps) : QStringLiteral("-")});
    }
    m_differences->resizeColumnsToContents();

    if (buffer.mismatches) {
        m_maskShape = std::make_unique<MismatchMask>(buffer.shape, buffer.compared);
        m_mask->setData(m_maskShape->picture(*buffer.mismatches, kMaskSide));
        m_mask->fit();
        m_maskNote->setText(
            m_maskShape->isWrapped()
                ? tr("Differing elements bright, %1 elements a row").arg(m_maskShape->width())
                : tr("Differing elements bright, over the buffer's shape"));
    }
}

bool DifferentialView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_mask && event->type() == QEvent::MouseButtonDblClick && m_maskShape) {
        std::uint64_t x = 0, y = 0;
        if (m_mask->elementAt(static_cast<QMouseEvent*>(event)->position(), x, y))
            if (const auto element = m_maskShape->elementAt(x, y))
                Q_EMIT elementRequested(currentBuffer(), *element);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace clw::ui
