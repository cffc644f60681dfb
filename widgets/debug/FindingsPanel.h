#pragma once
// The Findings dock (issue 18): a check's progress with Cancel, then its findings one a row
// (kind, place, launch, work-items, what), and for the one selected its launch's ND-range with
// the work-items involved filled (NdRangeGrid). Selecting a finding asks to show its place.
#include "clw/engine/debug/CheckReport.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace clw::ui {

class NdRangeGrid;

class FindingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit FindingsPanel(QWidget* parent = nullptr);

    void setRunning(bool running);
    void setProgress(const QString& kernel, qint64 done, qint64 total);
    // `shrunk`: the launches checked on a smaller range than the session's, as said.
    void setReport(const engine::CheckReport& report, const QString& device,
                   const QStringList& shrunk = {});
    void setFailure(const QString& message);

    int findingCount() const { return int(m_findings.size()); }
    const engine::CheckFinding* currentFinding() const;
    // Selects the next (or previous) finding, wrapping; false when there is none (F8).
    bool showNext(bool forward);
    void select(int index);

    QTreeWidget* list() const { return m_list; }
    NdRangeGrid* grid() const { return m_grid; }
    QString statusText() const;

Q_SIGNALS:
    void cancelRequested();
    void jumpRequested(const QString& file, int line, int column);

private:
    void showCurrent();

    struct Entry {
        engine::CheckFinding finding;
        const engine::CheckedLaunch* launch = nullptr;
    };
    engine::CheckReport m_report;
    std::vector<Entry> m_findings;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QTreeWidget* m_list;
    QLabel* m_gridLabel;
    NdRangeGrid* m_grid;
};

} // namespace clw::ui
