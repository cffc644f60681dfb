#include "devices/DeviceBrowserPanel.h"

#include "bridge/DeviceProbe.h"
#include "bridge/EngineBridge.h"
#include "models/DeviceListModel.h"
#include "models/DevicePropertiesModel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace clw::ui {

DeviceBrowserPanel::DeviceBrowserPanel(EngineBridge& bridge, QWidget* parent)
    : QWidget(parent)
    , m_bridge(bridge)
    , m_deviceModel(new DeviceListModel(this))
    , m_propertiesModel(new DevicePropertiesModel(this))
    , m_propertiesFilter(new QSortFilterProxyModel(this))
    , m_deviceView(new QTreeView(this))
    , m_propertiesView(new QTableView(this))
    , m_filterEdit(new QLineEdit(this))
    , m_statusLabel(new QLabel(this))
    , m_refreshButton(new QPushButton(tr("Refresh"), this)) {
    m_deviceView->setObjectName(QStringLiteral("deviceTree"));
    m_deviceView->setModel(m_deviceModel);
    m_deviceView->setUniformRowHeights(true);
    m_deviceView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_deviceView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_propertiesFilter->setSourceModel(m_propertiesModel);
    m_propertiesFilter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_propertiesFilter->setFilterKeyColumn(-1);
    m_propertiesView->setObjectName(QStringLiteral("devicePropertiesTable"));
    m_propertiesView->setModel(m_propertiesFilter);
    m_propertiesView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_propertiesView->verticalHeader()->hide();
    m_propertiesView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_propertiesView->horizontalHeader()->setSectionResizeMode(DevicePropertiesModel::NameColumn,
                                                               QHeaderView::ResizeToContents);
    m_propertiesView->horizontalHeader()->setStretchLastSection(true);
    m_propertiesView->setWordWrap(false);

    m_filterEdit->setPlaceholderText(tr("Filter properties"));
    m_filterEdit->setClearButtonEnabled(true);
    m_statusLabel->setObjectName(QStringLiteral("deviceProbeStatus"));
    m_statusLabel->setWordWrap(true);
    m_statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* top = new QHBoxLayout;
    top->addWidget(m_statusLabel, 1);
    top->addWidget(m_refreshButton);
    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_filterEdit);
    bottomLayout->addWidget(m_propertiesView);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_deviceView);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_refreshButton, &QPushButton::clicked, this, &DeviceBrowserPanel::refresh);
    connect(m_filterEdit, &QLineEdit::textChanged, m_propertiesFilter,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(m_deviceView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &DeviceBrowserPanel::showSelectedDevice);
    refresh();
}

DeviceBrowserPanel::~DeviceBrowserPanel() {
    if (m_probeJob)
        m_bridge.cancel(m_probeJob);
}

QString DeviceBrowserPanel::statusText() const {
    return m_statusLabel->text();
}

void DeviceBrowserPanel::refresh() {
    m_statusLabel->setText(tr("Reading OpenCL platforms and devices..."));
    m_refreshButton->setEnabled(false);
    // A result of an older probe that arrives late is stale: only the newest one is shown.
    const quint64 generation = ++m_probeGeneration;
    m_probeJob = m_bridge.run(
        this,
        [](const JobContext& job) {
            return takeDeviceSnapshot([&job] { return job.isCancelled(); });
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
    m_propertiesModel->setProperties({});
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
    const QModelIndex current = m_deviceModel->defaultDeviceIndex();
    if (current.isValid())
        m_deviceView->setCurrentIndex(current);
    Q_EMIT snapshotReady(shown);
}

void DeviceBrowserPanel::showSelectedDevice() {
    const DeviceEntry* device = m_deviceModel->deviceAt(m_deviceView->currentIndex());
    m_propertiesModel->setProperties(device ? device->properties : QList<DeviceProperty>{});
}

} // namespace clw::ui
