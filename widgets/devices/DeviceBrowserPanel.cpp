#include "devices/DeviceBrowserPanel.h"

#include "bridge/ActiveHostRequest.h"
#include "bridge/DeviceHosts.h"
#include "bridge/DeviceSnapshotJson.h"
#include "bridge/DriverSnapshots.h"
#include "bridge/EngineBridge.h"
#include "bridge/HostStopped.h"
#include "devices/BenchmarkPanel.h"
#include "devices/ComparisonView.h"
#include "devices/PropertiesPane.h"
#include "models/CharacterizationModel.h"
#include "models/DeviceExport.h"
#include "models/DeviceListModel.h"
#include "models/DevicePropertiesModel.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>
#include <optional>

namespace clw::ui {

namespace {

// The loader and its NULL-platform behavior as a process with every driver sees them (each
// driver's own host sees that driver alone). A host that stops there says so in the runtime row;
// the drivers' rows stay.
RuntimeEntry everyDriverRuntime(DeviceHosts& hosts, ActiveHostRequest& request,
                                const HostRequestOptions& options, const JobContext& job) {
    try {
        return request.send(hosts.everyDriverHost(), "devices.runtime", {}, options, job)
            .body.at("runtime")
            .get<RuntimeEntry>();
    } catch (const HostStopped& stopped) {
        if (job.isCancelled())
            throw;
        RuntimeEntry runtime;
        runtime.probed = true;
        runtime.listingError = QString::fromStdString(stopped.what());
        return runtime;
    }
}
// How long the listing host may take to read every device, a probe build per device included.
constexpr std::chrono::seconds kProbeLimit{120};
} // namespace

DeviceBrowserPanel::DeviceBrowserPanel(EngineBridge& bridge, DeviceHosts& hosts, QWidget* parent)
    : QWidget(parent)
    , m_bridge(bridge)
    , m_hosts(hosts)
    , m_deviceModel(new DeviceListModel(this))
    , m_characterizationModel(new CharacterizationModel(this))
    , m_deviceView(new QTreeView(this))
    , m_properties(new PropertiesPane(this))
    , m_characterizationView(new QTableView(this))
    , m_characterizationError(new QLabel(this))
    , m_benchmarks(new BenchmarkPanel(bridge, hosts, this))
    , m_comparison(new ComparisonView(this))
    , m_tabs(new QTabWidget(this))
    , m_statusLabel(new QLabel(this))
    , m_refreshButton(new QPushButton(tr("Refresh"), this)) {
    m_deviceView->setObjectName(QStringLiteral("deviceTree"));
    m_deviceView->setModel(m_deviceModel);
    m_deviceView->setUniformRowHeights(true);
    m_deviceView->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Ctrl+click adds devices to the comparison.
    m_deviceView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_deviceView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_characterizationView->setObjectName(QStringLiteral("characterizationTable"));
    m_characterizationView->setModel(m_characterizationModel);
    m_characterizationView->verticalHeader()->hide();
    m_characterizationView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_characterizationView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_characterizationView->setWordWrap(false);
    m_characterizationView->horizontalHeader()->setSectionResizeMode(
        CharacterizationModel::LabelColumn, QHeaderView::ResizeToContents);
    m_characterizationView->horizontalHeader()->setStretchLastSection(true);
    m_characterizationError->setWordWrap(true);
    m_characterizationError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_characterizationError->hide();
    auto* characterization = new QWidget(this);
    auto* characterizationLayout = new QVBoxLayout(characterization);
    characterizationLayout->setContentsMargins(0, 0, 0, 0);
    characterizationLayout->addWidget(m_characterizationError);
    characterizationLayout->addWidget(m_characterizationView, 1);

    m_tabs->setObjectName(QStringLiteral("deviceTabs"));
    m_tabs->addTab(m_properties, tr("Properties"));
    m_tabs->addTab(characterization, tr("Characterization"));
    m_tabs->addTab(m_benchmarks, tr("Measured peaks"));
    m_tabs->addTab(m_comparison, tr("Compare"));

    m_statusLabel->setObjectName(QStringLiteral("deviceProbeStatus"));
    m_statusLabel->setWordWrap(true);
    m_statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* top = new QHBoxLayout;
    top->addWidget(m_statusLabel, 1);
    top->addWidget(m_refreshButton);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_deviceView);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_refreshButton, &QPushButton::clicked, this, &DeviceBrowserPanel::refresh);
    connect(m_deviceView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &DeviceBrowserPanel::showSelectedDevice);
    connect(m_deviceView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &DeviceBrowserPanel::compareSelectedDevices);
    connect(m_properties, &PropertiesPane::exportRequested, this,
            &DeviceBrowserPanel::askExportPath);
    refresh();
}

