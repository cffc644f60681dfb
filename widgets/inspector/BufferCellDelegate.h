#pragma once
// Colours the buffer table's cells from the model's roles (the model is Qt Core only): NaN red,
// infinities orange, denormals blue, elements that differ in the current diff yellow.
#include <QStyledItemDelegate>

namespace clw::ui {

class BufferCellDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    static QColor nanColor() { return QColor(255, 170, 170); }
    static QColor infinityColor() { return QColor(255, 205, 150); }
    static QColor denormalColor() { return QColor(200, 220, 255); }
    static QColor changedColor() { return QColor(255, 240, 140); }

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

} // namespace clw::ui
