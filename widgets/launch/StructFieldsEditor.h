#pragma once
// The launch panel's editor of a struct or union passed by value: one line per field, labelled
// with its path and type ("pos.x (float)", "w (float4)"), each checked as it is typed like a
// scalar or vector argument. A field left empty is zero, as in a C initializer.
#include <QVariantList>
#include <QVariantMap>
#include <QWidget>

#include <utility>
#include <vector>

class QLineEdit;

namespace clw::ui {

class StructFieldsEditor : public QWidget {
    Q_OBJECT
public:
    // `fields` as LaunchArgumentsModel::StructFieldsRole gives them.
    explicit StructFieldsEditor(const QVariantList& fields, QWidget* parent = nullptr);

    // Sets every field's text from the "value" of each entry of `fields`.
    void setValues(const QVariantList& fields);
    // Field path -> text, for every field (empty text for those not given).
    QVariantMap values() const;

private:
    std::vector<std::pair<QString, QLineEdit*>> m_edits; // path, its line
};

} // namespace clw::ui
