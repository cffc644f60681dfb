#include "debug/WatchPanel.h"

#include "debug/WatchTableModel.h"
#include "inspector/HeatMapView.h"
#include "inspector/HistogramView.h"

#include "clw/engine/inspect/Histogram.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMouseEvent>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace clw::ui {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

std::uint64_t sizeOf(const std::vector<std::uint64_t>& sizes, size_t i) {
    return i < sizes.size() ? std::max<std::uint64_t>(sizes[i], 1) : 1;
}

} // namespace

WatchPanel::WatchPanel(QWidget* parent)
    : QWidget(parent)
    , m_status(new QLabel(tr("Watch a variable: right-click it in the editor and choose Watch, "
                             "or Run > Watch... (Ctrl+F10) at the caret. A run on the session's "
                             "device records its value in every work-item as it passes the "
                             "line (on Oclgrind, through its debugger)."),
                          this))
    , m_launch(new QComboBox(this))
    , m_component(new QComboBox(this))
    , m_slice(new QSpinBox(this))
    , m_pass(new QSpinBox(this))
    , m_heatMap(new HeatMapView(this))
    , m_hover(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new WatchTableModel(this))
    , m_histogram(new HistogramView(this)) {
    setObjectName(QStringLiteral("watchPanel"));
    m_status->setObjectName(QStringLiteral("watchStatus"));
    m_status->setWordWrap(true);
    m_launch->setObjectName(QStringLiteral("watchLaunch"));
    m_component->setObjectName(QStringLiteral("watchComponent"));
    m_slice->setObjectName(QStringLiteral("watchSlice"));
    m_slice->setPrefix(tr("z = "));
    m_pass->setObjectName(QStringLiteral("watchPass"));
    m_pass->setRange(0, 1000000);
    m_pass->setSpecialValueText(tr("last pass"));
    m_pass->setPrefix(tr("pass "));
    m_pass->setToolTip(tr("The value at each work-item's k-th pass of the line, or its last"));
    m_pass->setKeyboardTracking(false);
    connect(m_pass, &QSpinBox::valueChanged, this, &WatchPanel::passChosen);
    m_heatMap->setObjectName(QStringLiteral("watchHeatMap"));
    m_heatMap->setMinimumSize(240, 160);
    m_heatMap->installEventFilter(this);
    m_hover->setObjectName(QStringLiteral("watchHover"));
    m_table->setObjectName(QStringLiteral("watchTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    // Sizing a column by its contents looks at this many rows, not at every work-item's.
    m_table->verticalHeader()->setResizeContentsPrecision(64);
    m_table->horizontalHeader()->setResizeContentsPrecision(64);
    m_histogram->setObjectName(QStringLiteral("watchHistogram"));

    connect(m_launch, &QComboBox::currentIndexChanged, this, &WatchPanel::showLaunch);
    connect(m_component, &QComboBox::currentIndexChanged, this, &WatchPanel::showValues);
    connect(m_slice, &QSpinBox::valueChanged, this, &WatchPanel::showValues);
    connect(m_heatMap, &HeatMapView::picked, this, &WatchPanel::describeCell);

    auto* choices = new QHBoxLayout;
    choices->addWidget(new QLabel(tr("Launch:"), this));
    choices->addWidget(m_launch, 1);
    choices->addWidget(m_component);
    choices->addWidget(m_slice);
    choices->addWidget(m_pass);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_heatMap, 1);
    leftLayout->addWidget(m_hover);
    auto* tabs = new QTabWidget(this);
    m_tabs = tabs;
    tabs->addTab(m_table, tr("Table"));
    tabs->addTab(m_histogram, tr("Histogram"));
    connect(tabs, &QTabWidget::currentChanged, this, &WatchPanel::showHistogram);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(tabs);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addLayout(choices);
    layout->addWidget(splitter, 1);
    m_component->hide();
    m_slice->hide();
}

void WatchPanel::setRunning(const QString& what) {
    m_status->setText(what);
}

void WatchPanel::setFailure(const QString& message) {
    m_status->setText(tr("Nothing watched: %1").arg(message));
}

QString WatchPanel::statusText() const {
    return m_status->text();
}

QString WatchPanel::hoverText() const {
    return m_hover->text();
}

const engine::WatchedRun* WatchPanel::run() const {
    const int index = m_launch->currentIndex();
    return index >= 0 && size_t(index) < m_report.launches.size()
               ? &m_report.launches[size_t(index)].run
               : nullptr;
}

void WatchPanel::setReport(const engine::WatchReport& report, const engine::WatchRequest& request,
                           const QString& device) {
    m_report = report;
    m_hover->clear();
    const QSignalBlocker passBlocker(m_pass);
    m_pass->setValue(int(request.pass));
    const QSignalBlocker blocker(m_launch);
    m_launch->clear();
    for (const engine::WatchedLaunch& launch : m_report.launches)
        m_launch->addItem(qs(launch.name));
    const QString pass = request.pass == 0 ? tr("the last pass") : tr("pass %1").arg(request.pass);
    QString status = tr("`%1` at line %2 (%3 of each work-item), on %4")
                         .arg(qs(request.expression))
                         .arg(request.line)
                         .arg(pass, device);
    // An instrumented run whose outputs are not the plain run's: said, not hidden.
    for (const std::string& difference : report.differences)
        status += QLatin1Char('\n') + tr("Warning: %1").arg(qs(difference));
    m_status->setText(status);
    m_launch->setCurrentIndex(0);
    showLaunch();
}

void WatchPanel::showLaunch() {
    const engine::WatchedRun* current = run();
    if (!current)
        return;
    m_model->setRun(*current);
    m_table->resizeColumnsToContents();
    const QSignalBlocker blocker(m_component);
    m_component->clear();
    static const char* names[] = {"x", "y", "z", "w"};
    for (unsigned c = 0; c < current->components; ++c)
        m_component->addItem(current->components <= 4 ? QLatin1String(names[c])
                                                      : QStringLiteral("s%1").arg(c, 0, 16));
    m_component->setVisible(current->components > 1);
    m_slice->setVisible(current->global.size() == 3);
    m_slice->setRange(0, int(sizeOf(current->global, 2)) - 1);
    showValues();
}

std::optional<std::uint64_t> WatchPanel::workItemAt(std::uint64_t x, std::uint64_t y) const {
    const engine::WatchedRun* current = run();
    if (!current)
        return std::nullopt;
    const std::uint64_t gx = sizeOf(current->global, 0), gy = sizeOf(current->global, 1);
    if (current->global.size() == 1) {
        const std::uint64_t item = y * sizeOf(current->local, 0) + x;
        return item < gx && x < sizeOf(current->local, 0) ? std::optional(item) : std::nullopt;
    }
    if (x >= gx || y >= gy)
        return std::nullopt;
    return x + gx * (y + gy * std::uint64_t(m_slice->value()));
}

void WatchPanel::showValues() {
    const engine::WatchedRun* current = run();
    if (!current)
        return;
    const unsigned component = unsigned(std::max(0, m_component->currentIndex()));
    HeatMapData data;
    const bool linear = current->global.size() == 1;
    data.width = linear ? sizeOf(current->local, 0) : sizeOf(current->global, 0);
    data.height = linear ? (sizeOf(current->global, 0) + data.width - 1) / data.width
                         : sizeOf(current->global, 1);
    data.sampledWidth = int(data.width);
    data.sampledHeight = int(data.height);
    data.channels = 1;
    data.values.assign(size_t(data.width * data.height), std::numeric_limits<float>::quiet_NaN());
    double low = std::numeric_limits<double>::infinity(), high = -low;
    std::vector<double> finite;
    for (std::uint64_t y = 0; y < data.height; ++y)
        for (std::uint64_t x = 0; x < data.width; ++x) {
            const auto item = workItemAt(x, y);
            if (!item || current->values.empty())
                continue;
            const double value = current->value(*item, component);
            data.values[size_t(y * data.width + x)] = float(value);
            if (std::isfinite(value)) {
                finite.push_back(value);
                low = std::min(low, value);
                high = std::max(high, value);
            }
        }
    if (finite.empty())
        low = high = 0;
    data.low = low;
    data.high = high;
    m_heatMap->setData(data);
    m_heatMap->setRange(low, high > low ? high : low + 1);
    m_heatMap->fit();
    m_finite = std::move(finite);
    m_histogramStale = true;
    showHistogram();
}

void WatchPanel::showHistogram() {
    if (!m_histogramStale || m_tabs->currentWidget() != m_histogram)
        return;
    m_histogramStale = false;
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (double value : m_finite) {
        low = std::min(low, value);
        high = std::max(high, value);
    }
    if (m_finite.empty())
        low = high = 0;
    engine::Histogram histogram(low, high, high > low ? 32 : 1);
    for (double value : m_finite)
        histogram.add(value);
    m_histogram->showHistogram(histogram, tr("%1 work-items passed").arg(m_finite.size()));
}

void WatchPanel::describeCell(quint64 x, quint64 y) {
    const engine::WatchedRun* current = run();
    const auto item = workItemAt(x, y);
    if (!current || !item) {
        m_hover->clear();
        return;
    }
    const QModelIndex value = m_model->index(int(*item), WatchTableModel::Value);
    m_hover->setText(
        tr("work-item %1, group %2, local %3: %4")
            .arg(
                m_model
                    ->data(m_model->index(int(*item), WatchTableModel::GlobalId), Qt::DisplayRole)
                    .toString(),
                m_model->data(m_model->index(int(*item), WatchTableModel::Group), Qt::DisplayRole)
                    .toString(),
                m_model->data(m_model->index(int(*item), WatchTableModel::LocalId), Qt::DisplayRole)
                    .toString(),
                m_model->data(value, Qt::DisplayRole).toString()));
}

bool WatchPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_heatMap && event->type() == QEvent::MouseButtonRelease) {
        const auto* mouse = static_cast<QMouseEvent*>(event);
        std::uint64_t x = 0, y = 0;
        if (mouse->button() == Qt::LeftButton && m_heatMap->elementAt(mouse->position(), x, y))
            if (const auto item = workItemAt(x, y))
                selectWorkItem(*item);
    }
    return QWidget::eventFilter(watched, event);
}

void WatchPanel::selectWorkItem(std::uint64_t workItem) {
    const QModelIndex index = m_model->index(int(workItem), 0);
    if (!index.isValid())
        return;
    m_table->selectRow(index.row());
    m_table->scrollTo(index);
}

bool WatchPanel::selectGlobalId(const engine::CheckIds& globalId) {
    const engine::WatchedRun* current = run();
    if (!current || current->values.empty())
        return false;
    const std::uint64_t gx = sizeOf(current->global, 0), gy = sizeOf(current->global, 1),
                        gz = sizeOf(current->global, 2);
    if (globalId[0] >= gx || globalId[1] >= gy || globalId[2] >= gz)
        return false;
    const std::uint64_t item = globalId[0] + gx * (globalId[1] + gy * globalId[2]);
    if (current->global.size() == 3)
        m_slice->setValue(int(globalId[2]));
    // Its cell: 1-D one row a work-group, else (x, y) of the slice.
    const std::uint64_t width = sizeOf(current->local, 0);
    if (current->global.size() == 1)
        describeCell(item % width, item / width);
    else
        describeCell(globalId[0], globalId[1]);
    selectWorkItem(item);
    return true;
}

} // namespace clw::ui
