#pragma once
// The workbench window (issue 9 point 4): docks for the kernel editor, the Welcome page, the
// launch panel, the buffer inspector, the device browser, the diagnostics, the run history with
// its timeline, and the log, in a layout that is remembered; the session's device in the status
// bar with progress and cancel for long work; menus and shortcuts for the session, build, run and
// the next diagnostic.
#include <QMainWindow>
#include <QTimer>

class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QsciScintilla;

#include "clw/engine/debug/WatchRequest.h"

#include <optional>

namespace clw::engine {
struct CheckReport;
struct WatchReport;
} // namespace clw::engine

namespace clw::ui {
class BufferInspector;
class CaptureDialog;
class CheckController;
class DeviceBrowserPanel;
class EditorWorkspace;
class FindingsPanel;
class WatchPanel;
class DebuggerPanel;
class HistoryPanel;
class LaunchPanel;
class LiveRunner;
class LogPanel;
class OutputPanel;
} // namespace clw::ui

namespace clw::app {

class DebugActions;
class SessionWorkflow;
class WelcomePage;
class WorkbenchContext;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // Version of the saved window layout: a layout of another version is not restored.
    static constexpr int kLayoutVersion =
        5; // 3: the Findings dock; 4: Watch, Debugger; 5: References

    // The context must outlive the window. Opens the vector-add sample as an unsaved session
    // and shows the Welcome page.
    explicit MainWindow(WorkbenchContext& context, QWidget* parent = nullptr);
    ~MainWindow() override;

    // The editor of the file builds compile (a ui::KernelEditor).
    QsciScintilla* kernelEditor() const;
    ui::EditorWorkspace* editorWorkspace() const { return m_workspace; }
    ui::DeviceBrowserPanel* deviceBrowser() const { return m_deviceBrowser; }
    ui::BufferInspector* bufferInspector() const { return m_bufferInspector; }
    ui::LaunchPanel* launchPanel() const { return m_launchPanel; }
    ui::HistoryPanel* historyPanel() const { return m_historyPanel; }
    ui::LogPanel* logPanel() const { return m_logPanel; }
    ui::OutputPanel* outputPanel() const { return m_outputPanel; }
    WelcomePage* welcomePage() const { return m_welcome; }
    SessionWorkflow* sessions() const { return m_sessions; }
    ui::LiveRunner* liveRunner() const { return m_live; }
    ui::FindingsPanel* findingsPanel() const { return m_findings; }
    ui::WatchPanel* watchPanel() const { return m_watchPanel; }
    ui::DebuggerPanel* debuggerPanel() const { return m_debuggerPanel; }
    DebugActions* debugActions() const { return m_debugActions; }
    // File > Capture from program...: the one window, made at its first use (null before).
    ui::CaptureDialog* captureDialog() const { return m_captureDialog; }
    void showCaptureDialog();
    // Watch `expression` at `line` of `file` (the session's name; empty: the main file), at
    // each work-item's `pass`-th pass (0: the last): a debug run on Oclgrind. False when a check
    // or watch runs already.
    bool startWatch(const QString& file, int line, const QString& expression, int pass = 0);
    // The status bar's device line ("Device: ...").
    QString deviceStatus() const;

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QDockWidget* addDock(const QString& title, const QString& objectName, QWidget* content,
                         Qt::DockWidgetArea area);
    void arrangeDocks();
    void createEditor();
    void createPanels();
    void createStatusBar();
    void createMenus();
    // The toolbar: live mode's toggle and Pin.
    void createToolBar();
    void createCheck();
    void startCheck();
    // The most work-items a launch is checked with unless the person says otherwise: Oclgrind
    // interprets each one.
    static constexpr std::uint64_t kCheckWorkItems = 16384;
    void showCheckReport(const engine::CheckReport& report, const QString& device);
    void watchAtCaret();
    // The live toggle was pressed: asks first when the launches are slow (issue 21).
    void toggleLive(bool on);
    void askToGoLive(double costMs);
    void createSessionMenu(QMenu* file);
    void fillRecentMenu();
    void restoreLayout();
    void saveLayout();
    void showDevices();
    void chooseDevice(int index);
    // Run > Watchdog limits...: the session's limits in a dialog; OK edits the session.
    void editWatchdogLimits();
    void showProbeError(const QString& message);
    void showBuffers(const QStringList& names);
    void showSessionOpened();
    void updateTitle();
    void showBusy(bool busy);
    void revealBusy();
    void showProgress(const QString& what, int done, int total);
    void raiseDock(const char* objectName);

    WorkbenchContext& m_context;
    ui::EditorWorkspace* m_workspace = nullptr;
    ui::DeviceBrowserPanel* m_deviceBrowser = nullptr;
    ui::BufferInspector* m_bufferInspector = nullptr;
    ui::LaunchPanel* m_launchPanel = nullptr;
    ui::HistoryPanel* m_historyPanel = nullptr;
    ui::LogPanel* m_logPanel = nullptr;
    WelcomePage* m_welcome = nullptr;
    SessionWorkflow* m_sessions = nullptr;
    ui::CaptureDialog* m_captureDialog = nullptr;
    QMenu* m_runMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_deviceStatus = nullptr;
    QComboBox* m_deviceCombo = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_stop = nullptr;
    QLabel* m_watchdog = nullptr;
    ui::OutputPanel* m_outputPanel = nullptr;
    ui::LiveRunner* m_live = nullptr;
    QAction* m_liveAction = nullptr;
    QLabel* m_liveStatus = nullptr;
    ui::CheckController* m_checks = nullptr;
    ui::FindingsPanel* m_findings = nullptr;
    QAction* m_checkAction = nullptr;
    QStringList m_checkShrunk; // the ranges the check in progress shrank
    ui::WatchPanel* m_watchPanel = nullptr;
    ui::DebuggerPanel* m_debuggerPanel = nullptr;
    DebugActions* m_debugActions = nullptr;
    std::optional<engine::WatchRequest> m_watch;     // the watch running
    std::optional<engine::WatchRequest> m_lastWatch; // the one shown
    // A run's progress, Cancel, Stop and countdown show once it has lasted a moment, and live
    // mode's "running" once a live run has: a run that ends sooner (a live one, as the person
    // types) changes nothing in the status bar, whose every change lays out the whole window.
    QTimer m_busyReveal;
    QTimer m_liveRunningReveal;
    int m_watchdogSeconds = -1;
};

} // namespace clw::app
