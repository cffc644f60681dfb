#include "DifferentialActions.h"

#include "WorkbenchContext.h"

#include "inspector/BufferInspector.h"
#include "launch/DifferentialController.h"
#include "launch/LaunchPanel.h"
#include "launch/SessionController.h"
#include "launch/TwoDevicesDialog.h"

#include <QAction>

namespace clw::app {

DifferentialActions::DifferentialActions(WorkbenchContext& context, ui::LaunchPanel& panel,
                                         ui::BufferInspector& inspector,
                                         std::function<void(const QString&)> report,
                                         std::function<void()> raise, QObject* parent)
    : QObject(parent)
    , m_context(context)
    , m_inspector(inspector)
    , m_report(std::move(report))
    , m_raise(std::move(raise))
    , m_controller(new ui::DifferentialController(context.bridge(), this)) {
    connect(panel.twoDevicesAction(), &QAction::triggered, this, [this] { ask(); });
    connect(m_controller, &ui::DifferentialController::finished, this,
            [this](std::shared_ptr<const ui::DifferentialOutcome> outcome) {
                for (const ui::DifferentialSideOutcome* side : {&outcome->a, &outcome->b})
                    if (!side->run.failure.empty())
                        m_report(tr("Run on two devices: the run on %1 failed: %2")
                                     .arg(QString::fromStdString(side->run.device),
                                          QString::fromStdString(side->run.failure)));
                if (outcome->comparison) {
                    const size_t differing = outcome->comparison->differingBuffers();
                    m_report(differing == 0
                                 ? tr("Run on two devices: every buffer within its tolerance")
                                 : tr("Run on two devices: %1 of %2 buffers differ")
                                       .arg(differing)
                                       .arg(outcome->comparison->buffers().size()));
                }
                m_inspector.showDifferential(std::move(outcome));
                m_raise();
            });
    connect(
        m_controller, &ui::DifferentialController::failed, this,
        [this](const QString& message) { m_report(tr("Run on two devices: %1").arg(message)); });
}

QString DifferentialActions::defaultTested() const {
    const QString chosen = m_context.session().deviceName();
    if (!chosen.isEmpty())
        return chosen;
    const ui::DeviceEntry* device = m_context.devices().defaultDevice();
    return device ? device->name : QString();
}

QString DifferentialActions::defaultReference() const {
    for (const ui::DeviceEntry& device : m_context.devices().allDevices())
        if (device.platformName.contains(QLatin1String("Oclgrind"), Qt::CaseInsensitive))
            return device.name;
    return QStringLiteral("Oclgrind");
}

ui::TwoDevicesDialog* DifferentialActions::ask() {
    if (m_controller->isRunning())
        return nullptr;
    QStringList devices;
    for (const ui::DeviceEntry& device : m_context.devices().allDevices())
        devices << device.name;
    auto* dialog = new ui::TwoDevicesDialog(devices, defaultTested(), defaultReference(),
                                            m_inspector.window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setToleranceText(m_tolerances);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        QString problem;
        m_tolerances = dialog->toleranceText();
        if (const auto rules = ui::TwoDevicesDialog::readTolerances(m_tolerances, problem))
            start(dialog->testedDevice(), dialog->referenceDevice(), *rules);
        else
            m_report(tr("Run on two devices: %1").arg(problem));
    });
    dialog->open();
    return dialog;
}

bool DifferentialActions::start(const QString& tested, const QString& reference,
                                engine::ToleranceRules rules) {
    const ui::SessionController& session = m_context.session();
    const QString label = session.filePath().isEmpty() ? tr("the session") : session.filePath();
    ui::DifferentialSide a;
    a.session = session.session();
    a.folder = session.folder().toStdU16String();
    a.label = label.toStdString();
    a.device = tested.toStdString();
    ui::DifferentialSide b = a;
    b.device = reference.toStdString();
    if (!m_controller->start(std::move(a), std::move(b), std::move(rules)))
        return false;
    m_report(tr("Running on %1 and %2...").arg(tested, reference));
    return true;
}

} // namespace clw::app
