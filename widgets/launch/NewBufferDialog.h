#pragma once
// "New buffer..." of the launch panel's buffer picker (issue 9): a buffer (or an image) for one
// kernel parameter, proposed with the pointee's element type and the launch's global size as its
// shape, a name not yet taken, and zeros as its first contents. Every field is checked as it is
// typed; OK stays disabled, with the reason shown, until they all read.
#include "clw/engine/session/Session.h"

#include <QDialog>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace clw::ui {

class NewBufferDialog : public QDialog {
    Q_OBJECT
public:
    // `elementType` may be empty (a void or struct pointee): "uchar" is proposed. `imageType`
    // ("image2d_t") makes it an image of RGBA pixels. `taken` are the session's buffer names.
    NewBufferDialog(const QString& name, const QString& elementType,
                    const std::vector<std::uint64_t>& shape, const QString& imageType,
                    const QStringList& taken, QWidget* parent = nullptr);

    // The buffer as the fields say; meaningful when problem() is empty.
    engine::SessionBuffer buffer() const;
    // What is wrong with the fields; empty when OK can be pressed.
    QString problem() const;
    // A name from `wanted` that is not in `taken`: "c", else "c_2", "c_3", ...
    static QString uniqueName(const QString& wanted, const QStringList& taken);

private:
    void check();
    bool isImage() const { return !m_imageType.isEmpty(); }

    QString m_imageType;
    QStringList m_taken;
    QLineEdit* m_name;
    QLineEdit* m_type;
    QLineEdit* m_shape;
    QComboBox* m_access;
    QComboBox* m_fill;
    QComboBox* m_channelType; // images only
    QLabel* m_problem;
    QLabel* m_numpyShape; // the same sizes in numpy's order, rows first: "numpy shape (48, 64)"
    QDialogButtonBox* m_buttons;
};

} // namespace clw::ui
