#include "launch/ArgumentDelegate.h"

#include "launch/ScalarValidator.h"
#include "launch/StructFieldsEditor.h"
#include "models/ArgumentRules.h"
#include "models/LaunchArgumentsModel.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>
#include <limits>

namespace clw::ui {

namespace {

constexpr int kNewBufferRole = Qt::UserRole + 1;
// What an unset __local argument's editor proposes: a typical tile of 64 floats.
constexpr int kDefaultLocalBytes = 256;

QColor problemColor() {
    return QColor(0xc0, 0x1c, 0x28);
}

QColor warningColor() {
    return QColor(0xb5, 0x6b, 0x00); // dark amber: readable on light and dark rows
}

} // namespace

ArgumentDelegate::ArgumentDelegate(QObject* parent)
    : QStyledItemDelegate(parent) {}

QString ArgumentDelegate::newBufferText() {
    return tr("New buffer...");
}

QWidget* ArgumentDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                        const QModelIndex& index) const {
    if (index.column() != LaunchArgumentsModel::ValueColumn)
        return QStyledItemDelegate::createEditor(parent, option, index);
    switch (ArgumentEditor(index.data(LaunchArgumentsModel::EditorRole).toInt())) {
    case ArgumentEditor::Buffer:
    case ArgumentEditor::Image:
        return createBufferPicker(parent, index);
    case ArgumentEditor::Scalar:
    case ArgumentEditor::Vector: {
        auto* edit = new QLineEdit(parent);
        edit->setObjectName(QStringLiteral("valueEdit"));
        const auto element =
            engine::ScalarType(index.data(LaunchArgumentsModel::ScalarTypeRole).toInt());
        const int width = index.data(LaunchArgumentsModel::VectorWidthRole).toInt();
        // Without a signature (no build yet) the type is unknown: the model takes any text.
        if (element != engine::ScalarType::Unknown) {
            auto* validator = new ScalarValidator(element, width, edit);
            edit->setValidator(validator);
            if (width > 1)
                edit->setPlaceholderText(
                    tr("%1 values separated by commas, or one for all").arg(width));
            const QPalette normal = edit->palette();
            QObject::connect(edit, &QLineEdit::textChanged, edit,
                             [edit, validator, normal](const QString& text) {
                                 const QString problem = validator->problem(text);
                                 edit->setToolTip(problem);
                                 QPalette palette = normal;
                                 if (!problem.isEmpty())
                                     palette.setColor(QPalette::Text, problemColor());
                                 edit->setPalette(palette);
                             });
        }
        return edit;
    }
    case ArgumentEditor::Local: {
        auto* spin = new QSpinBox(parent);
        spin->setObjectName(QStringLiteral("localBytesSpin"));
        spin->setRange(1, std::numeric_limits<int>::max());
        spin->setSuffix(tr(" bytes"));
        spin->setToolTip(tr("Bytes of __local memory for each work-group"));
        return spin;
    }
    case ArgumentEditor::Sampler: {
        auto* combo = new QComboBox(parent);
        combo->setObjectName(QStringLiteral("samplerPicker"));
        combo->setEditable(true);
        combo->addItems({defaultSamplerText(),
                         QStringLiteral("normalized=true addressing=clamp_to_edge filter=linear"),
                         QStringLiteral("normalized=true addressing=repeat filter=linear"),
                         QStringLiteral("normalized=false addressing=none filter=nearest")});
        return combo;
    }
    case ArgumentEditor::Struct:
        return new StructFieldsEditor(index.data(LaunchArgumentsModel::StructFieldsRole).toList(),
                                      parent);
    case ArgumentEditor::Unsupported:
        break;
    }
    return nullptr;
}

