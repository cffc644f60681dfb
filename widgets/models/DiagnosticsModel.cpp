#include "models/DiagnosticsModel.h"

namespace clw::ui {

namespace {
// Diagnostic rows carry their device row + 1 in the internal id; device rows carry 0.
constexpr quintptr kDeviceRowId = 0;
} // namespace

DiagnosticsModel::DiagnosticsModel(QObject* parent)
    : QAbstractItemModel(parent) {}

void DiagnosticsModel::setReport(BuildReport report) {
    beginResetModel();
    m_report = std::move(report);
    m_rows.clear();
    if (!m_report.error.isEmpty())
        m_rows.append({tr("Build failed: %1").arg(m_report.error), {}});
    for (const DeviceBuildReport& device : m_report.devices) {
        DeviceRow row;
        QList<BuildDiagnostic> text;
        for (const BuildDiagnostic& diagnostic : device.diagnostics) {
            if (diagnostic.severity == DiagnosticSeverity::Text)
                text.append(diagnostic);
            else
                row.items.append(diagnostic);
        }
        // A failure the parser could not place still shows: its raw lines are the message,
        // listed as unlocated, also beside warnings that did find a line.
        const int errors = device.count(DiagnosticSeverity::Error);
        if (!device.ok && errors == 0)
            row.items += text;
        const int warnings = device.count(DiagnosticSeverity::Warning);
        QString state;
        if (!device.ok && errors == 0)
            state = tr("build failed");
        else if (errors == 0 && warnings == 0)
            state = tr("built");
        else
            state = (errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors)) +
                    QStringLiteral(", ") +
                    (warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings));
        if (device.fromCache)
            state += tr(" (from the binary cache)");
        row.title = QStringLiteral("%1: %2").arg(device.device, state);
        m_rows.append(std::move(row));
    }
    for (const QString& warning : std::as_const(m_report.warnings))
        m_rows.append({tr("warning: %1").arg(warning), {}});
    for (const QString& problem : std::as_const(m_report.cacheProblems))
        m_rows.append({problem, {}});
    endResetModel();
}

void DiagnosticsModel::clear() {
    setReport({});
}

const BuildDiagnostic* DiagnosticsModel::diagnosticAt(const QModelIndex& index) const {
    if (!index.isValid() || index.internalId() == kDeviceRowId)
        return nullptr;
    const DeviceRow& row = m_rows[int(index.internalId() - 1)];
    return &row.items[index.row()];
}

QModelIndex DiagnosticsModel::firstProblem() const {
    for (int r = 0; r < m_rows.size(); ++r)
        for (int i = 0; i < m_rows[r].items.size(); ++i)
            if (m_rows[r].items[i].isProblem() && m_rows[r].items[i].line > 0)
                return createIndex(i, 0, quintptr(r + 1));
    return {};
}

QModelIndex DiagnosticsModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kDeviceRowId);
    if (parent.internalId() != kDeviceRowId)
        return {};
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex DiagnosticsModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kDeviceRowId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kDeviceRowId);
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return int(m_rows.size());
    if (parent.column() != 0 || parent.internalId() != kDeviceRowId)
        return 0;
    return int(m_rows[parent.row()].items.size());
}

int DiagnosticsModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid())
        return {};
    if (index.internalId() == kDeviceRowId)
        return deviceData(m_rows[index.row()], index.column(), role);
    return diagnosticData(*diagnosticAt(index), index.column(), role);
}

QVariant DiagnosticsModel::deviceData(const DeviceRow& row, int column, int role) const {
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return column == MessageColumn ? QVariant(row.title) : QVariant();
    case IsDeviceRole:
        return true;
    case SeverityRole:
        return -1;
    case LineRole:
    case ColumnRole:
        return 0;
    case FileRole:
        return QString();
    default:
        return {};
    }
}

QVariant DiagnosticsModel::diagnosticData(const BuildDiagnostic& item, int column, int role) const {
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case MessageColumn:
            return item.message;
        case SeverityColumn:
            return severityText(item.severity);
        case FileColumn:
            return item.file;
        case LineColumn:
            return item.line > 0 ? QVariant(item.line) : QVariant(tr("unlocated"));
        case ColumnColumn:
            return item.column > 0 ? QVariant(item.column) : QVariant();
        default:
            return {};
        }
    case Qt::ToolTipRole: {
        QString tip = QStringLiteral("%1: %2").arg(severityText(item.severity), item.message);
        for (const QString& note : item.notes)
            tip += QLatin1Char('\n') + note;
        return tip;
    }
    case FileRole:
        return item.file;
    case LineRole:
        return item.line;
    case ColumnRole:
        return item.column;
    case SeverityRole:
        return int(item.severity);
    case IsDeviceRole:
        return false;
    default:
        return {};
    }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case MessageColumn:
        return tr("Message");
    case SeverityColumn:
        return tr("Severity");
    case FileColumn:
        return tr("File");
    case LineColumn:
        return tr("Line");
    case ColumnColumn:
        return tr("Column");
    default:
        return {};
    }
}

} // namespace clw::ui
