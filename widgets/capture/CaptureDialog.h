#pragma once
// File > Capture from program... (issue 62): runs a person's program under the capture layer and
// opens what it captured. Above, the command line, working folder, environment, the kernels and
// launches to catch and where the sessions go; Capture and Stop, and while it runs the calls,
// launches seen and captured and bytes written. Below, three tabs: the captured launches (kernel,
// launches, sizes, device, time on the device; a double click or Open session opens one), what
// the program and the capture printed, and the program's timeline on the device.
#include "capture/CaptureProcess.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace clw::ui {

class EngineBridge;
class TimelineView;

class CaptureDialog : public QDialog {
    Q_OBJECT
public:
    // `workbench`: the clworkbench executable that captures (CaptureProcess).
    CaptureDialog(EngineBridge& bridge, QString workbench, QWidget* parent = nullptr);

    // The form as a request (what Capture runs).
    CaptureRequest request() const;
    void setRequest(const CaptureRequest& request);

    CaptureProcess& process() { return m_process; }
    QPushButton* captureButton() const { return m_capture; }
    QPushButton* stopButton() const { return m_stop; }
    QPushButton* openButton() const { return m_open; }
    QTableWidget* launchTable() const { return m_table; }
    QPlainTextEdit* outputView() const { return m_output; }
    TimelineView* timeline() const { return m_timeline; }
    QLabel* statusLabel() const { return m_status; }
    QTabWidget* tabs() const { return m_tabs; }
    // The sessions listed, in the table's order.
    const std::vector<CapturedEntry>& entries() const { return m_entries; }

public Q_SLOTS:
    void startCapture();
    void stopCapture();
    // Opens the session of the table's current row.
    void openSelected();

Q_SIGNALS:
    // A captured session to open in the workbench.
    void sessionChosen(const QString& path);
    // The program's timeline is shown (or could not be read: the status says why).
    void timelineLoaded();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildForm();
    void showProgress(const CaptureProgress& progress);
    void showResult(const std::optional<CaptureResult>& result, const QString& problem);
    void fillTable(const CaptureResult& result);
    void loadTimeline(const QString& path);
    void setRunning(bool running);

    EngineBridge& m_bridge;
    CaptureProcess m_process;
    QLineEdit* m_program = nullptr;
    QLineEdit* m_arguments = nullptr;
    QLineEdit* m_folder = nullptr;
    QPlainTextEdit* m_environment = nullptr;
    QLineEdit* m_kernels = nullptr;
    QComboBox* m_launch = nullptr;
    QLineEdit* m_maxBytes = nullptr;
    QLineEdit* m_out = nullptr;
    QPushButton* m_capture = nullptr;
    QPushButton* m_stop = nullptr;
    QPushButton* m_open = nullptr;
    QProgressBar* m_busy = nullptr;
    QLabel* m_counts = nullptr;
    QLabel* m_status = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableWidget* m_table = nullptr;
    QPlainTextEdit* m_output = nullptr;
    TimelineView* m_timeline = nullptr;
    std::vector<CapturedEntry> m_entries;
};

} // namespace clw::ui
