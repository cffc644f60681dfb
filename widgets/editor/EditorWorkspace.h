#pragma once
// The kernel editor as a whole: file tabs with a find bar, the build panel (docked by the main
// window), a status line, and the wiring between them: builds on Ctrl+B, on save and as the
// person types; diagnostics shown in every open file of the build; a click in the list jumps to
// the place; build options remembered per kernel folder (BuildSettingsStore).
#include <QPointer>
#include <QWidget>

#include <functional>
#include <optional>

class QAction;
class QLabel;
class QMenu;
class QKeySequence;
class QSettings;
class QTimer;

namespace clw::ui {

class BuildController;
class CodeFormatter;
class DeviceHosts;
class DocumentOutline;
class LanguageSupport;
class ReferencesPanel;
struct LanguageDevice;
struct LspLocation;
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
    // The language service (clangd) behind the editors, the references it found (a panel for
    // the caller to dock) and the current file's outline (above the tabs).
    LanguageSupport* language() const { return m_language; }
    ReferencesPanel* referencesPanel() const { return m_references; }
    DocumentOutline* outline() const { return m_outline; }
    // The chosen device, whose OpenCL C version and extensions the language service reads with.
    void setLanguageDevice(const LanguageDevice& device);
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
    // Go to definition, find references, go back, complete, format, format on save.
    void addLanguageActions(QMenu* menu) const;

    QAction* saveAction() const { return m_save; }
    QAction* buildAction() const { return m_build; }
    // Checkable: Save formats the file with clang-format first (a session setting, off by
    // default; the main window keeps it in the session).
    QAction* formatOnSaveAction() const { return m_formatOnSave; }

    // Shows a check's findings (file as the session names it) in the open files they are in.
    void showFindings(const QList<BuildDiagnostic>& findings);

Q_SIGNALS:
    // Watch asked in an editor: `expression` at `line` of `file` (as the session names it).
    void watchRequested(const QString& file, int line, const QString& expression);
    // Find references listed places (the main window shows its dock).
    void referencesShown(int count);

public Q_SLOTS:
    void openFiles();
    // Shows the file a build or check names (a session file, or a header's path) at the place.
    void jumpTo(const QString& file, int line, int column);
    bool saveCurrent();
    bool saveCurrentAs();
    void goToLine();
    // F2 / Ctrl+click, Shift+F12, Alt+Left: at the caret of the current tab.
    void goToDefinition();
    // Ctrl+click: at a position of the editor that sent it (else of the current tab).
    void goToDefinitionAt(int position);
    void findReferences();
    void goBack();
    // Formats the current tab with clang-format (Ctrl+Shift+I); one undo step.
    void formatCurrent();

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
    void createLanguageActions();
    void connectLanguage();
    void updateLanguageBuild();
    void refreshOutline();
    void jumpToLocation(const LspLocation& location);
    void rememberPlace();
    void format(KernelEditor* editor, std::function<void()> then);

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
    QList<QAction*> m_languageActions;
    LanguageSupport* m_language;
    ReferencesPanel* m_references;
    DocumentOutline* m_outline;
    CodeFormatter* m_formatter;
    QTimer* m_outlineTimer;
    struct Place {
        QString path;
        int line = 0;
        int column = 0;
    };
    QList<Place> m_back; // where go to definition and references jumped from
    QAction* m_formatOnSave = nullptr;
    QAction* m_save = nullptr;
    QAction* m_build = nullptr;
    QAction* m_live = nullptr;
};

} // namespace clw::ui
