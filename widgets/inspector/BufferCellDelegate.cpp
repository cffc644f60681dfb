#include "inspector/BufferCellDelegate.h"

#include "models/BufferTableModel.h"

#include "clw/engine/inspect/ScalarValue.h"

namespace clw::ui {

void BufferCellDelegate::initStyleOption(QStyleOptionViewItem* option,
                                         const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    const QVariant kind = index.data(BufferTableModel::ValueClassRole);
    QColor background;
    if (kind.isValid()) {
        switch (engine::ValueClass(kind.toInt())) {
        case engine::ValueClass::NaN:
            background = nanColor();
            break;
        case engine::ValueClass::Infinity:
            background = infinityColor();
            break;
        case engine::ValueClass::Denormal:
            background = denormalColor();
            break;
        default:
            break;
        }
    }
    // A changed element shows on every cell of its row; a NaN inside it keeps its own colour.
    if (!background.isValid() && index.data(BufferTableModel::ChangedRole).toBool())
        background = changedColor();
    if (background.isValid()) {
        option->backgroundBrush = background;
        option->palette.setColor(QPalette::Text, Qt::black);
    }
}

} // namespace clw::ui
