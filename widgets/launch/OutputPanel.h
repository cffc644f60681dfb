#pragma once
// The Output dock (issue 17): what each run's kernels printed with printf, as the device host
// captured it per launch. A run is picked from a list (the latest is shown as it finishes).
// Output is bounded by the host (the first and last MiB of a launch); the panel says how much
// was left out. Read-only.
//
// printf per work-item (issue 19): each line shows the global id of the work-item that printed
// it; a filter keeps one work-item's lines ("3, 1") or one work-group's ("group 2"), and "Group
// by work-item" puts each work-item's lines under it. Clicking a line (or a work-item's group)
// chooses its work-item: workItemChosen, which the workbench hands to the Watch dock and to the
// debugger.
#include "models/RunRecord.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace clw::ui {

class SessionController;

class OutputPanel : public QWidget {
    Q_OBJECT
public:
    enum Column { WorkItemColumn, TextColumn };

    // The controller must outlive the panel.
    explicit OutputPanel(SessionController& controller, QWidget* parent = nullptr);

    // The text of the lines shown for the run picked (filtered), one a line, without their
    // work-items.
    QString text() const;
    // The runs listed, newest last.
    int runCount() const;
    // Shows run `runId`; false when it is not listed.
    bool showRun(int runId);
    // "4 lines", "2 of 4 lines", "no printf output", "... 123 bytes left out", or what is wrong
    // with the filter: for the run picked.
    QString statusText() const;

    QTreeWidget* lines() const { return m_view; }
    QLineEdit* filterEdit() const { return m_filter; }
    QCheckBox* groupToggle() const { return m_group; }

Q_SIGNALS:
    // A line printed by a work-item, or a work-item's group, was clicked.
    void workItemChosen(const clw::engine::CheckIds& globalId);

private:
    void addRun(const RunRecord& record);
    void showPicked();
    void clear();
    void choose(QTreeWidgetItem* item);

    QPointer<SessionController> m_controller;
    QComboBox* m_runs = nullptr;
    QLineEdit* m_filter = nullptr;
    QCheckBox* m_group = nullptr;
    QTreeWidget* m_view = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace clw::ui
