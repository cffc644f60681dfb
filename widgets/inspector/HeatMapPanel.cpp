#include "inspector/HeatMapPanel.h"

#include "inspector/HeatMapView.h"
#include "models/HeatMapData.h"

#include "clw/engine/inspect/ScalarValue.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleValidator>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace clw::ui {

namespace {
constexpr int kMaxSide = 2048; // samples a side: 2048 x 2048 x 4 floats = 64 MiB at most
}

HeatMapPanel::HeatMapPanel(EngineBridge& bridge, QWidget* parent)
    : QWidget(parent)
    , m_bridge(bridge) {
    m_view = new HeatMapView(this);
    m_channel = new QComboBox(this);
    m_channel->setObjectName(QStringLiteral("heatMapChannel"));
    m_colormap = new QComboBox(this);
    m_colormap->setObjectName(QStringLiteral("heatMapColormap"));
    m_colormap->addItems(Colormap::names());
    m_autoRange = new QCheckBox(tr("Auto range"), this);
    m_autoRange->setChecked(true);
    m_low = new QLineEdit(this);
    m_high = new QLineEdit(this);
    for (QLineEdit* edit : {m_low, m_high}) {
        edit->setValidator(new QDoubleValidator(edit));
        edit->setMaximumWidth(90);
        edit->setEnabled(false);
    }
    m_low->setObjectName(QStringLiteral("heatMapLow"));
    m_high->setObjectName(QStringLiteral("heatMapHigh"));
    m_slice = new QSpinBox(this);
    m_slice->setPrefix(tr("slice "));
    auto* fit = new QPushButton(tr("Fit"), this);
    m_pick = new QLabel(tr("Move the mouse over the image to read values"), this);
    m_pick->setObjectName(QStringLiteral("heatMapPick"));
    m_pick->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status = new QLabel(this);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_channel);
    controls->addWidget(m_colormap);
    controls->addWidget(m_autoRange);
    controls->addWidget(m_low);
    controls->addWidget(m_high);
    controls->addWidget(m_slice);
    controls->addWidget(fit);
    controls->addStretch(1);
    controls->addWidget(m_status);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_pick);

    connect(m_colormap, &QComboBox::currentIndexChanged, this,
            [this](int index) { m_view->setColormap(Colormap::Name(index)); });
    connect(m_autoRange, &QCheckBox::toggled, this, [this](bool automatic) {
        m_low->setEnabled(!automatic);
        m_high->setEnabled(!automatic);
        applyRange();
    });
    connect(m_low, &QLineEdit::editingFinished, this, &HeatMapPanel::applyRange);
    connect(m_high, &QLineEdit::editingFinished, this, &HeatMapPanel::applyRange);
    connect(m_channel, &QComboBox::activated, this, &HeatMapPanel::reload);
    connect(m_slice, &QSpinBox::valueChanged, this, &HeatMapPanel::reload);
    connect(fit, &QPushButton::clicked, m_view, &HeatMapView::fit);
    connect(m_view, &HeatMapView::picked, this, &HeatMapPanel::pick);
}

HeatMapPanel::~HeatMapPanel() = default;

void HeatMapPanel::setSource(std::shared_ptr<BufferSource> source,
                             const engine::ElementLayout& layout,
                             const engine::BufferShape& shape) {
    // New contents of the same layout and shape (a run again, a live edit) change only the
    // picture: every change of a widget here lays out the whole window again.
    const bool sameKind = layout == m_layout && shape == m_shape;
    m_source = std::move(source);
    m_layout = layout;
    m_shape = shape;
    if (!sameKind) {
        fillChannels();
        m_slice->blockSignals(true);
        m_slice->setRange(0, int(std::max<std::uint64_t>(1, shape.depth) - 1));
        m_slice->setVisible(shape.dimensions == 3);
        m_slice->blockSignals(false);
    }
    reload();
}

void HeatMapPanel::fillChannels() {
    const QString previous = m_channel->currentText();
    m_channel->clear();
    const auto& columns = m_layout.columns();
    if (columns.size() >= 3 && columns.size() <= 4 && m_layout.commonScalar())
        m_channel->addItem(columns.size() == 4 ? tr("RGBA") : tr("RGB"), -1);
    for (size_t c = 0; c < columns.size(); ++c)
        m_channel->addItem(QString::fromStdString(columns[c].name), int(c));
    const int again = m_channel->findText(previous);
    m_channel->setCurrentIndex(again >= 0 ? again : 0);
}

