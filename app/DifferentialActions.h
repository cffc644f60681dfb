#pragma once
// "Run on two devices..." in the workbench (issue 19): the launch panel's action asks for the two
// devices (the session's and Oclgrind, to begin with) and the tolerances, runs the session on
// both at once through a DifferentialController (device hosts of the run's own, on a bridge
// worker), and shows the comparison in the buffer inspector's Diff tab.
#include "clw/engine/inspect/ToleranceRules.h"

#include <QObject>
#include <QString>

#include <functional>

namespace clw::ui {
class BufferInspector;
class DifferentialController;
class LaunchPanel;
class TwoDevicesDialog;
} // namespace clw::ui

namespace clw::app {

class WorkbenchContext;

class DifferentialActions : public QObject {
    Q_OBJECT
public:
    // `report` says a line in the status bar and the log; `raise` shows the inspector's dock.
    DifferentialActions(WorkbenchContext& context, ui::LaunchPanel& panel,
                        ui::BufferInspector& inspector, std::function<void(const QString&)> report,
                        std::function<void()> raise, QObject* parent = nullptr);

    ui::DifferentialController* controller() const { return m_controller; }
    // Opens the dialog (window-modal, not blocking; it deletes itself when closed); its Run
    // starts. Null while a run on two devices is in progress.
    ui::TwoDevicesDialog* ask();
    // Runs the session on `tested` and `reference` (device choices, as --device takes them).
    bool start(const QString& tested, const QString& reference, engine::ToleranceRules rules);
    // The devices the dialog offers first: the session's, and the first Oclgrind device.
    QString defaultTested() const;
    QString defaultReference() const;

private:
    WorkbenchContext& m_context;
    ui::BufferInspector& m_inspector;
    std::function<void(const QString&)> m_report;
    std::function<void()> m_raise;
    ui::DifferentialController* m_controller;
    QString m_tolerances = QStringLiteral("exact"); // as last typed
};

} // namespace clw::app
