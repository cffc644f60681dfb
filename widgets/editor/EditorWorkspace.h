#pragma once
// The kernel editor as a whole: file tabs with a find bar, the build panel (docked by the main
// window), a status line, and the wiring between them: builds on Ctrl+B, on save and as the
// person types; diagnostics shown in every open file of the build; a click in the list jumps to
// the place; build options remembered per kernel folder (BuildSettingsStore).
#include <QPointer>
#include <QWidget>

#include <optional>

class QAction;
class QLabel;
class QMenu;
class QKeySequence;
class QSettings;
class QTimer;

namespace clw::ui {

class BuildController;
class DeviceHosts;
class DiagnosticsPanel;
class EditorTabs;
class EngineBridge;
class FindBar;
class KernelEditor;
struct BuildInput;
struct BuildDiagnostic;
struct BuildReport;

class EditorWorkspace : public QWidget {
    Q_OBJECT
public:
    // The bridge, the hosts and the settings must outlive the workspace (builds run in the
    // device hosts, without the binary cache). The panel is created here for the caller to place (a
    // dock); the status label sits under the tabs until the caller moves it (into the status bar).
    EditorWorkspace(EngineBridge& bridge, DeviceHosts& hosts, QSettings& settings,
                    QWidget* parent = nullptr);
    ~EditorWorkspace() override;

    EditorTabs* tabs() const { return m_tabs; }
    FindBar* findBar() const { return m_findBar; }
    DiagnosticsPanel* diagnosticsPanel() const { return m_panel; }
    BuildController* builds() const { return m_builds; }
    QLabel* statusLabel() const { return m_status; }
    // The file a build compiles: the current tab, or the kernel last shown when a header is.
    KernelEditor* mainEditor() const;

    // What a build of the main file would compile now (nullopt when no tab is open).
    std::optional<BuildInput> buildInput() const;
    // Builds the main file now (Ctrl+B); returns the build's generation, 0 when nothing is open.
    quint64 buildNow();
    void setDeviceNames(const QStringList& names);

    // Adds the workspace's actions to the main window's menus. Each action has an object name
    // ("buildAction", "zoomInAction", "toggleCommentAction", ...).
    void addFileActions(QMenu* menu) const;
    void addEditActions(QMenu* menu) const;
    void addBuildActions(QMenu* menu) const;

    QAction* saveAction() const { return m_save; }
    QAction* buildAction() const { return m_build; }

    // Shows a check's findings (file as the session names it) in the open files they are in.
    void showFindings(const QList<BuildDiagnostic>& findings);

Q_SIGNALS:
    // Watch asked in an editor: `expression` at `line` of `file` (as the session names it).
    void watchRequested(const QString& file, int line, const QString& expression);

public Q_SLOTS:
    void openFiles();
    // Shows the file a build or check names (a session file, or a header's path) at the place.
    void jumpTo(const QString& file, int line, int column);
    bool saveCurrent();
    bool saveCurrentAs();
    void goToLine();

private:
    void createActions();
    QAction* makeAction(const QString& text, const QKeySequence& shortcut,
                        void (EditorWorkspace::*slot)(), const char* name);
    void onCurrentChanged(KernelEditor* editor);
    void relayWatch(const QString& expression, int line);
    void onTextEdited();
    void showReport(const BuildReport& report);
    void showStatus(const QString& text, bool problem = false);
    void loadChoices();
    void saveChoices();
    void refreshCompletionWords();
    void zoom(int steps);

    QSettings& m_settings;
    EditorTabs* m_tabs;
    FindBar* m_findBar;
    DiagnosticsPanel* m_panel;
    BuildController* m_builds;
    QLabel* m_status;
    QPointer<KernelEditor> m_lastKernel;
    QPointer<KernelEditor> m_reportMain; // the main file of the build shown
    QString m_choicesKey;                // whose remembered choices the panel shows
    QTimer* m_wordsTimer;
    int m_zoom = 0;
    QList<QAction*> m_fileActions;
    QList<QAction*> m_editActions;
    QList<QAction*> m_buildActions;
    QAction* m_save = nullptr;
    QAction* m_build = nullptr;
    QAction* m_live = nullptr;
};

} // namespace clw::ui
