#pragma once
// The workbench's debugger commands (issue 18): Debug (F10; step over while paused), Step into
// (F11), Step out (Shift+F11), Continue (Ctrl+F5), Continue to the next barrier (Ctrl+Shift+F5)
// and Stop debugging (Shift+F5), over a DebugController, with where the run is paused shown in
// the editor (the line marked) and in the Debugger dock (its locals).
#include <QObject>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;

namespace clw::ui {
class BufferInspector;
class DebugController;
class DebuggerPanel;
class EditorWorkspace;
class EngineBridge;
class SessionController;
struct DebugStop;
} // namespace clw::ui

namespace clw::app {

class DebugActions : public QObject {
    Q_OBJECT
public:
    // `report` shows a line in the status bar and the log; `raise` shows the Debugger dock.
    DebugActions(ui::EngineBridge& bridge, ui::SessionController& session,
                 ui::EditorWorkspace& workspace, ui::DebuggerPanel& panel,
                 ui::BufferInspector& inspector, std::function<void(const QString&)> report,
                 std::function<void()> raise, QObject* parent = nullptr);

    void addTo(QMenu* menu) const;
    ui::DebugController* controller() const { return m_controller; }
    QAction* debugAction() const { return m_debug; }
    // F9: a breakpoint on the caret's line of the kernel's main file, or none there any more.
    QAction* toggleBreakpointAction() const { return m_toggleBreakpoint; }
    // Step into / out, Continue, Continue to the next barrier and Stop debugging (Debug is step
    // over while paused).
    QList<QAction*> steppingActions() const {
        return {m_stepInto, m_stepOut, m_continue, m_toBarrier, m_stop};
    }

Q_SIGNALS:
    // A debug run began (true) or ended (false).
    void debuggingChanged(bool debugging);

public:
    // The inspector's name of a buffer a pause showed: "debug: out", "debug: tile (__local)".
    static QString inspectorName(const QString& name, bool local);

    // Debug (F10): starts a debug run, or steps over while paused.
    void debugOrStepOver();

private:
    void showStop(const ui::DebugStop& stop);
    // `text` under the problems the run has said so far, which stay in view until it ends.
    void showState(const QString& text);
    void updateActions();
    QAction* makeAction(const QString& text, const char* name, const QKeySequence& keys,
                        void (DebugActions::*slot)());
    void toggleBreakpointAtCaret();
    void stepInto();
    void stepOut();
    void continueRun();
    void toBarrier();
    void stop();

    ui::SessionController& m_session;
    ui::EditorWorkspace& m_workspace;
    ui::DebuggerPanel& m_panel;
    ui::BufferInspector& m_inspector;
    std::function<void(const QString&)> m_report;
    std::function<void()> m_raise;
    ui::DebugController* m_controller;
    QAction* m_debug;
    QAction* m_stepInto;
    QAction* m_stepOut;
    QAction* m_continue;
    QAction* m_toBarrier;
    QAction* m_stop;
    QAction* m_toggleBreakpoint;
    bool m_debugging = false;
    QStringList m_problems; // of the run in progress
};

} // namespace clw::app
