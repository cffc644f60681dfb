#include "models/BenchmarkResultsModel.h"

#include <QLocale>

namespace clw::ui {

BenchmarkResultsModel::BenchmarkResultsModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void BenchmarkResultsModel::setResult(engine::BenchmarkResult result) {
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

void BenchmarkResultsModel::clear() {
    setResult({});
}

QStringList BenchmarkResultsModel::groups() const {
    QStringList groups;
    for (const engine::BenchmarkFigure& figure : m_result.figures) {
        const QString group = QString::fromStdString(figure.group);
        if (!groups.contains(group))
            groups << group;
    }
    return groups;
}

int BenchmarkResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_result.figures.size());
}

int BenchmarkResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BenchmarkResultsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::BenchmarkFigure& figure = m_result.figures[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case GroupColumn:
            return QString::fromStdString(engine::benchmarkGroupTitle(figure.group));
        case NameColumn:
            return QString::fromStdString(figure.name);
        case ValueColumn:
            // The number of a map that moved nothing is the call's speed, not a bandwidth.
            if (figure.zeroCopy)
                return tr("zero-copy");
            return QString::number(figure.value, 'f', figure.value < 100 ? 2 : 1);
        default:
            return QString::fromStdString(figure.unit);
        }
    case Qt::ToolTipRole:
        if (figure.zeroCopy)
            return tr("%1: zero-copy — the device works in host memory, so the %2 moved no "
                      "data (the call alone would read as %3 %4)")
                .arg(QString::fromStdString(figure.id()),
                     figure.name.starts_with("unmap") ? tr("unmap") : tr("map"),
                     QLocale().toString(figure.value, 'f', 0), QString::fromStdString(figure.unit));
        return QStringLiteral("%1 = %2 %3")
            .arg(QString::fromStdString(figure.id()))
            .arg(figure.value, 0, 'g', 8)
            .arg(QString::fromStdString(figure.unit));
    case Qt::TextAlignmentRole:
        return index.column() == ValueColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                             : QVariant();
    case ValueRole:
        return figure.value;
    case GroupKeyRole:
        return QString::fromStdString(figure.group);
    default:
        return {};
    }
}

QVariant BenchmarkResultsModel::headerData(int section, Qt::Orientation orientation,
                                           int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case GroupColumn:
        return tr("Benchmark");
    case NameColumn:
        return tr("Figure");
    case ValueColumn:
        return tr("Value");
    default:
        return tr("Unit");
    }
}

} // namespace clw::ui
