#include "models/DeviceListModel.h"

#include "models/Formatting.h"

namespace clw::ui {

// internalId: 0 for a top-level row (the runtime row, then the platforms), platform index + 1 for
// a device row.
namespace {
constexpr quintptr kPlatformId = 0;
}

DeviceListModel::DeviceListModel(QObject* parent)
    : QAbstractItemModel(parent) {}

void DeviceListModel::setSnapshot(DeviceSnapshot snapshot) {
    beginResetModel();
    m_snapshot = std::move(snapshot);
    endResetModel();
}

const PlatformEntry* DeviceListModel::platformAt(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this)
        return nullptr;
    const quintptr id = index.internalId();
    const int platformRow = id == kPlatformId ? index.row() - runtimeRows() : int(id - 1);
    if (platformRow < 0 || platformRow >= m_snapshot.platforms.size())
        return nullptr;
    return &m_snapshot.platforms[platformRow];
}

const DeviceEntry* DeviceListModel::deviceAt(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this || index.internalId() == kPlatformId)
        return nullptr;
    const PlatformEntry* platform = platformAt(index);
    if (!platform || index.row() >= platform->devices.size())
        return nullptr;
    return &platform->devices[index.row()];
}

const RuntimeEntry* DeviceListModel::runtimeAt(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this || index.internalId() != kPlatformId ||
        index.row() >= runtimeRows())
        return nullptr;
    return &m_snapshot.runtime;
}

QModelIndex DeviceListModel::runtimeIndex() const {
    return runtimeRows() ? createIndex(0, 0, kPlatformId) : QModelIndex();
}

QModelIndex DeviceListModel::platformIndex(int platform) const {
    if (platform < 0 || platform >= m_snapshot.platforms.size())
        return {};
    return createIndex(platform + runtimeRows(), 0, kPlatformId);
}

QModelIndex DeviceListModel::defaultDeviceIndex() const {
    for (int p = 0; p < m_snapshot.platforms.size(); ++p) {
        const auto& devices = m_snapshot.platforms[p].devices;
        for (int d = 0; d < devices.size(); ++d) {
            if (devices[d].isDefault)
                return createIndex(d, 0, quintptr(p + 1));
        }
    }
    return {};
}

QModelIndex DeviceListModel::deviceIndex(const QString& name) const {
    for (int p = 0; p < m_snapshot.platforms.size(); ++p) {
        const auto& devices = m_snapshot.platforms[p].devices;
        for (int d = 0; d < devices.size(); ++d) {
            if (devices[d].name == name)
                return createIndex(d, 0, quintptr(p + 1));
        }
    }
    return {};
}

QModelIndex DeviceListModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kPlatformId);
    if (parent.internalId() == kPlatformId)
        return createIndex(row, column, quintptr(parent.row() - runtimeRows() + 1));
    return {};
}

QModelIndex DeviceListModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kPlatformId)
        return {};
    return createIndex(int(child.internalId() - 1) + runtimeRows(), 0, kPlatformId);
}

int DeviceListModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return runtimeRows() + int(m_snapshot.platforms.size());
    if (parent.column() != 0 || parent.internalId() != kPlatformId)
        return 0;
    const PlatformEntry* platform = platformAt(parent);
    return platform ? int(platform->devices.size()) : 0; // the runtime row has no children
}

int DeviceListModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant DeviceListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (const DeviceEntry* device = deviceAt(index))
        return deviceData(*device, index.column(), role);
    if (runtimeAt(index))
        return runtimeData(index.column(), role);
    if (index.internalId() == kPlatformId)
        if (const PlatformEntry* platform = platformAt(index))
            return platformData(*platform, index.column(), role);
    return {};
}

QVariant DeviceListModel::runtimeData(int column, int role) const {
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return tr("OpenCL runtime");
        case TypeColumn:
            return tr("ICD loader");
        case VersionColumn:
            return m_snapshot.runtime.summary();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return tr("The ICD loader's properties and what it does with a NULL platform");
    case ErrorRole:
        return QString();
    case IsRuntimeRole:
        return true;
    case IsPlatformRole:
    case IsDefaultRole:
        return false;
    default:
        return {};
    }
}

QVariant DeviceListModel::platformData(const PlatformEntry& platform, int column, int role) const {
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return platform.name;
        case TypeColumn:
            return platform.failed() ? tr("Failed: %1").arg(platform.error) : tr("Platform");
        case VersionColumn:
            return platform.version;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return platform.failed() ? platform.error : platform.vendor;
    case ErrorRole:
        return platform.error;
    case IsPlatformRole:
        return true;
    case IsDefaultRole:
    case IsRuntimeRole:
        return false;
    default:
        return {};
    }
}

QVariant DeviceListModel::deviceData(const DeviceEntry& device, int column, int role) const {
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return device.name;
        case TypeColumn:
            return device.typeName;
        case VersionColumn:
            return device.version;
        case ComputeUnitsColumn:
            return device.maxComputeUnits;
        case GlobalMemoryColumn:
            return formatBytes(device.globalMemBytes);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return device.vendor;
    case Qt::TextAlignmentRole:
        if (column == ComputeUnitsColumn || column == GlobalMemoryColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ErrorRole:
        return QString();
    case IsPlatformRole:
    case IsRuntimeRole:
        return false;
    case IsDefaultRole:
        return device.isDefault;
    default:
        return {};
    }
}

QVariant DeviceListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case TypeColumn:
        return tr("Type");
    case VersionColumn:
        return tr("Version");
    case ComputeUnitsColumn:
        return tr("Compute units");
    case GlobalMemoryColumn:
        return tr("Global memory");
    default:
        return {};
    }
}

} // namespace clw::ui
