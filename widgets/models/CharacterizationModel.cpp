#include "models/CharacterizationModel.h"

namespace clw::ui {

CharacterizationModel::CharacterizationModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void CharacterizationModel::setRows(QList<CharacterizationRow> rows, QString error) {
    beginResetModel();
    m_rows = std::move(rows);
    m_error = std::move(error);
    endResetModel();
}

int CharacterizationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CharacterizationModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CharacterizationModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CharacterizationRow& row = m_rows[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == LabelColumn   ? row.label
               : index.column() == ValueColumn ? row.value
                                               : row.note;
    case Qt::ToolTipRole:
        // Notes (conflict explanations) are long: the whole text on hover.
        return row.note.isEmpty() ? row.key : row.key + QLatin1Char('\n') + row.note;
    case KeyRole:
        return row.key;
    default:
        return {};
    }
}

QVariant CharacterizationModel::headerData(int section, Qt::Orientation orientation,
                                           int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LabelColumn:
        return tr("Characteristic");
    case ValueColumn:
        return tr("Value");
    default:
        return tr("Note");
    }
}

} // namespace clw::ui