QWidget* ArgumentDelegate::createBufferPicker(QWidget* parent, const QModelIndex& index) const {
    auto* combo = new QComboBox(parent);
    combo->setObjectName(QStringLiteral("bufferPicker"));
    combo->addItems(index.data(LaunchArgumentsModel::FittingBuffersRole).toStringList());
    // Buffers of another element type come after a separator, each saying what it holds: they
    // run, but the kernel reads their bytes as its own type.
    const QStringList others = index.data(LaunchArgumentsModel::OtherBuffersRole).toStringList();
    if (!others.isEmpty())
        combo->insertSeparator(combo->count());
    for (const QString& name : others) {
        combo->addItem(name);
        combo->setItemData(combo->count() - 1, tr("Another element type than the parameter's"),
                           Qt::ToolTipRole);
    }
    if (index.data(LaunchArgumentsModel::AllowsNullRole).toBool())
        combo->addItem(QStringLiteral("NULL"));
    combo->addItem(newBufferText());
    combo->setItemData(combo->count() - 1, true, kNewBufferRole);
    const QString type = index.data(LaunchArgumentsModel::ElementTypeRole).toString();
    combo->setToolTip(type.isEmpty() ? tr("The session's buffers that fit this parameter")
                                     : tr("The session's buffers of %1").arg(type));
    // A choice applies at once; "New buffer..." asks the panel, which binds what it creates.
    auto* self = const_cast<ArgumentDelegate*>(this);
    const int row = index.row();
    QObject::connect(combo, &QComboBox::activated, self, [self, combo, row](int item) {
        if (combo->itemData(item, kNewBufferRole).toBool()) {
            Q_EMIT self->closeEditor(combo, QAbstractItemDelegate::RevertModelCache);
            Q_EMIT self->newBufferRequested(row);
            return;
        }
        Q_EMIT self->commitData(combo);
        Q_EMIT self->closeEditor(combo);
    });
    return combo;
}

void ArgumentDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    const QVariant value = index.data(Qt::EditRole);
    if (auto* fields = qobject_cast<StructFieldsEditor*>(editor)) {
        fields->setValues(index.data(LaunchArgumentsModel::StructFieldsRole).toList());
    } else if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        const qulonglong bytes = value.toULongLong();
        spin->setValue(bytes == 0 ? kDefaultLocalBytes
                                  : int(std::min<qulonglong>(bytes, qulonglong(spin->maximum()))));
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        const QString text = value.toString();
        if (combo->isEditable()) {
            combo->setCurrentText(text);
        } else {
            // Not findText("") for an unset argument: the separator's text is empty too.
            const int found = text.isEmpty() ? -1 : combo->findText(text);
            // A bound buffer that no longer fits stays visible, so that nothing changes silently.
            if (found < 0 && !text.isEmpty())
                combo->insertItem(0, text);
            combo->setCurrentIndex(found < 0 ? (text.isEmpty() ? -1 : 0) : found);
        }
    } else if (auto* edit = qobject_cast<QLineEdit*>(editor)) {
        edit->setText(value.toString());
    } else {
        QStyledItemDelegate::setEditorData(editor, index);
    }
}

void ArgumentDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                    const QModelIndex& index) const {
    if (auto* fields = qobject_cast<StructFieldsEditor*>(editor)) {
        model->setData(index, fields->values());
    } else if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        model->setData(index, qulonglong(spin->value()));
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        if (combo->currentIndex() >= 0 &&
            combo->itemData(combo->currentIndex(), kNewBufferRole).toBool())
            return;
        if (combo->isEditable() || combo->currentIndex() >= 0)
            model->setData(index, combo->currentText());
    } else if (auto* edit = qobject_cast<QLineEdit*>(editor)) {
        // Refused text stays refused: the model's row says why.
        model->setData(index, edit->text());
    } else {
        QStyledItemDelegate::setModelData(editor, model, index);
    }
}

void ArgumentDelegate::updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                                            const QModelIndex& index) const {
    if (!qobject_cast<StructFieldsEditor*>(editor)) {
        QStyledItemDelegate::updateEditorGeometry(editor, option, index);
        return;
    }
    QRect rect = option.rect;
    rect.setHeight(std::max(rect.height(), editor->sizeHint().height()));
    editor->setGeometry(rect);
    editor->raise();
}

void ArgumentDelegate::initStyleOption(QStyleOptionViewItem* option,
                                       const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    const int column = index.column();
    if (column != LaunchArgumentsModel::ValueColumn && column != LaunchArgumentsModel::StatusColumn)
        return;
    if (!index.data(LaunchArgumentsModel::ProblemRole).toString().isEmpty())
        option->palette.setColor(QPalette::Text, problemColor());
    else if (!index.data(LaunchArgumentsModel::WarningRole).toString().isEmpty())
        option->palette.setColor(QPalette::Text, warningColor());
    if (column == LaunchArgumentsModel::ValueColumn &&
        !index.data(LaunchArgumentsModel::IsSetRole).toBool())
        option->font.setItalic(true);
}

} // namespace clw::ui
