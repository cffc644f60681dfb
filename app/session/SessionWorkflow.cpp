#include "SessionWorkflow.h"

#include "RecentSessions.h"
#include "bridge/BuildInput.h"
#include "editor/DiagnosticsPanel.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "launch/SessionController.h"

#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/Session.h"
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionFile.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <exception>
#include <map>

namespace clw::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

std::filesystem::path fsPath(const QString& path) {
    return std::filesystem::path(path.toStdU16String());
}

// Opens an unsaved session with one kernel file: the default content of "New session".
engine::Session sessionWithKernel(const QString& text, const QString& name) {
    engine::Session session;
    session.title = QFileInfo(name).completeBaseName().toStdString();
    session.sources.files.push_back({name.toStdString(), text.toStdString()});
    session.sources.mainFile = name.toStdString();
    return session;
}

} // namespace

SessionWorkflow::SessionWorkflow(ui::SessionController& controller, ui::EditorWorkspace& editor,
                                 QSettings& settings, QWidget* dialogParent)
    : QObject(dialogParent)
    , m_controller(controller)
    , m_editor(editor)
    , m_settings(settings)
    , m_dialogParent(dialogParent)
    , m_autosaveTimer(new QTimer(this)) {
    m_autosaveTimer->setInterval(kAutosaveIntervalMs);
    connect(m_autosaveTimer, &QTimer::timeout, this, [this] {
        if (m_controller.isModified())
            autosave();
    });
    m_autosaveTimer->start();

    ui::EditorTabs* tabs = m_editor.tabs();
    connect(tabs, &ui::EditorTabs::textEdited, this, &SessionWorkflow::takeSourcesFromEditor);
    connect(tabs, &ui::EditorTabs::filesChanged, this, &SessionWorkflow::takeSourcesFromEditor);
    connect(m_editor.diagnosticsPanel(), &ui::DiagnosticsPanel::choicesChanged, this,
            &SessionWorkflow::takeOptionsFromEditor);
}

SessionWorkflow::~SessionWorkflow() = default;

QString SessionWorkflow::displayName() const {
    const QString path = m_controller.filePath();
    QString name = !path.isEmpty()                         ? QFileInfo(path).fileName()
                   : !m_controller.session().title.empty() ? qs(m_controller.session().title)
                                                           : tr("Untitled session");
    return m_controller.isModified() ? name + QLatin1Char('*') : name;
}

void SessionWorkflow::newSession(const QString& kernelText, const QString& kernelName) {
    if (!maybeSave())
        return;
    const QString name = kernelName.isEmpty() ? QStringLiteral("kernel.cl") : kernelName;
    const QString text = kernelText.isEmpty()
                             ? QStringLiteral("__kernel void run(__global float *data) {\n"
                                              "    const size_t i = get_global_id(0);\n"
                                              "    data[i] = data[i] * 2.0f;\n}\n")
                             : kernelText;
    load(sessionWithKernel(text, name), {}, false);
}

bool SessionWorkflow::open(const QString& requested) {
    // The file first: cancelling the dialog must leave the open session (and its autosave) be.
    const QString path = requested.isEmpty() ? chooseFile(false, m_controller.folder()) : requested;
    if (path.isEmpty() || !maybeSave())
        return false;
    engine::SessionFile::ReadResult read;
    try {
        read = engine::SessionFile::read(fsPath(path));
    } catch (const std::exception& error) {
        report(tr("Cannot open the session"), qs(error.what()));
        return false;
    }
    for (const std::string& note : read.notes)
        Q_EMIT problem(qs(note));

    // A newer autosave means the workbench stopped before the session was saved.
    const QString autosaved = path + QStringLiteral(".autosave");
    const QFileInfo autosaveInfo(autosaved);
    bool modified = false;
    if (autosaveInfo.exists() && autosaveInfo.lastModified() > QFileInfo(path).lastModified()) {
        const auto answer =
            ask(tr("Recover the session?"),
                tr("%1 has unsaved changes from %2 that were kept when the "
                   "workbench stopped. Recover them?")
                    .arg(QFileInfo(path).fileName(), autosaveInfo.lastModified().toString()),
                QMessageBox::Yes | QMessageBox::No);
        if (answer == QMessageBox::Yes) {
            try {
                read = engine::SessionFile::read(fsPath(autosaved));
                modified = true;
            } catch (const std::exception& error) {
                report(tr("Cannot recover the session"),
                       tr("%1\nThe saved session opens instead.").arg(qs(error.what())));
            }
        }
    }
    if (!load(read.session, path, modified))
        return false;
    RecentSessions(m_settings).add(path);
    Q_EMIT opened(path);
    return true;
}

