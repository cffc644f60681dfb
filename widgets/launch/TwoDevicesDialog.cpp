#include "launch/TwoDevicesDialog.h"

#include "clw/engine/inspect/ToleranceError.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace clw::ui {

namespace {

QComboBox* deviceBox(const QStringList& devices, const QString& chosen, QWidget* parent) {
    auto* box = new QComboBox(parent);
    // Editable: a part of a name picks a device as --device does, and a device the snapshot has
    // not listed yet can still be named.
    box->setEditable(true);
    box->addItems(devices);
    box->lineEdit()->setPlaceholderText(QObject::tr("the default device"));
    const int index = box->findText(chosen);
    if (index >= 0)
        box->setCurrentIndex(index);
    else
        box->setEditText(chosen);
    return box;
}

} // namespace

TwoDevicesDialog::TwoDevicesDialog(const QStringList& devices, const QString& tested,
                                   const QString& reference, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("twoDevicesDialog"));
    setWindowTitle(tr("Run on two devices"));
    m_tested = deviceBox(devices, tested, this);
    m_tested->setObjectName(QStringLiteral("testedDevice"));
    m_reference = deviceBox(devices, reference, this);
    m_reference->setObjectName(QStringLiteral("referenceDevice"));
    m_tolerance = new QLineEdit(QStringLiteral("exact"), this);
    m_tolerance->setObjectName(QStringLiteral("toleranceEdit"));
    m_tolerance->setToolTip(tr("exact, 4ulp, rel=1e-6 or abs=1e-3; NAME=SPEC for one buffer "
                               "(c=4ulp); several apart by spaces"));
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("toleranceProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problem->hide();

    auto* note = new QLabel(tr("The session runs on both devices at once; every output buffer of "
                               "A is compared with B's, element by element."),
                            this);
    note->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("Device &A"), m_tested);
    form->addRow(tr("Device &B (reference)"), m_reference);
    form->addRow(tr("&Tolerance"), m_tolerance);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Run"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_tolerance, &QLineEdit::textChanged, this, &TwoDevicesDialog::validate);
    validate();
}

QString TwoDevicesDialog::testedDevice() const {
    return m_tested->currentText().trimmed();
}

QString TwoDevicesDialog::referenceDevice() const {
    return m_reference->currentText().trimmed();
}

QString TwoDevicesDialog::toleranceText() const {
    return m_tolerance->text();
}

void TwoDevicesDialog::setToleranceText(const QString& text) {
    m_tolerance->setText(text);
}

std::optional<engine::ToleranceRules> TwoDevicesDialog::readTolerances(const QString& text,
                                                                       QString& problem) {
    engine::ToleranceRules rules;
    try {
        // "abs = 1e-3" keeps its spaces around '=': only spaces between texts separate them.
        QString joined = text;
        joined.replace(QRegularExpression(QStringLiteral("\\s*=\\s*")), QStringLiteral("="));
        for (const QString& part :
             joined.split(QRegularExpression(QStringLiteral("[\\s;]+")), Qt::SkipEmptyParts))
            rules.add(part.toStdString());
    } catch (const engine::ToleranceError& error) {
        problem = QString::fromUtf8(error.what());
        return std::nullopt;
    }
    return rules;
}

void TwoDevicesDialog::validate() {
    QString problem;
    readTolerances(m_tolerance->text(), problem);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_ok->setEnabled(problem.isEmpty());
}

} // namespace clw::ui
