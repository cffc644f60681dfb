#include "inspector/FillDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace clw::ui {

FillDialog::FillDialog(const QString& columns, const QString& selection, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Fill buffer"));
    m_kind = new QComboBox(this);
    m_kind->addItems({tr("Zeros"), tr("Constant"), tr("Index ramp"), tr("Seeded random")});
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(new QLabel(tr("Every byte of the elements becomes 0."), this));

    auto* constantPage = new QWidget(this);
    auto* constantForm = new QFormLayout(constantPage);
    m_constant = new QLineEdit(QStringLiteral("0"), constantPage);
    m_constant->setToolTip(tr("One value for every column, or one a column separated by commas "
                              "(%1)")
                               .arg(columns));
    constantForm->addRow(tr("Value"), m_constant);
    m_pages->addWidget(constantPage);

    auto* rampPage = new QWidget(this);
    auto* rampForm = new QFormLayout(rampPage);
    m_start = new QLineEdit(QStringLiteral("0"), rampPage);
    m_step = new QLineEdit(QStringLiteral("1"), rampPage);
    rampForm->addRow(tr("Start"), m_start);
    rampForm->addRow(tr("Step (element i gets start + step x i)"), m_step);
    m_pages->addWidget(rampPage);

    auto* randomPage = new QWidget(this);
    auto* randomForm = new QFormLayout(randomPage);
    m_seed = new QLineEdit(QStringLiteral("1"), randomPage);
    m_seed->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,19}")), m_seed));
    m_low = new QLineEdit(QStringLiteral("0"), randomPage);
    m_high = new QLineEdit(QStringLiteral("1"), randomPage);
    randomForm->addRow(tr("Seed"), m_seed);
    randomForm->addRow(tr("Low"), m_low);
    randomForm->addRow(tr("High (floats below it, integers up to it)"), m_high);
    m_pages->addWidget(randomPage);
    for (QLineEdit* edit : {m_start, m_step, m_low, m_high})
        edit->setValidator(new QDoubleValidator(edit));

    auto* whole = new QRadioButton(tr("The whole buffer (as shaped)"), this);
    m_selection = new QRadioButton(selection.isEmpty() ? tr("The selection (nothing selected)")
                                                       : tr("The selection: %1").arg(selection),
                                   this);
    m_selection->setEnabled(!selection.isEmpty());
    (selection.isEmpty() ? whole : m_selection)->setChecked(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    form->addRow(tr("Fill with"), m_kind);
    layout->addLayout(form);
    layout->addWidget(m_pages);
    layout->addWidget(whole);
    layout->addWidget(m_selection);
    layout->addWidget(buttons);
    connect(m_kind, &QComboBox::currentIndexChanged, m_pages, &QStackedWidget::setCurrentIndex);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

engine::FillSpec FillDialog::spec() const {
    engine::FillSpec spec;
    spec.kind = engine::FillSpec::Kind(m_kind->currentIndex());
    spec.constant = m_constant->text().toStdString();
    spec.start = m_start->text().toDouble();
    spec.step = m_step->text().toDouble();
    spec.seed = m_seed->text().toULongLong();
    spec.low = m_low->text().toDouble();
    spec.high = m_high->text().toDouble();
    return spec;
}

void FillDialog::setSpec(const engine::FillSpec& spec) {
    m_kind->setCurrentIndex(int(spec.kind));
    m_constant->setText(QString::fromStdString(spec.constant));
    m_start->setText(QString::number(spec.start));
    m_step->setText(QString::number(spec.step));
    m_seed->setText(QString::number(spec.seed));
    m_low->setText(QString::number(spec.low));
    m_high->setText(QString::number(spec.high));
}

bool FillDialog::selectionOnly() const {
    return m_selection->isChecked();
}

} // namespace clw::ui