bool SessionWorkflow::openSample(const QString& resourcePath) {
    if (!maybeSave())
        return false;
    QFile file(resourcePath);
    if (!file.open(QIODevice::ReadOnly)) {
        report(tr("Cannot open the sample"),
               tr("%1 is missing from the application: reinstall CL Workbench.").arg(resourcePath));
        return false;
    }
    try {
        const auto read = engine::SessionFile::parse(
            file.readAll().toStdString(), QFileInfo(resourcePath).fileName().toStdString());
        return load(read.session, {}, false);
    } catch (const std::exception& error) {
        report(tr("Cannot open the sample"), qs(error.what()));
        return false;
    }
}

bool SessionWorkflow::load(const engine::Session& session, const QString& path, bool modified) {
    m_loading = true;
    putSourcesInEditor(session);
    m_controller.openSession(session, path);
    m_loading = false;
    if (modified) // a recovered autosave: the file on disk does not have it yet
        m_controller.markModified();
    return true;
}

void SessionWorkflow::putSourcesInEditor(const engine::Session& session) {
    ui::EditorTabs* tabs = m_editor.tabs();
    // The person already chose to save or discard the session these tabs belong to.
    tabs->setQuestion([](const QString&, const QString&, QMessageBox::StandardButtons) {
        return QMessageBox::Discard;
    });
    for (ui::KernelEditor* editor : tabs->editors())
        tabs->closeEditor(editor);
    tabs->setQuestion({});
    ui::KernelEditor* main = nullptr;
    const engine::SourceFile* mainFile = session.sources.main();
    for (const engine::SourceFile& file : session.sources.files) {
        ui::KernelEditor* editor = tabs->newFile(qs(file.text), qs(file.name));
        if (&file == mainFile)
            main = editor;
    }
    if (main)
        tabs->setCurrentWidget(main);
    ui::BuildChoices choices = m_editor.diagnosticsPanel()->choices();
    choices.options = qs(session.options);
    m_editor.diagnosticsPanel()->setChoices(choices);
}

void SessionWorkflow::takeSourcesFromEditor() {
    if (m_loading)
        return;
    ui::EditorTabs* tabs = m_editor.tabs();
    const engine::Session& session = m_controller.session();
    ui::KernelEditor* main = tabs->editorForSource(qs(session.sources.mainFile), nullptr);
    if (!main)
        main = m_editor.mainEditor();
    if (!main)
        return;
    const ui::BuildSources sources = tabs->sources(main);
    engine::SourceSet set;
    for (const ui::BuildSourceFile& file : sources.files)
        set.files.push_back({file.name.toStdString(), file.text.toStdString()});
    set.mainFile = sources.mainFile.toStdString();
    set.includeDirs = session.sources.includeDirs;
    m_controller.setSources(set);
}

void SessionWorkflow::takeOptionsFromEditor() {
    if (!m_loading)
        m_controller.setOptions(m_editor.diagnosticsPanel()->choices().options.toStdString());
}

bool SessionWorkflow::save() {
    if (m_controller.filePath().isEmpty())
        return saveAs();
    return writeSession(m_controller.filePath());
}

bool SessionWorkflow::saveAs(const QString& requested) {
    QString suggestion = m_controller.filePath();
    if (suggestion.isEmpty()) {
        const QString title = qs(m_controller.session().title);
        suggestion = QDir(QDir::homePath())
                         .filePath((title.isEmpty() ? QStringLiteral("session") : title) +
                                   QStringLiteral(".clwb"));
    }
    QString path = requested.isEmpty() ? chooseFile(true, suggestion) : requested;
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".clwb")))
        path += QStringLiteral(".clwb");
    return writeSession(path);
}

