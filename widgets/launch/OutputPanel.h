#pragma once
// The Output dock (issue 17): what each run's kernels printed with printf, as the device host
// captured it per launch. A run is picked from a list (the latest is shown as it finishes); its
// launches' output follows one another under a header line each. Output is bounded by the host
// (the first and last MiB of a launch); the panel says how much was left out. Read-only.
#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;

namespace clw::ui {

class SessionController;
struct RunRecord;

class OutputPanel : public QWidget {
    Q_OBJECT
public:
    // The controller must outlive the panel.
    explicit OutputPanel(SessionController& controller, QWidget* parent = nullptr);

    // The text shown for the run picked.
    QString text() const;
    // The runs listed, newest last.
    int runCount() const;
    // Shows run `runId`; false when it is not listed.
    bool showRun(int runId);
    // "4 lines", "no printf output", "... 123 bytes left out": for the run picked.
    QString statusText() const;

private:
    void addRun(const RunRecord& record);
    void showPicked();
    void clear();

    QPointer<SessionController> m_controller;
    QComboBox* m_runs = nullptr;
    QPlainTextEdit* m_view = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace clw::ui
