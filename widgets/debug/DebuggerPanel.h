#pragma once
// The Debugger dock (issue 18): the work-item a debug run follows (by global id, "5" or "3, 1";
// changeable while paused), the debugger's buttons, where it is paused and why, and the Locals:
// the followed work-item's variables with their types and values, vectors and arrays expanded.
#include "debug/DebugController.h"

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QToolBar;
class QTreeWidget;

namespace clw::ui {

class DebuggerPanel : public QWidget {
    Q_OBJECT
public:
    explicit DebuggerPanel(QWidget* parent = nullptr);

    void addDebugActions(const QList<QAction*>& actions);
    // The global id typed ("5", "3, 1"), or worked out from a group and local id typed
    // ("group 2 local 5", over setWorkGroupSize's size); nullopt with `problem` saying what
    // is wrong.
    std::optional<engine::CheckIds> workItem(QString& problem) const;
    void setWorkGroupSize(std::vector<std::uint64_t> local) { m_workGroupSize = std::move(local); }
    // Follows another work-item, as if its global id were typed: "5", "3, 1" (followRequested).
    void setWorkItem(const engine::CheckIds& workItem);
    void showRunning(const QString& text);
    void showStop(const DebugStop& stop);
    void showMessage(const QString& text);

    QString statusText() const;
    QTreeWidget* locals() const { return m_locals; }
    QLineEdit* workItemEdit() const { return m_workItem; }
    // The value a local shows ("5", "1, 2, 3, 4"), empty when there is none of that name.
    QString localValue(const QString& name) const;

Q_SIGNALS:
    // The person typed another work-item while paused.
    void followRequested(const clw::engine::CheckIds& workItem);

private:
    QLineEdit* m_workItem;
    QToolBar* m_bar;
    QLabel* m_status;
    QTreeWidget* m_locals;
    std::vector<std::uint64_t> m_workGroupSize;
};

} // namespace clw::ui
