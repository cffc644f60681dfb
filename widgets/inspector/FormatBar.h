#pragma once
// The inspector's format line: the element type (a scalar, a vector, an OpenCL C struct
// declaration, or "hex"), the shape (1D / 2D / 3D with width, height, depth, row and slice pitch,
// byte offset) and hex integers. Asks for a format when the person is done editing; shows what is
// wrong with one right under it.
#include "clw/engine/inspect/ElementFormat.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace clw::ui {

class FormatBar : public QWidget {
    Q_OBJECT
public:
    explicit FormatBar(QWidget* parent = nullptr);

    void setFormat(const engine::ElementFormat& format);
    // The format the fields describe; fields left empty mean "as many as fit" (0).
    engine::ElementFormat format() const;
    // Shows an error under the fields (empty: hides it).
    void showError(const QString& message);
    QString errorText() const;
    QComboBox* typeBox() const { return m_type; }

Q_SIGNALS:
    void formatRequested(const engine::ElementFormat& format);

private:
    void request();
    void updateShapeFields();
    QLineEdit* numberField(const QString& name, const QString& placeholder);

    QComboBox* m_type = nullptr;
    QComboBox* m_dimensions = nullptr;
    QLineEdit* m_width = nullptr;
    QLineEdit* m_height = nullptr;
    QLineEdit* m_depth = nullptr;
    QLineEdit* m_rowPitch = nullptr;
    QLineEdit* m_slicePitch = nullptr;
    QLineEdit* m_offset = nullptr;
    QCheckBox* m_hex = nullptr;
    QLabel* m_error = nullptr;
    bool m_setting = false;
};

} // namespace clw::ui
