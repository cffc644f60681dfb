#include "devices/BenchmarkPanel.h"

#include "bridge/ActiveHostRequest.h"
#include "bridge/BenchmarkJson.h"
#include "bridge/DeviceHosts.h"
#include "bridge/DeviceSnapshotJson.h"
#include "bridge/EngineBridge.h"
#include "bridge/ProgressRelay.h"
#include "models/BenchmarkResultsModel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <stdexcept>

namespace clw::ui {

namespace {

// A progress event of devices.bench; fields that are missing or of another type read as none,
// since this runs on the host connection's I/O thread, where nothing may throw.
engine::BenchmarkProgress progressOf(const nlohmann::json& event) {
    engine::BenchmarkProgress progress;
    const auto number = [&event](const char* key) {
        const auto found = event.find(key);
        return found != event.end() && found->is_number_integer() ? found->get<int>() : 0;
    };
    progress.done = number("done");
    progress.total = number("total");
    if (const auto step = event.find("step"); step != event.end() && step->is_string())
        progress.step = step->get<std::string>();
    return progress;
}

} // namespace

BenchmarkPanel::BenchmarkPanel(EngineBridge& bridge, DeviceHosts& hosts, QWidget* parent)
    : QWidget(parent)
    , m_bridge(bridge)
    , m_hosts(hosts)
    , m_relay(ProgressRelay::create(this))
    , m_model(new BenchmarkResultsModel(this))
    , m_table(new QTableView(this))
    , m_chartView(new QChartView(new QChart, this))
    , m_group(new QComboBox(this))
    , m_progress(new QProgressBar(this))
    , m_runButton(new QPushButton(tr("Run benchmarks"), this))
    , m_cancelButton(new QPushButton(tr("Cancel"), this))
    , m_quick(new QCheckBox(tr("Quick"), this))
    , m_status(new QLabel(this)) {
    m_runButton->setObjectName(QStringLiteral("benchmarkRun"));
    m_cancelButton->setObjectName(QStringLiteral("benchmarkCancel"));
    m_quick->setToolTip(tr("Small buffers and few repetitions: about a second on a CPU, rough "
                           "figures. Unchecked, sizes and repetitions are clpeak's."));
    m_status->setObjectName(QStringLiteral("benchmarkStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_table->setObjectName(QStringLiteral("benchmarkTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(160);
    m_chartView->setMinimumWidth(360); // room for "float16" under each of five bars
    m_chartView->chart()->legend()->hide();

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_runButton);
    controls->addWidget(m_quick);
    controls->addWidget(m_progress, 1);
    controls->addWidget(m_cancelButton);
    auto* chartControls = new QHBoxLayout;
    chartControls->addWidget(new QLabel(tr("Chart:"), this));
    chartControls->addWidget(m_group, 1);
    auto* chartPane = new QWidget(this);
    auto* chartLayout = new QVBoxLayout(chartPane);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addLayout(chartControls);
    chartLayout->addWidget(m_chartView, 1);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_table);
    splitter->addWidget(chartPane);
    splitter->setSizes({480, 520});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);

    connect(m_runButton, &QPushButton::clicked, this, &BenchmarkPanel::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &BenchmarkPanel::cancel);
    connect(m_group, &QComboBox::currentIndexChanged, this, &BenchmarkPanel::updateChart);
    setDevice(nullptr);
}

BenchmarkPanel::~BenchmarkPanel() {
    m_relay->close(); // progress still on its way is dropped
    if (m_job) {
        m_bridge.cancel(m_job);
        // The bridge waits for its job, and the job for the host: a step stuck in the driver
        // would hold up closing the workbench.
        m_request->stop(QStringLiteral("the device browser closed during the benchmarks"));
    }
}

QString BenchmarkPanel::deviceKey(const DeviceEntry& device) {
    // The indexes count within the driver's own host (DeviceHosts): the platform's name tells
    // two drivers' first devices apart.
    return QStringLiteral("%1/%2/%3/%4")
        .arg(device.platformName)
        .arg(device.platformIndex)
        .arg(device.deviceIndex)
        .arg(device.name);
}

void BenchmarkPanel::setDevice(const DeviceEntry* device) {
    m_device = device ? std::make_unique<DeviceEntry>(*device) : nullptr;
    const auto it = device ? m_results.constFind(deviceKey(*device)) : m_results.constEnd();
    m_model->setResult(it != m_results.constEnd() ? *it : engine::BenchmarkResult{});
    if (!isRunning())
        m_status->setText(!device ? tr("Select a device to measure its peaks.")
                          : m_model->hasResult()
                              ? tr("Last run: %n figure(s).", nullptr, m_model->rowCount())
                              : tr("Measures global memory bandwidth, compute peaks, transfers "
                                   "and launch latency as clpeak does."));
    updateButtons();
    updateChart();
}

const engine::BenchmarkResult* BenchmarkPanel::currentResult() const {
    if (!m_device)
        return nullptr;
    const auto it = m_results.constFind(deviceKey(*m_device));
    return it != m_results.constEnd() ? &*it : nullptr;
}

QChart* BenchmarkPanel::chart() const {
    return m_chartView->chart();
}

QString BenchmarkPanel::statusText() const {
    return m_status->text();
}

void BenchmarkPanel::updateButtons() {
    m_runButton->setEnabled(m_device && !isRunning());
    m_quick->setEnabled(!isRunning());
    m_cancelButton->setEnabled(isRunning());
}

