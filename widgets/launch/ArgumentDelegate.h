#pragma once
// The launch panel's editors for kernel arguments (issue 9), chosen by the arguments model's
// EditorRole: a buffer picker listing the session's buffers that fit the parameter, NULL where
// allowed and "New buffer..." (which asks the panel to create one); a line edit checked as typed
// for scalars and vectors; a byte count for __local memory; an editable list of samplers; a
// group of field lines for a struct by value (StructFieldsEditor). Rows
// with a problem are drawn in red, so that what is missing shows without reading every row.
#include <QStyledItemDelegate>

namespace clw::ui {

class ArgumentDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit ArgumentDelegate(QObject* parent = nullptr);

    // The buffer picker's entry that asks for a new buffer instead of naming one.
    static QString newBufferText();

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
    // A struct's editor keeps the height of all its fields, over the rows below.
    void updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                              const QModelIndex& index) const override;

Q_SIGNALS:
    // "New buffer..." was chosen for the argument at `row`.
    void newBufferRequested(int row);

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    QWidget* createBufferPicker(QWidget* parent, const QModelIndex& index) const;
};

} // namespace clw::ui