DeviceBrowserPanel::~DeviceBrowserPanel() {
    if (m_probeJob) {
        m_bridge.cancel(m_probeJob);
        m_probeRequest->cancel(); // the host stops between devices
    }
}

DevicePropertiesModel* DeviceBrowserPanel::propertiesModel() const {
    return m_properties->model();
}

QTreeView* DeviceBrowserPanel::propertiesView() const {
    return m_properties->view();
}

QString DeviceBrowserPanel::statusText() const {
    return m_statusLabel->text();
}

const DeviceEntry* DeviceBrowserPanel::currentDevice() const {
    return m_deviceModel->deviceAt(m_deviceView->currentIndex());
}

const RuntimeEntry* DeviceBrowserPanel::currentRuntime() const {
    return m_deviceModel->runtimeAt(m_deviceView->currentIndex());
}

void DeviceBrowserPanel::refresh() {
    m_statusLabel->setText(tr("Reading OpenCL platforms and devices..."));
    m_refreshButton->setEnabled(false);
    // A result of an older probe that arrives late is stale: only the newest one is shown, and
    // the host need not finish the older one.
    const quint64 generation = ++m_probeGeneration;
    if (m_probeRequest)
        m_probeRequest->cancel();
    m_probeRequest = std::make_shared<ActiveHostRequest>();
    HostRequestOptions options;
    options.limit = kProbeLimit;
    options.what = QStringLiteral("reading devices");
    options.tag = "devices.snapshot";
    options.generation = generation;
    m_probeJob = m_bridge.run(
        this,
        [hosts = &m_hosts, request = m_probeRequest, options](const JobContext& job) {
            // Each driver's listing host in turn (one that stopped is started again here). A
            // driver whose host stops is a failed row among the others; when all stop, the
            // probe fails with the first one's words.
            std::vector<DriverSnapshot> parts;
            std::optional<HostStopped> firstStop;
            for (const ListingHost& host : hosts->listingHosts()) {
                DriverSnapshot part{host.library, std::nullopt, {}};
                try {
                    const engine::HostMessage reply =
                        request->send(host.connection, "devices.snapshot", {{"characterize", true}},
                                      options, job);
                    part.snapshot = reply.body.at("snapshot").get<DeviceSnapshot>();
                } catch (const HostStopped& stopped) {
                    if (job.isCancelled())
                        throw;
                    part.failure = QString::fromStdString(stopped.what());
                    if (!firstStop)
                        firstStop = stopped;
                }
                parts.push_back(std::move(part));
            }
            const bool anyListed =
                std::any_of(parts.begin(), parts.end(),
                            [](const DriverSnapshot& part) { return part.snapshot.has_value(); });
            if (!anyListed && firstStop)
                throw *firstStop;
            DeviceSnapshot snapshot = mergeDriverSnapshots(parts);
            if (parts.size() > 1)
                snapshot.runtime = everyDriverRuntime(*hosts, *request, options, job);
            return snapshot;
        },
        [this, generation](JobResult<DeviceSnapshot> result) {
            if (generation != m_probeGeneration)
                return;
            m_probeJob = 0;
            m_refreshButton->setEnabled(true);
            if (result.ok()) {
                showSnapshot(std::move(result.value()));
            } else if (!result.error().cancelled()) {
                const QString message =
                    tr("Could not read the OpenCL devices: %1").arg(result.error().message);
                m_statusLabel->setText(message);
                Q_EMIT probeFailed(message);
            }
        },
        JobOptions{"devices.probe"});
}