void BenchmarkPanel::run() {
    if (!m_device || isRunning())
        return;
    const DeviceEntry device = *m_device;
    const nlohmann::json body = {{"platformIndex", device.platformIndex},
                                 {"deviceIndex", device.deviceIndex},
                                 {"name", device.name.toStdString()},
                                 {"quick", m_quick->isChecked()}};
    HostRequestOptions options;
    options.limit = m_stepLimit; // each progress event starts the time again
    options.what = QStringLiteral("measuring `%1`").arg(device.name);
    const quint64 generation = ++m_generation;
    std::shared_ptr<ProgressRelay> relay = m_relay;
    options.onEvent = [relay, this](const nlohmann::json& event) {
        relay->post([this, progress = progressOf(event)] { showProgress(progress); });
    };
    m_request = std::make_shared<ActiveHostRequest>();
    m_progress->setRange(0, 0); // busy until the first report gives the step count
    m_status->setText(tr("Starting the benchmarks on %1...").arg(device.name));
    m_job = m_bridge.run(
        this,
        [hosts = &m_hosts, request = m_request, platform = device.platformName.toStdString(), body,
         options = std::move(options), relay, this](const JobContext& job) {
            const engine::HostMessage reply =
                request->send(hosts->host(platform), "devices.bench", body, options, job);
            QString error;
            std::optional<engine::BenchmarkResult> result =
                benchmarkFromJson(reply.body.at("result").get<QJsonValue>().toObject(), &error);
            if (!result)
                throw std::runtime_error("the device host's result cannot be read: " +
                                         error.toStdString());
            if (result->cancelled) // the bridge reports a cancel; the figures so far still show
                relay->post([this, shown = *result] { showResult(shown); });
            return std::move(*result);
        },
        [this, generation, device](JobResult<engine::BenchmarkResult> result) {
            if (generation != m_generation)
                return;
            m_job = 0;
            m_progress->setRange(0, 1);
            m_progress->setValue(result.ok() ? 1 : 0);
            if (result.ok()) {
                m_results.insert(deviceKey(device), result.value());
                showResult(result.value());
                m_status->setText(tr("%n figure(s) measured in %1 s.", nullptr,
                                     int(result.value().figures.size()))
                                      .arg(result.value().seconds, 0, 'f', 1));
            } else if (result.error().cancelled()) {
                m_status->setText(
                    tr("Cancelled; %n figure(s) measured before.", nullptr, m_model->rowCount()));
            } else {
                // A host that crashed or was ended says so: which host, doing what, its last
                // words.
                m_status->setText(tr("The benchmarks failed: %1").arg(result.error().message));
            }
            updateButtons();
            Q_EMIT finished(result.ok());
        },
        JobOptions{"devices.benchmark"});
    updateButtons();
}

void BenchmarkPanel::cancel() {
    if (!m_job)
        return;
    m_bridge.cancel(m_job);
    m_request->cancel();
    m_status->setText(tr("Cancelling after the current step..."));
    m_cancelButton->setEnabled(false);
    // A step stuck in the driver never sees the cancel: its host is ended instead.
    const quint64 generation = m_generation;
    QTimer::singleShot(m_cancelGrace, this, [this, generation] {
        if (generation != m_generation || !isRunning())
            return;
        m_request->stop(tr("it did not stop within %1 s of Cancel")
                            .arg(double(m_cancelGrace.count()) / 1000.0, 0, 'g', 3));
    });
}

void BenchmarkPanel::showProgress(const engine::BenchmarkProgress& progress) {
    if (!isRunning())
        return;
    m_progress->setRange(0, std::max(progress.total, 1));
    m_progress->setValue(progress.done);
    m_status->setText(tr("Step %1 of %2: %3")
                          .arg(progress.done + 1)
                          .arg(progress.total)
                          .arg(QString::fromStdString(progress.step)));
}

void BenchmarkPanel::showResult(const engine::BenchmarkResult& result) {
    m_model->setResult(result);
    updateChart();
}

void BenchmarkPanel::updateChart() {
    const QStringList groups = m_model->groups();
    const QString wanted = m_group->currentData().toString();
    if (groups != [&] {
            QStringList shown;
            for (int i = 0; i < m_group->count(); ++i)
                shown << m_group->itemData(i).toString();
            return shown;
        }()) {
        const QSignalBlocker block(m_group);
        m_group->clear();
        for (const QString& group : groups)
            m_group->addItem(
                QString::fromStdString(engine::benchmarkGroupTitle(group.toStdString())), group);
        m_group->setCurrentIndex(std::max<int>(0, int(groups.indexOf(wanted))));
    }
    QChart* chart = m_chartView->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes())
        chart->removeAxis(axis);
    const QString group = m_group->currentData().toString();
    if (group.isEmpty()) {
        chart->setTitle(tr("No figures yet"));
        return;
    }
    // One bar per figure of the group: vector widths, transfer kinds, latencies.
    auto* values = new QBarSet(m_group->currentText());
    QStringList categories;
    QString unit;
    double maximum = 0;
    for (const engine::BenchmarkFigure& figure : m_model->result().figures) {
        if (QString::fromStdString(figure.group) != group)
            continue;
        unit = QString::fromStdString(figure.unit);
        // A map that moved nothing reads as thousands of GB/s: as a bar, and in the scale, it
        // would flatten the real transfers to nothing. Its label says why it has no bar.
        if (figure.zeroCopy) {
            *values << 0;
            categories << QString::fromStdString(figure.name) + tr(" (zero-copy)");
            continue;
        }
        *values << figure.value;
        categories << QString::fromStdString(figure.name);
        maximum = std::max(maximum, figure.value);
    }
    auto* series = new QBarSeries;
    series->append(values);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(4); // significant digits: "59.49", "2.649e+04"
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    auto* y = new QValueAxis;
    y->setRange(0, maximum > 0 ? maximum * 1.15 : 1);
    y->setTitleText(unit);
    y->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->setTitle(m_group->currentText() + QStringLiteral(" (") + unit + QLatin1Char(')'));
}

} // namespace clw::ui
