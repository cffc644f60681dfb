#pragma once
// Asks how to fill a buffer: zeros, a constant (one value, or one a column), an index ramp (start,
// step) or seeded random values (seed, range); the whole buffer or the selected elements.
#include "clw/engine/inspect/ElementFill.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QRadioButton;
class QStackedWidget;

namespace clw::ui {

class FillDialog : public QDialog {
    Q_OBJECT
public:
    // `selection` describes the selected elements ("elements 10 to 99"); empty: no selection.
    FillDialog(const QString& columns, const QString& selection, QWidget* parent = nullptr);

    engine::FillSpec spec() const;
    bool selectionOnly() const;
    void setSpec(const engine::FillSpec& spec);

private:
    QComboBox* m_kind = nullptr;
    QStackedWidget* m_pages = nullptr;
    QLineEdit* m_constant = nullptr;
    QLineEdit* m_start = nullptr;
    QLineEdit* m_step = nullptr;
    QLineEdit* m_seed = nullptr;
    QLineEdit* m_low = nullptr;
    QLineEdit* m_high = nullptr;
    QRadioButton* m_selection = nullptr;
};

} // namespace clw::ui