bool SessionWorkflow::writeSession(const QString& path) {
    takeSourcesFromEditor();
    const engine::Session& session = m_controller.session();
    // Data files go along to a new folder, under the same relative names.
    const QString oldFolder = m_controller.folder();
    const QString newFolder = QFileInfo(path).absolutePath();
    std::map<std::string, engine::NpyArray> dataFiles;
    try {
        if (QDir(oldFolder) != QDir(newFolder)) {
            for (const engine::SessionBuffer& buffer : session.buffers) {
                if (buffer.init.kind != engine::SessionInit::Kind::File)
                    continue;
                const QString source = QDir(oldFolder).filePath(qs(buffer.init.file));
                if (!QFileInfo::exists(source))
                    throw engine::SessionError(
                        "buffer '" + buffer.name + "': its data file " + source.toStdString() +
                        " is missing, so the copy would not run; put it back or give the "
                        "buffer a fill rule");
                dataFiles[buffer.init.file] = engine::NpyFile::read(fsPath(source));
            }
        }
        engine::SessionFile::write(fsPath(path), session, dataFiles);
    } catch (const std::exception& error) {
        report(tr("Cannot save the session"),
               tr("%1\nThe session stays open with its changes; save it elsewhere.")
                   .arg(qs(error.what())));
        return false;
    }
    removeAutosave();
    m_controller.markSaved(path);
    RecentSessions(m_settings).add(path);
    Q_EMIT saved(path);
    return true;
}

bool SessionWorkflow::maybeSave() {
    if (!m_controller.isModified())
        return true;
    const auto answer =
        ask(tr("Save the session?"), tr("%1 has unsaved changes. Save them?").arg(displayName()),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return save();
    removeAutosave();
    return true;
}

QString SessionWorkflow::autosavePath() const {
    if (!m_controller.filePath().isEmpty())
        return m_controller.filePath() + QStringLiteral(".autosave");
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    return QDir(folder).filePath(QStringLiteral("untitled.clwb.autosave"));
}

bool SessionWorkflow::autosave() {
    takeSourcesFromEditor();
    const QString path = autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    try {
        engine::SessionFile::write(fsPath(path), m_controller.session());
        return true;
    } catch (const std::exception& error) {
        Q_EMIT problem(tr("Autosave failed: %1").arg(qs(error.what())));
        return false;
    }
}

bool SessionWorkflow::recoverUntitled() {
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    const QString path = QDir(folder).filePath(QStringLiteral("untitled.clwb.autosave"));
    if (!QFileInfo::exists(path) || !maybeSave())
        return false;
    const auto answer =
        ask(tr("Recover the session?"),
            tr("An unsaved session was kept when the workbench stopped. Recover it?"),
            QMessageBox::Yes | QMessageBox::No);
    if (answer != QMessageBox::Yes) {
        QFile::remove(path);
        return false;
    }
    try {
        const auto read = engine::SessionFile::read(fsPath(path));
        load(read.session, {}, true);
        return true;
    } catch (const std::exception& error) {
        report(tr("Cannot recover the session"), qs(error.what()));
        return false;
    }
}

void SessionWorkflow::removeAutosave() {
    QFile::remove(autosavePath());
}

void SessionWorkflow::report(const QString& title, const QString& message) {
    Q_EMIT problem(message);
    ask(title, message, QMessageBox::Ok);
}

QMessageBox::StandardButton SessionWorkflow::ask(const QString& title, const QString& text,
                                                 QMessageBox::StandardButtons buttons) {
    if (m_question)
        return m_question(title, text, buttons);
    if (buttons == QMessageBox::Ok)
        return QMessageBox::warning(m_dialogParent, title, text);
    return QMessageBox::question(m_dialogParent, title, text, buttons);
}

QString SessionWorkflow::chooseFile(bool save, const QString& suggestion) {
    if (m_chooser)
        return m_chooser(save, suggestion);
    const QString filter = tr("CL Workbench sessions (*.clwb)");
    return save ? QFileDialog::getSaveFileName(m_dialogParent, tr("Save session"), suggestion,
                                               filter)
                : QFileDialog::getOpenFileName(m_dialogParent, tr("Open session"), suggestion,
                                               filter);
}

} // namespace clw::app
