#pragma once
// Opening, saving and recovering sessions in the workbench (issue 9 point 1): New, Open, Save,
// Save as, Open recent, the samples, autosave every minute beside the session and recovery after
// a crash. It keeps the kernel editor and the session's sources in step: opening a session puts
// its files in the editor's tabs; edits in the tabs (and the build options) go into the session.
//
// A session that does not read opens nothing: the one open stays as it was and the error says
// what is wrong with the file.
#include <QMessageBox>
#include <QObject>
#include <QString>

#include <functional>

class QSettings;
class QTimer;
class QWidget;

namespace clw::engine {
struct Session;
}

namespace clw::ui {
class EditorWorkspace;
class SessionController;
} // namespace clw::ui

namespace clw::app {

class SessionWorkflow : public QObject {
    Q_OBJECT
public:
    // Asks the person a question; injectable so that tests answer without a dialog.
    using Question = std::function<QMessageBox::StandardButton(
        const QString& title, const QString& text, QMessageBox::StandardButtons buttons)>;
    // Asks for a session file to open (save = false) or save as (save = true); empty: cancelled.
    using FileChooser = std::function<QString(bool save, const QString& suggestion)>;

    static constexpr int kAutosaveIntervalMs = 60 * 1000;

    SessionWorkflow(ui::SessionController& controller, ui::EditorWorkspace& editor,
                    QSettings& settings, QWidget* dialogParent);
    ~SessionWorkflow() override;

    void setQuestion(Question question) { m_question = std::move(question); }
    // Asks through the question (a dialog unless a test set one).
    QMessageBox::StandardButton ask(const QString& title, const QString& text,
                                    QMessageBox::StandardButtons buttons);
    void setFileChooser(FileChooser chooser) { m_chooser = std::move(chooser); }

    // A new session holding one kernel file.
    void newSession(const QString& kernelText = {}, const QString& kernelName = {});
    // Opens a .clwb (asking for one when `path` is empty), after asking to save the open one.
    // Offers the autosave when it is newer than the file. False when nothing was opened.
    bool open(const QString& path = {});
    // Opens a sample embedded in the application (":/samples/vector_add.clwb") as a new, unsaved
    // session.
    bool openSample(const QString& resourcePath);
    bool save();
    // Saves under a new name (asking when `path` is empty); the session's data files go along.
    bool saveAs(const QString& path = {});
    // Asks to save a modified session: false when the person cancelled.
    bool maybeSave();
    // At start: offers the autosave of a session that was never saved, if one was left behind.
    bool recoverUntitled();
    // Writes the autosave now (the timer calls it every minute while the session is modified).
    bool autosave();
    // Where the open session's autosave goes.
    QString autosavePath() const;

    // The session's title for the window: its file name, or its title, with "*" when modified.
    QString displayName() const;

Q_SIGNALS:
    void opened(const QString& path);
    void saved(const QString& path);
    // Something the person must see (also shown in a message box by the default question).
    void problem(const QString& message);

private:
    bool load(const engine::Session& session, const QString& path, bool modified);
    void putSourcesInEditor(const engine::Session& session);
    void takeSourcesFromEditor();
    void takeOptionsFromEditor();
    bool writeSession(const QString& path);
    void removeAutosave();
    void report(const QString& title, const QString& message);
    QString chooseFile(bool save, const QString& suggestion);

    ui::SessionController& m_controller;
    ui::EditorWorkspace& m_editor;
    QSettings& m_settings;
    QWidget* m_dialogParent;
    QTimer* m_autosaveTimer;
    Question m_question;
    FileChooser m_chooser;
    bool m_loading = false; // putting a session's files in the editor: not an edit
};

} // namespace clw::app