void DeviceBrowserPanel::showSnapshot(DeviceSnapshot snapshot) {
    m_deviceModel->setSnapshot(std::move(snapshot));
    showSelectedDevice();
    m_deviceView->expandAll();
    const DeviceSnapshot& shown = m_deviceModel->snapshot();
    if (!shown.error.isEmpty()) {
        const QString message = tr("Could not list the OpenCL platforms: %1").arg(shown.error);
        m_statusLabel->setText(message);
        Q_EMIT probeFailed(message);
        return;
    }
    int failed = 0;
    for (const PlatformEntry& platform : shown.platforms)
        failed += platform.failed() ? 1 : 0;
    QString text = shown.deviceCount() == 0
                       ? tr("No OpenCL device found. Run scripts/setup to install PoCL "
                            "(pocl-opencl-icd), or install your GPU's OpenCL driver.")
                       : tr("%1 on %2")
                             .arg(tr("%n device(s)", nullptr, shown.deviceCount()),
                                  tr("%n platform(s)", nullptr, int(shown.platforms.size())));
    if (failed)
        text += tr("; %n platform(s) failed (see the list)", nullptr, failed);
    m_statusLabel->setText(text);
    // The default device; without one, the runtime row, which may say why there is none.
    QModelIndex current = m_deviceModel->defaultDeviceIndex();
    if (!current.isValid())
        current = m_deviceModel->runtimeIndex();
    if (current.isValid())
        m_deviceView->setCurrentIndex(current);
    Q_EMIT snapshotReady(shown);
}

void DeviceBrowserPanel::showSelectedDevice() {
    const QModelIndex index = m_deviceView->currentIndex();
    const DeviceEntry* device = m_deviceModel->deviceAt(index);
    const PlatformEntry* platform = device ? nullptr : m_deviceModel->platformAt(index);
    const RuntimeEntry* runtime = m_deviceModel->runtimeAt(index);
    // A platform row shows the platform's own properties (a failed one, its error); the runtime
    // row, the ICD loader's and its NULL-platform behavior.
    m_properties->setProperties(device     ? device->properties
                                : platform ? platform->properties
                                : runtime  ? runtime->properties()
                                           : QList<DeviceProperty>{});
    m_characterizationModel->setRows(device ? device->characterization
                                            : QList<CharacterizationRow>{},
                                     device ? device->characterizationError : QString());
    const QString error = device ? device->characterizationError
                          : platform && platform->failed()
                              ? tr("This platform failed: %1").arg(platform->error)
                              : QString();
    m_characterizationError->setText(error);
    m_characterizationError->setVisible(!error.isEmpty());
    m_benchmarks->setDevice(device);
}

void DeviceBrowserPanel::compareSelectedDevices() {
    QList<DeviceEntry> devices;
    const QModelIndexList rows = m_deviceView->selectionModel()->selectedRows(0);
    for (const QModelIndex& row : rows)
        if (const DeviceEntry* device = m_deviceModel->deviceAt(row))
            devices.append(*device);
    m_comparison->setDevices(devices);
}

bool DeviceBrowserPanel::exportCurrentDevice(const QString& path) {
    if (const RuntimeEntry* runtime = currentRuntime()) {
        QString error;
        if (!exportRuntime(*runtime, path, &error)) {
            m_statusLabel->setText(error);
            return false;
        }
        m_statusLabel->setText(tr("Exported the OpenCL runtime to %1").arg(path));
        return true;
    }
    const DeviceEntry* device = currentDevice();
    if (!device) {
        m_statusLabel->setText(tr("Select a device to export."));
        return false;
    }
    QString error;
    if (!exportDevice(*device, m_benchmarks->currentResult(), path, &error)) {
        m_statusLabel->setText(error);
        return false;
    }
    m_statusLabel->setText(tr("Exported %1 to %2").arg(device->name, path));
    return true;
}

void DeviceBrowserPanel::askExportPath() {
    const DeviceEntry* device = currentDevice();
    if (!device && !currentRuntime())
        return;
    QString name = device ? device->name : QStringLiteral("opencl-runtime");
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    const QString path = QFileDialog::getSaveFileName(
        this, device ? tr("Export device") : tr("Export OpenCL runtime"),
        name + QStringLiteral(".json"), tr("JSON (*.json);;Markdown (*.md)"));
    if (!path.isEmpty())
        exportCurrentDevice(path);
}

} // namespace clw::ui
