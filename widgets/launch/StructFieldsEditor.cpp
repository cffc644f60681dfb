#include "launch/StructFieldsEditor.h"

#include "launch/ScalarValidator.h"

#include "clw/engine/launch/KernelSignature.h"

#include <QFormLayout>
#include <QLineEdit>

namespace clw::ui {

StructFieldsEditor::StructFieldsEditor(const QVariantList& fields, QWidget* parent)
    : QWidget(parent) {
    setObjectName(QStringLiteral("structFieldsEditor"));
    // It is taller than the row it edits and overlaps the rows below: it must hide them.
    setAutoFillBackground(true);
    auto* form = new QFormLayout(this);
    form->setContentsMargins(4, 2, 4, 2);
    for (const QVariant& entry : fields) {
        const QVariantMap field = entry.toMap();
        const QString path = field.value(QStringLiteral("path")).toString();
        const int components = field.value(QStringLiteral("components")).toInt();
        auto* edit = new QLineEdit(this);
        edit->setObjectName(QStringLiteral("field:") + path);
        edit->setValidator(new ScalarValidator(
            engine::ScalarType(field.value(QStringLiteral("element")).toInt()), components, edit));
        edit->setPlaceholderText(components > 1
                                     ? tr("%1 values, or one for all; empty: 0").arg(components)
                                     : tr("empty: 0"));
        form->addRow(tr("%1 (%2)").arg(path, field.value(QStringLiteral("type")).toString()), edit);
        m_edits.emplace_back(path, edit);
    }
    setFocusProxy(m_edits.empty() ? nullptr : m_edits.front().second);
}

void StructFieldsEditor::setValues(const QVariantList& fields) {
    for (const QVariant& entry : fields) {
        const QVariantMap field = entry.toMap();
        const QString path = field.value(QStringLiteral("path")).toString();
        for (const auto& [editPath, edit] : m_edits)
            if (editPath == path)
                edit->setText(field.value(QStringLiteral("value")).toString());
    }
}

QVariantMap StructFieldsEditor::values() const {
    QVariantMap out;
    for (const auto& [path, edit] : m_edits)
        out.insert(path, edit->text().trimmed());
    return out;
}

} // namespace clw::ui
