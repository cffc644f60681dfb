#pragma once
// The history of the session's runs (issue 9, point 3): a table of every run with its
// configuration and times, the timeline of the selected runs (or of the latest run), and two
// actions: restore a run's configuration into its launch, and compare two runs (what differs in
// their configurations and the ratio of their median times).
#include "models/RunRecord.h"

#include <QList>
#include <QPointer>
#include <QWidget>

class QItemSelection;
class QLabel;
class QPushButton;
class QSplitter;
class QTableView;

namespace clw::engine {
struct KernelSignature;
}

namespace clw::ui {

class RunHistoryModel;
class SessionController;
class TimelineView;

class HistoryPanel : public QWidget {
    Q_OBJECT
public:
    // Follows the controller's history (sessionOpened, runFinished, historyChanged) and restores
    // through it. The controller must outlive the panel.
    explicit HistoryPanel(SessionController& controller, QWidget* parent = nullptr);
    // A panel with no controller: its model is filled by its owner, and restoreRequested is all
    // that "Restore configuration" does.
    explicit HistoryPanel(QWidget* parent = nullptr);

    RunHistoryModel* model() const { return m_model; }
    TimelineView* timeline() const { return m_timeline; }
    // The run ids of the selected rows, oldest first.
    QList<int> selectedRunIds() const;
    // What the comparison pane shows for runs `a` and `b` (the earlier first): the configuration
    // fields that differ (kernel, device, global, local, offset, repeats, arguments; named from
    // `signature` when given) and the ratio of their median times.
    static QString comparisonText(const RunRecord& a, const RunRecord& b,
                                  const engine::KernelSignature* signature = nullptr);

public Q_SLOTS:
    // Selects the row of a run (and shows it on the timeline); no-op for an unknown id.
    void selectRun(int runId);
    // Restores the configuration of the one selected run.
    void restoreSelected();
    // Compares the two selected runs in the comparison pane.
    void compareSelected();
    // Takes the controller's history again (no-op without a controller).
    void syncHistory();

Q_SIGNALS:
    // "Restore configuration" for a run; with a controller, it has restored it already.
    void restoreRequested(int runId);

private:
    void build();
    void selectionChanged();
    // Shows the selected runs (with the other records of their session runs) on the timeline, or
    // the latest run when nothing is selected.
    void updateTimeline();

    QPointer<SessionController> m_controller;
    RunHistoryModel* m_model = nullptr;
    QSplitter* m_splitter = nullptr;
    TimelineView* m_timeline = nullptr;
    QTableView* m_table = nullptr;
    QPushButton* m_restore = nullptr;
    QPushButton* m_compare = nullptr;
    QLabel* m_comparison = nullptr;
    // The run ids the timeline shows, to tell whether a selection needs new records.
    QList<int> m_shownRuns;
    // The history was replaced: the timeline shows records of another history.
    bool m_timelineStale = false;
};

} // namespace clw::ui