std::vector<int> HeatMapPanel::chosenColumns() const {
    const int chosen = m_channel->currentData().toInt();
    if (chosen >= 0)
        return {chosen};
    std::vector<int> all;
    for (int c = 0; c < m_layout.columnCount(); ++c)
        all.push_back(c);
    return all;
}

void HeatMapPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale)
        reload();
}

void HeatMapPanel::reload() {
    ++m_generation;
    m_stale = true;
    if (!m_source || !m_layout.isValid() || m_shape.elementCount() == 0) {
        m_view->setData({});
        m_status->setText(tr("Nothing to show"));
        return;
    }
    if (m_shape.dimensions == 1) {
        m_view->setData({});
        m_status->setText(tr("Set a 2D or 3D shape (width, height) to see the buffer as an image"));
        return;
    }
    if (!isVisible())
        return; // loads when shown
    m_stale = false;
    m_loading = true;
    m_status->setText(tr("Reading…"));
    const quint64 generation = m_generation;
    m_bridge.run(
        this,
        [source = m_source, layout = m_layout, shape = m_shape, slice = quint64(m_slice->value()),
         columns = chosenColumns()](const JobContext& context) {
            return HeatMapData::load(*source, layout, shape, slice, columns, kMaxSide,
                                     [&context] { return context.isCancelled(); });
        },
        [this, generation](JobResult<HeatMapData> result) {
            if (generation != m_generation)
                return; // a newer load is on its way
            m_loading = false;
            if (!result.ok()) {
                if (!result.error().cancelled()) {
                    m_status->setText(tr("Reading failed"));
                    Q_EMIT errorOccurred(tr("2D view: %1").arg(result.error().message));
                }
                return;
            }
            const HeatMapData& data = result.value();
            m_status->setText(data.step > 1 ? tr("%1 x %2, every %3th element shown")
                                                  .arg(data.width)
                                                  .arg(data.height)
                                                  .arg(data.step)
                                            : tr("%1 x %2").arg(data.width).arg(data.height));
            m_view->setData(std::move(result.value()));
            applyRange();
            Q_EMIT loaded();
        },
        JobOptions{"heatmap:" + std::to_string(quintptr(this))});
}

void HeatMapPanel::applyRange() {
    const HeatMapData& data = m_view->data();
    if (m_autoRange->isChecked()) {
        m_low->setText(QString::number(data.low, 'g', 6));
        m_high->setText(QString::number(data.high, 'g', 6));
        m_view->setRange(data.low, data.high);
        return;
    }
    m_view->setRange(m_low->text().toDouble(), m_high->text().toDouble());
}

void HeatMapPanel::pick(quint64 x, quint64 y) {
    if (!m_source)
        return;
    const std::uint64_t element = (m_view->data().slice * m_shape.height + y) * m_shape.width + x;
    const std::uint64_t offset = m_shape.byteOffset(element, m_layout.size());
    m_bridge.run(
        this,
        [source = m_source, offset, size = m_layout.size()](const JobContext&) {
            std::vector<unsigned char> bytes(size);
            source->read(offset, bytes);
            return bytes;
        },
        [this, x, y, element, layout = m_layout](JobResult<std::vector<unsigned char>> result) {
            if (!result.ok())
                return; // a newer pick replaced it, or the read failed: the table reports that
            QStringList values;
            for (const engine::ElementColumn& column : layout.columns())
                values << QString::fromStdString(column.name) + QLatin1Char('=') +
                              QString::fromStdString(engine::formatScalar(
                                  column.scalar, result.value().data() + column.offset));
            m_pick->setText(tr("(%1, %2) element %3: %4")
                                .arg(x)
                                .arg(y)
                                .arg(element)
                                .arg(values.join(QStringLiteral("  "))));
        },
        JobOptions{"heatmap-pick:" + std::to_string(quintptr(this))});
}

QString HeatMapPanel::pickText() const {
    return m_pick->text();
}

} // namespace clw::ui
