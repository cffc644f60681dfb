#include "DebugActions.h"

#include "bridge/HostBufferSource.h"
#include "debug/DebugController.h"
#include "debug/DebuggerPanel.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "inspector/BufferInspector.h"
#include "launch/SessionController.h"
#include "models/SummaryLine.h"

#include <QAction>
#include <QKeySequence>
#include <QMenu>

namespace clw::app {

DebugActions::DebugActions(ui::EngineBridge& bridge, ui::SessionController& session,
                           ui::EditorWorkspace& workspace, ui::DebuggerPanel& panel,
                           ui::BufferInspector& inspector,
                           std::function<void(const QString&)> report, std::function<void()> raise,
                           QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_workspace(workspace)
    , m_panel(panel)
    , m_inspector(inspector)
    , m_report(std::move(report))
    , m_raise(std::move(raise))
    , m_controller(new ui::DebugController(bridge, this)) {
    m_debug = makeAction(tr("&Debug / Step over"), "debugAction", QKeySequence(Qt::Key_F10),
                         &DebugActions::debugOrStepOver);
    m_debug->setToolTip(tr("Run the session on Oclgrind and stop the followed work-item at the "
                           "editor's breakpoints; while paused, step over (F10)"));
    m_stepInto = makeAction(tr("Step &into"), "stepIntoAction", QKeySequence(Qt::Key_F11),
                            &DebugActions::stepInto);
    m_stepOut = makeAction(tr("Step o&ut"), "stepOutAction", QKeySequence(Qt::SHIFT | Qt::Key_F11),
                           &DebugActions::stepOut);
    m_continue = makeAction(tr("C&ontinue"), "continueAction", QKeySequence(Qt::CTRL | Qt::Key_F5),
                            &DebugActions::continueRun);
    m_toBarrier =
        makeAction(tr("Continue to the next &barrier"), "toBarrierAction",
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5), &DebugActions::toBarrier);
    m_stop = makeAction(tr("Stop debu&gging"), "stopDebugAction",
                        QKeySequence(Qt::SHIFT | Qt::Key_F5), &DebugActions::stop);
    m_toggleBreakpoint =
        makeAction(tr("Toggle &breakpoint"), "toggleBreakpointAction", QKeySequence(Qt::Key_F9),
                   &DebugActions::toggleBreakpointAtCaret);
    m_toggleBreakpoint->setToolTip(tr("Set or clear a breakpoint on the caret's line of the "
                                      "kernel (F9; a click on a line's number does the same)"));
    m_panel.addDebugActions({m_debug, m_stepInto, m_stepOut, m_continue, m_toBarrier, m_stop});

    connect(m_controller, &ui::DebugController::paused, this, &DebugActions::showStop);
    connect(m_controller, &ui::DebugController::resumed, this, [this] {
        if (ui::KernelEditor* editor = m_workspace.mainEditor())
            editor->showExecutionLine(0);
        showState(tr("Running..."));
        updateActions();
    });
    connect(m_controller, &ui::DebugController::problem, this, [this](const QString& message) {
        m_problems << message;
        showState(tr("Running..."));
        m_report(tr("Debug: %1").arg(message));
    });
    connect(m_controller, &ui::DebugController::kernelFinished, this,
            [this](const QString& kernel) {
                showState(tr("%1 finished; the run goes on with the next launch").arg(kernel));
            });
    connect(m_controller, &ui::DebugController::ended, this, [this](const QString& failure) {
        if (ui::KernelEditor* editor = m_workspace.mainEditor())
            editor->showExecutionLine(0);
        showState(failure.isEmpty() ? tr("The debug run ended.") : failure);
        if (!failure.isEmpty())
            m_report(tr("Debug: %1").arg(ui::summaryLine(failure)));
        updateActions();
    });
    connect(m_controller, &ui::DebugController::started, this, &DebugActions::updateActions);
    connect(&m_panel, &ui::DebuggerPanel::followRequested, this,
            [this](const engine::CheckIds& workItem) {
                if (m_controller->isPaused())
                    m_controller->follow(workItem);
            });
    updateActions();
}

QAction* DebugActions::makeAction(const QString& text, const char* name, const QKeySequence& keys,
                                  void (DebugActions::*slot)()) {
    auto* action = new QAction(text, this);
    action->setObjectName(QLatin1String(name));
    action->setShortcut(keys);
    connect(action, &QAction::triggered, this, slot);
    return action;
}

void DebugActions::addTo(QMenu* menu) const {
    menu->addActions({m_debug, m_stepInto, m_stepOut, m_continue, m_toBarrier, m_stop});
}

void DebugActions::toggleBreakpointAtCaret() {
    ui::KernelEditor* editor = m_workspace.mainEditor();
    if (!editor)
        return;
    int line = 0, index = 0;
    editor->getCursorPosition(&line, &index);
    editor->toggleBreakpoint(line + 1);
}

void DebugActions::updateActions() {
    const bool paused = m_controller->isPaused();
    m_debug->setEnabled(!m_controller->isRunning() || paused);
    for (QAction* action : {m_stepInto, m_stepOut, m_continue, m_toBarrier})
        action->setEnabled(paused);
    m_stop->setEnabled(m_controller->isRunning());
    if (m_debugging != m_controller->isRunning()) {
        m_debugging = m_controller->isRunning();
        Q_EMIT debuggingChanged(m_debugging);
    }
}

void DebugActions::debugOrStepOver() {
    if (m_controller->isPaused()) {
        m_controller->stepOver();
        return;
    }
    if (m_controller->isRunning())
        return;
    ui::KernelEditor* main = m_workspace.mainEditor();
    const QList<int> lines = main ? main->breakpoints() : QList<int>{};
    if (lines.isEmpty()) {
        m_panel.showMessage(tr("No breakpoint: click the left margin of the editor beside a "
                               "line to set one, then Debug (F10)."));
        m_raise();
        return;
    }
    // A group and local id are counted over the first launch's work-group size.
    const std::vector<std::uint64_t> local = m_session.session().launches.empty()
                                                 ? std::vector<std::uint64_t>{}
                                                 : m_session.session().launches.front().local;
    m_panel.setWorkGroupSize(local);
    QString problem;
    const auto workItem = m_panel.workItem(problem);
    if (!workItem) {
        m_panel.showMessage(problem);
        m_raise();
        return;
    }
    const QString file = m_workspace.tabs()->sourceName(main, main);
    m_problems.clear();
    if (m_controller->start(m_session.session(), m_session.folder().toStdU16String(), file, lines,
                            *workItem)) {
        m_panel.showRunning(tr("Debugging on Oclgrind: breakpoints at lines %1...").arg([&] {
            QStringList text;
            for (int line : lines)
                text << QString::number(line);
            return text.join(QStringLiteral(", "));
        }()));
        m_raise();
    }
}

QString DebugActions::inspectorName(const QString& name, bool local) {
    return local ? tr("debug: %1 (__local)").arg(name) : tr("debug: %1").arg(name);
}

void DebugActions::showState(const QString& text) {
    m_panel.showMessage(m_problems.isEmpty()
                            ? text
                            : m_problems.join(QLatin1Char('\n')) + QLatin1Char('\n') + text);
}

void DebugActions::showStop(const ui::DebugStop& stop) {
    // The buffers and the group's __local memory as they are now, beside the run's own; a
    // session buffer keeps its element type.
    for (const ui::DebugMemory& memory : stop.memory) {
        std::optional<engine::ElementFormat> format;
        if (const engine::SessionBuffer* buffer =
                m_session.session().findBuffer(memory.name.toStdString())) {
            engine::ElementFormat typed;
            typed.type = buffer->elementType;
            format = typed;
        }
        m_inspector.addBuffer(
            inspectorName(memory.name, memory.local),
            std::make_shared<ui::HostBufferSource>(
                std::vector<unsigned char>(memory.bytes.begin(), memory.bytes.end()),
                "paused at line " + std::to_string(stop.line)),
            format, false);
    }
    m_workspace.jumpTo(stop.file, stop.line, stop.column);
    if (ui::KernelEditor* editor = m_workspace.mainEditor())
        editor->showExecutionLine(stop.line);
    m_panel.showStop(stop);
    m_raise();
    updateActions();
}

void DebugActions::stepInto() {
    m_controller->stepInto();
}

void DebugActions::stepOut() {
    m_controller->stepOut();
}

void DebugActions::continueRun() {
    m_controller->continueRun();
}

void DebugActions::toBarrier() {
    m_controller->toBarrier();
}

void DebugActions::stop() {
    m_controller->stop();
}

} // namespace clw::app
