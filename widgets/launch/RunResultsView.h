#pragma once
// The launch panel's results (issue 9): after a run, the kernel's min / median / max time in µs
// and the global and local sizes it ran with; after a work-group-size sweep, a table of the local
// sizes tried with their times, the best and the worst by median marked in words and in colour,
// and a button that puts the best local size into the launch.
#include "models/RunRecord.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace clw::ui {

class RunResultsView : public QWidget {
    Q_OBJECT
public:
    explicit RunResultsView(QWidget* parent = nullptr);

    // A run of the shown launch finished (ok or not).
    void showRun(const RunRecord& record);
    // A sweep of the shown launch finished: the table appears.
    void showSweep(const SweepResult& result);
    // Another launch is shown, or another session: nothing to say yet.
    void clear();
    // While a run goes: says so, and how to stop it; showIdle() puts back what was shown (a
    // finished run's showRun() replaces it anyway).
    void showRunning();
    void showIdle();
    // What the results line says.
    QString text() const;

    // "12.3 µs", "1.50 ms": nanoseconds for people.
    static QString durationText(double ns);

Q_SIGNALS:
    // "Use best" was pressed: the sweep's best local size.
    void useLocalSize(const std::vector<std::uint64_t>& local);

private:
    QLabel* m_label;
    QTableWidget* m_table;
    QPushButton* m_useBest;
    std::vector<std::uint64_t> m_best;
    QString m_idleText; // what the label said before the run began
    bool m_running = false;
};

} // namespace clw::ui
