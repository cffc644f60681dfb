#include "launch/WatchdogLimitsDialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace clw::ui {

namespace {

// Milliseconds are what the watchdog counts.
QDoubleSpinBox* secondsBox(double value, const QString& objectName, QWidget* parent) {
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(objectName);
    box->setDecimals(3);
    box->setRange(0.001, engine::SessionWatchdog::kMaxSeconds);
    box->setSingleStep(1.0);
    box->setSuffix(QStringLiteral(" s"));
    box->setValue(value);
    return box;
}

} // namespace

WatchdogLimitsDialog::WatchdogLimitsDialog(const engine::SessionWatchdog& limits, QWidget* parent)
    : QDialog(parent)
    , m_initial(limits)
    , m_launch(secondsBox(limits.launchSeconds, QStringLiteral("launchLimitBox"), this))
    , m_build(secondsBox(limits.buildSeconds, QStringLiteral("buildLimitBox"), this)) {
    setObjectName(QStringLiteral("watchdogLimitsDialog"));
    m_shown = {m_launch->value(), m_build->value()};
    setWindowTitle(tr("Watchdog limits"));
    m_launch->setToolTip(tr("A launch running longer ends its device host: the run fails saying "
                            "so, and the next one starts a new host"));
    m_build->setToolTip(tr("A build taking longer ends its device host"));

    auto* explanation = new QLabel(tr("The device host is ended when a step runs past its "
                                      "limit. The limits are saved with the session."),
                                   this);
    explanation->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("Each &launch:"), m_launch);
    form->addRow(tr("A &build:"), m_build);

    auto* buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            &WatchdogLimitsDialog::restoreDefaults);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(explanation);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

engine::SessionWatchdog WatchdogLimitsDialog::limits() const {
    // A box left as it was keeps the session's value exactly (1/3 s shows as 0.333 s).
    engine::SessionWatchdog limits;
    limits.launchSeconds =
        m_launch->value() == m_shown.launchSeconds ? m_initial.launchSeconds : m_launch->value();
    limits.buildSeconds =
        m_build->value() == m_shown.buildSeconds ? m_initial.buildSeconds : m_build->value();
    return limits;
}

void WatchdogLimitsDialog::restoreDefaults() {
    m_launch->setValue(engine::SessionWatchdog::kDefaultLaunchSeconds);
    m_build->setValue(engine::SessionWatchdog::kDefaultBuildSeconds);
}

} // namespace clw::ui
