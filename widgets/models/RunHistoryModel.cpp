#include "models/RunHistoryModel.h"

#include "models/DurationText.h"
#include "models/SummaryLine.h"

#include <QLocale>

#include <algorithm>

namespace clw::ui {

namespace {

QString launchTitle(const RunRecord& record) {
    const QString kernel = QString::fromStdString(record.launch.kernel);
    const QString name = QString::fromStdString(record.launch.name);
    QString title =
        name.isEmpty() || name == kernel ? kernel : QStringLiteral("%1 (%2)").arg(name, kernel);
    switch (record.mode) {
    case RunRecord::Mode::RunN:
        title += RunHistoryModel::tr(" · run ×%1").arg(record.kernelNs.size());
        break;
    case RunRecord::Mode::Sweep:
        title += RunHistoryModel::tr(" · sweep");
        break;
    case RunRecord::Mode::Run:
        break;
    }
    return title;
}

// Kernel times in µs as plain numbers, so that columns line up; three significant figures for
// short kernels, which is what profiling resolution supports.
QString microseconds(double ns) {
    const double us = ns / 1e3;
    return QString::number(us, 'f', us < 10 ? 3 : us < 100 ? 2 : 1);
}

} // namespace

RunHistoryModel::RunHistoryModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void RunHistoryModel::setHistory(std::vector<RunRecord> history) {
    const bool extends =
        history.size() >= m_history.size() &&
        std::equal(m_history.begin(), m_history.end(), history.begin(),
                   [](const RunRecord& a, const RunRecord& b) { return a.id == b.id; });
    if (!extends) {
        beginResetModel();
        m_history = std::move(history);
        endResetModel();
        return;
    }
    const int oldRows = int(m_history.size());
    if (history.size() == m_history.size()) {
        m_history = std::move(history);
        // Same runs: a record may still have been completed in place.
        if (oldRows > 0)
            Q_EMIT dataChanged(index(0, 0), index(oldRows - 1, ColumnCount - 1));
        return;
    }
    beginInsertRows({}, oldRows, int(history.size()) - 1);
    m_history = std::move(history);
    endInsertRows();
}

void RunHistoryModel::append(RunRecord record) {
    const int row = int(m_history.size());
    beginInsertRows({}, row, row);
    m_history.push_back(std::move(record));
    endInsertRows();
}

void RunHistoryModel::clear() {
    setHistory({});
}

const RunRecord* RunHistoryModel::recordAt(int row) const {
    return row >= 0 && row < int(m_history.size()) ? &m_history[size_t(row)] : nullptr;
}

int RunHistoryModel::rowOf(int runId) const {
    for (size_t row = 0; row < m_history.size(); ++row)
        if (m_history[row].id == runId)
            return int(row);
    return -1;
}

const RunRecord* RunHistoryModel::findRun(int runId) const {
    return recordAt(rowOf(runId));
}

bool RunHistoryModel::sameSessionRun(int row) const {
    const RunRecord* first = recordAt(row);
    const RunRecord* next = recordAt(row + 1);
    // A run of the session records its launches in order; run N times and sweeps record the
    // launches before theirs as plain runs, then theirs.
    return first && next && first->mode == RunRecord::Mode::Run &&
           next->launchIndex > first->launchIndex && next->deviceName == first->deviceName;
}

QList<int> RunHistoryModel::runGroup(int row) const {
    if (!recordAt(row))
        return {};
    int first = row;
    while (first > 0 && sameSessionRun(first - 1))
        --first;
    int last = row;
    while (sameSessionRun(last))
        ++last;
    QList<int> rows;
    for (int r = first; r <= last; ++r)
        rows.append(r);
    return rows;
}

QList<int> RunHistoryModel::latestRunGroup() const {
    return runGroup(int(m_history.size()) - 1);
}

int RunHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_history.size());
}

int RunHistoryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunHistoryModel::display(const RunRecord& record, int column) const {
    const bool timed = !record.kernelNs.empty();
    switch (column) {
    case IdColumn:
        return record.id;
    case WhenColumn:
        return record.when.toLocalTime().toString(QStringLiteral("HH:mm:ss"));
    case LaunchColumn:
        return launchTitle(record);
    case DeviceColumn:
        return record.deviceName;
    case GlobalColumn:
        return RunRecord::sizeText(record.global.empty() ? record.launch.global : record.global);
    case LocalColumn:
        return RunRecord::sizeText(record.local.empty() ? record.launch.local : record.local);
    case RepeatsColumn:
        return timed ? QVariant(int(record.kernelNs.size())) : QVariant();
    case MinColumn:
        return timed ? microseconds(record.minNs()) : QString();
    case MedianColumn:
        return timed ? microseconds(record.medianNs()) : QString();
    case MaxColumn:
        return timed ? microseconds(record.maxNs()) : QString();
    case StatusColumn:
        if (record.hostStopped)
            return tr("host stopped: %1").arg(summaryLine(record.error));
        return record.ok ? tr("ok") : summaryLine(record.error);
    default:
        return {};
    }
}

QVariant RunHistoryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunRecord& record = m_history[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(record, index.column());
    case Qt::ToolTipRole:
        switch (index.column()) {
        case WhenColumn:
            return QLocale().toString(record.when.toLocalTime(), QLocale::LongFormat);
        case MinColumn:
        case MedianColumn:
        case MaxColumn:
            if (record.kernelNs.empty())
                return {};
            return tr("min %1, median %2, max %3 over %n run(s)", nullptr,
                      int(record.kernelNs.size()))
                .arg(formatDuration(record.minNs()), formatDuration(record.medianNs()),
                     formatDuration(record.maxNs()));
        case StatusColumn:
            return record.ok ? QVariant() : QVariant(record.error);
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case IdColumn:
        case RepeatsColumn:
        case MinColumn:
        case MedianColumn:
        case MaxColumn:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    case RunIdRole:
        return record.id;
    case MedianNsRole:
        return record.medianNs();
    case OkRole:
        return record.ok;
    default:
        return {};
    }
}

QVariant RunHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn:
        return tr("Run");
    case WhenColumn:
        return tr("Time");
    case LaunchColumn:
        return tr("Launch");
    case DeviceColumn:
        return tr("Device");
    case GlobalColumn:
        return tr("Global");
    case LocalColumn:
        return tr("Local");
    case RepeatsColumn:
        return tr("Repeats");
    case MinColumn:
        return tr("Min (µs)");
    case MedianColumn:
        return tr("Median (µs)");
    case MaxColumn:
        return tr("Max (µs)");
    case StatusColumn:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace clw::ui
