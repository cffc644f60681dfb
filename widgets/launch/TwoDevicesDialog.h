#pragma once
// Asks for the two devices of "Run on two devices..." (issue 19) and the tolerances: device A
// (the session's device to begin with) and device B, the reference (Oclgrind to begin with), each
// a device name or a part of one as --device takes it (empty: the default device), and tolerance
// texts as `clworkbench diff --tolerance` takes them ("exact", "4ulp", "c=rel=1e-6", several apart
// by spaces).
#include "clw/engine/inspect/ToleranceRules.h"

#include <QDialog>
#include <QStringList>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace clw::ui {

class TwoDevicesDialog : public QDialog {
    Q_OBJECT
public:
    // `devices`: the device names offered; `tested` and `reference` the ones chosen first.
    TwoDevicesDialog(const QStringList& devices, const QString& tested, const QString& reference,
                     QWidget* parent = nullptr);

    QString testedDevice() const;
    QString referenceDevice() const;
    // The tolerances as typed; readTolerances() reads them.
    QString toleranceText() const;
    void setToleranceText(const QString& text);
    // The rules of toleranceText(); the problem in `problem` when a text does not read.
    static std::optional<engine::ToleranceRules> readTolerances(const QString& text,
                                                                QString& problem);

    QComboBox* testedBox() const { return m_tested; }
    QComboBox* referenceBox() const { return m_reference; }
    QLineEdit* toleranceEdit() const { return m_tolerance; }

private:
    void validate();

    QComboBox* m_tested = nullptr;
    QComboBox* m_reference = nullptr;
    QLineEdit* m_tolerance = nullptr;
    QLabel* m_problem = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace clw::ui
