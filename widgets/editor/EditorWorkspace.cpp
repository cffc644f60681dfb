#include "editor/EditorWorkspace.h"

#include "editor/BuildController.h"
#include "editor/DiagnosticsPanel.h"
#include "editor/EditorTabs.h"
#include "editor/FindBar.h"
#include "editor/KernelEditor.h"
#include "editor/OpenClBuiltins.h"
#include "editor/language/CodeFormatter.h"
#include "editor/language/DocumentOutline.h"
#include "editor/language/EditorLanguageClient.h"
#include "editor/language/LanguageSupport.h"
#include "editor/language/ReferencesPanel.h"
#include "models/BuildSettingsStore.h"
#include "models/SummaryLine.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QPointer>
#include <QRegularExpression>
#include <QTimer>
#include <QVBoxLayout>

namespace clw::ui {

namespace {
constexpr int kWordsDelayMs = 1500;  // completion words follow the text after a pause
constexpr int kOutlineDelayMs = 700; // the outline follows the text after a pause
constexpr int kMaxBackPlaces = 50;
} // namespace

EditorWorkspace::EditorWorkspace(EngineBridge& bridge, DeviceHosts& hosts, QSettings& settings,
                                 QWidget* parent)
    : QWidget(parent)
    , m_settings(settings)
    , m_tabs(new EditorTabs(this))
    , m_findBar(new FindBar(this))
    , m_panel(new DiagnosticsPanel(this))
    , m_builds(new BuildController(bridge, hosts, this))
    , m_status(new QLabel(this))
    , m_wordsTimer(new QTimer(this))
    , m_language(new LanguageSupport(*m_tabs, this))
    , m_references(new ReferencesPanel(this))
    , m_outline(new DocumentOutline(this))
    , m_formatter(new CodeFormatter(this))
    , m_outlineTimer(new QTimer(this)) {
    setObjectName(QStringLiteral("editorWorkspace"));
    m_status->setObjectName(QStringLiteral("buildStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_findBar);
    // Shown under the editor until the main window moves it into its status bar.
    layout->addWidget(m_status);
    m_tabs->setCornerWidget(m_outline, Qt::TopRightCorner);
    createActions();
    createLanguageActions();

    const BuildSettingsStore store(m_settings);
    m_builds->setLiveEnabled(store.liveBuild());
    m_panel->setLive(store.liveBuild());
    m_live->setChecked(store.liveBuild());
    m_builds->setInputProvider([this] { return buildInput(); });
    m_wordsTimer->setSingleShot(true);
    m_wordsTimer->setInterval(kWordsDelayMs);

    connect(m_tabs, &EditorTabs::currentEditorChanged, this, &EditorWorkspace::onCurrentChanged);
    connect(m_tabs, &EditorTabs::textEdited, this, &EditorWorkspace::onTextEdited);
    connect(m_tabs, &EditorTabs::saved, this, [this] { buildNow(); });
    connect(m_tabs, &EditorTabs::reloaded, this, [this] { buildNow(); });
    connect(m_tabs, &EditorTabs::filesChanged, this, &EditorWorkspace::refreshCompletionWords);
    connect(m_tabs, &EditorTabs::problem, this,
            [this](const QString& text) { showStatus(text, true); });
    connect(m_wordsTimer, &QTimer::timeout, this, &EditorWorkspace::refreshCompletionWords);

    connect(m_panel, &DiagnosticsPanel::jumpRequested, this, &EditorWorkspace::jumpTo);
    connect(m_panel, &DiagnosticsPanel::buildRequested, this, [this] { buildNow(); });
    connect(m_panel, &DiagnosticsPanel::choicesChanged, this, [this] {
        saveChoices();
        updateLanguageBuild();
        buildNow();
    });
    connect(m_panel, &DiagnosticsPanel::liveToggled, m_live, &QAction::setChecked);
    connect(m_live, &QAction::toggled, this, [this](bool on) {
        m_builds->setLiveEnabled(on);
        m_panel->setLive(on);
        BuildSettingsStore(m_settings).setLiveBuild(on);
    });

    connect(m_builds, &BuildController::buildStarted, this,
            [this](quint64, const QString& file) { showStatus(tr("Building %1...").arg(file)); });
    connect(m_builds, &BuildController::buildFinished, this, &EditorWorkspace::showReport);
    connect(m_builds, &BuildController::buildFailed, this, [this](quint64, const QString& message) {
        showStatus(tr("The build could not run: %1").arg(message), true);
    });

    connectLanguage();

    if (const QString& error = OpenClBuiltins::instance().loadError(); !error.isEmpty())
        showStatus(error, true);
    else
        showStatus(tr("Ready"));
}

EditorWorkspace::~EditorWorkspace() = default;

QAction* EditorWorkspace::makeAction(const QString& text, const QKeySequence& shortcut,
                                     void (EditorWorkspace::*slot)(), const char* name) {
    auto* action = new QAction(text, this);
    action->setObjectName(QString::fromLatin1(name));
    action->setShortcut(shortcut);
    // Window-wide, so that the keys work wherever the focus is in the main window.
    action->setShortcutContext(Qt::WindowShortcut);
    if (slot)
        connect(action, &QAction::triggered, this, slot);
    QWidget::addAction(action);
    return action;
}

void EditorWorkspace::createActions() {
    QAction* newFile = makeAction(tr("&New kernel"), QKeySequence::New, nullptr, "newFileAction");
    connect(newFile, &QAction::triggered, this, [this] { m_tabs->newFile(); });
    QAction* open =
        makeAction(tr("&Open..."), QKeySequence::Open, &EditorWorkspace::openFiles, "openAction");
    m_save = makeAction(tr("&Save"), QKeySequence::Save, nullptr, "saveAction");
    connect(m_save, &QAction::triggered, this, &EditorWorkspace::saveCurrent);
    QAction* saveAs = makeAction(tr("Save &as..."), QKeySequence::SaveAs, nullptr, "saveAsAction");
    connect(saveAs, &QAction::triggered, this, &EditorWorkspace::saveCurrentAs);
    QAction* revert = makeAction(tr("&Revert"), {}, nullptr, "revertAction");
    connect(revert, &QAction::triggered, this, [this] { m_tabs->revert(m_tabs->currentEditor()); });
    QAction* close = makeAction(tr("&Close tab"), QKeySequence::Close, nullptr, "closeTabAction");
    connect(close, &QAction::triggered, this,
            [this] { m_tabs->closeEditor(m_tabs->currentEditor()); });
    m_fileActions = {newFile, open, m_save, saveAs, revert, close};

    QAction* find = makeAction(tr("&Find..."), QKeySequence::Find, nullptr, "findAction");
    connect(find, &QAction::triggered, m_findBar, &FindBar::openFind);
    QAction* replace =
        makeAction(tr("&Replace..."), QKeySequence(tr("Ctrl+H")), nullptr, "replaceAction");
    connect(replace, &QAction::triggered, m_findBar, &FindBar::openReplace);
    QAction* next =
        makeAction(tr("Find &next"), QKeySequence(Qt::Key_F3), nullptr, "findNextAction");
    connect(next, &QAction::triggered, m_findBar, &FindBar::findNext);
    QAction* previous = makeAction(tr("Find &previous"), QKeySequence(Qt::SHIFT | Qt::Key_F3),
                                   nullptr, "findPreviousAction");
    connect(previous, &QAction::triggered, m_findBar, &FindBar::findPrevious);
    QAction* goTo = makeAction(tr("&Go to line..."), QKeySequence(tr("Ctrl+G")),
                               &EditorWorkspace::goToLine, "goToLineAction");
    QAction* comment = makeAction(tr("Toggle &comment"), QKeySequence(tr("Ctrl+/")), nullptr,
                                  "toggleCommentAction");
    connect(comment, &QAction::triggered, this, [this] {
        if (KernelEditor* editor = m_tabs->currentEditor())
            editor->toggleComment();
    });
    QAction* zoomIn = makeAction(tr("Zoom &in"), QKeySequence::ZoomIn, nullptr, "zoomInAction");
    connect(zoomIn, &QAction::triggered, this, [this] { zoom(1); });
    QAction* zoomOut = makeAction(tr("Zoom &out"), QKeySequence::ZoomOut, nullptr, "zoomOutAction");
    connect(zoomOut, &QAction::triggered, this, [this] { zoom(-1); });
    QAction* zoomReset =
        makeAction(tr("&Reset zoom"), QKeySequence(tr("Ctrl+0")), nullptr, "resetZoomAction");
    connect(zoomReset, &QAction::triggered, this, [this] { zoom(-m_zoom); });
    m_editActions = {find, replace, next, previous, goTo, comment, zoomIn, zoomOut, zoomReset};

    m_build = makeAction(tr("&Build"), QKeySequence(tr("Ctrl+B")), nullptr, "buildAction");
    m_build->setToolTip(tr("Build: compile the kernel for the chosen device and show its "
                           "errors and warnings on their lines (Ctrl+B)"));
    connect(m_build, &QAction::triggered, this, [this] { buildNow(); });
    m_live = makeAction(tr("Build as you &type"), {}, nullptr, "liveBuildAction");
    m_live->setCheckable(true);
    m_buildActions = {m_build, m_live};
}

void EditorWorkspace::addFileActions(QMenu* menu) const {
    menu->addActions(m_fileActions);
}

void EditorWorkspace::addEditActions(QMenu* menu) const {
    menu->addActions(m_editActions);
}

void EditorWorkspace::addBuildActions(QMenu* menu) const {
    menu->addActions(m_buildActions);
}

void EditorWorkspace::addLanguageActions(QMenu* menu) const {
    menu->addActions(m_languageActions);
}

KernelEditor* EditorWorkspace::mainEditor() const {
    KernelEditor* current = m_tabs->currentEditor();
    if (current && !m_tabs->isHeader(current))
        return current;
    return m_lastKernel ? m_lastKernel.data() : current;
}

std::optional<BuildInput> EditorWorkspace::buildInput() const {
    KernelEditor* main = mainEditor();
    if (!main)
        return std::nullopt;
    BuildInput input;
    input.sources = m_tabs->sources(main);
    const BuildChoices choices = m_panel->choices();
    input.options = choices.options;
    input.devices = choices.devices;
    // One tag per main file: Ctrl+B, save and typing replace each other's queued builds.
    const QString path = m_tabs->filePath(main);
    input.tag = path.isEmpty() ? input.sources.mainFile : path;
    return input;
}

quint64 EditorWorkspace::buildNow() {
    std::optional<BuildInput> input = buildInput();
    if (!input)
        return 0;
    m_reportMain = mainEditor();
    return m_builds->build(std::move(*input));
}

void EditorWorkspace::setDeviceNames(const QStringList& names) {
    m_panel->setDeviceNames(names);
}

void EditorWorkspace::onCurrentChanged(KernelEditor* editor) {
    m_findBar->setEditor(editor);
    if (editor) {
        connect(editor, &KernelEditor::watchRequested, this, &EditorWorkspace::relayWatch,
                Qt::UniqueConnection);
        connect(editor, &KernelEditor::definitionRequested, this,
                &EditorWorkspace::goToDefinitionAt, Qt::UniqueConnection);
        editor->zoomTo(m_zoom);
        if (!m_tabs->isHeader(editor))
            m_lastKernel = editor;
    }
    loadChoices();
    updateLanguageBuild();
    refreshOutline();
}

void EditorWorkspace::relayWatch(const QString& expression, int line) {
    auto* editor = qobject_cast<KernelEditor*>(sender());
    KernelEditor* main = mainEditor();
    if (editor && main)
        Q_EMIT watchRequested(m_tabs->sourceName(editor, main), line, expression);
}

void EditorWorkspace::onTextEdited() {
    m_outlineTimer->start();
    m_reportMain = mainEditor();
    m_builds->scheduleLiveBuild();
    m_wordsTimer->start();
}

void EditorWorkspace::showReport(const BuildReport& report) {
    KernelEditor* main = m_reportMain ? m_reportMain.data() : mainEditor();
    for (KernelEditor* editor : m_tabs->editors())
        editor->setDiagnostics(main ? report.problemsIn(m_tabs->sourceName(editor, main))
                                    : QList<BuildDiagnostic>{});
    m_panel->setReport(report);
    QStringList devices;
    for (const DeviceBuildReport& device : report.devices)
        devices.append(device.device);
    QString text = tr("%1: %2").arg(report.mainFile, report.summary());
    if (!devices.isEmpty())
        text +=
            tr(" - %1, %2 ms").arg(devices.join(QStringLiteral(", "))).arg(qRound(report.totalMs));
    if (!report.warnings.isEmpty())
        text += QStringLiteral(" - warning: ") + report.warnings.join(QStringLiteral("; "));
    if (!report.cacheProblems.isEmpty())
        text += QStringLiteral(" - ") + report.cacheProblems.join(QStringLiteral("; "));
    showStatus(text, !report.ok());
}

void EditorWorkspace::showFindings(const QList<BuildDiagnostic>& findings) {
    KernelEditor* main = mainEditor();
    for (KernelEditor* editor : m_tabs->editors()) {
        const QString name = main ? m_tabs->sourceName(editor, main) : QString();
        QList<BuildDiagnostic> here;
        for (const BuildDiagnostic& finding : findings)
            if (!name.isEmpty() && finding.file == name)
                here.append(finding);
        editor->setFindings(here);
    }
}

void EditorWorkspace::showStatus(const QString& text, bool problem) {
    // One line in the status bar (a host's end brings its last words and stack); all of it in
    // the tooltip, the diagnostics and the log.
    m_status->setText(summaryLine(text));
    m_status->setToolTip(text);
    // Problems stand out in the theme's error colour; everything else reads as normal text. Set
    // only when it changes: setting a style sheet lays out the whole window again.
    const QString style = problem ? QStringLiteral("color: #d01010;") : QString();
    if (m_status->styleSheet() != style)
        m_status->setStyleSheet(style);
}

void EditorWorkspace::jumpTo(const QString& file, int line, int column) {
    KernelEditor* main = m_reportMain ? m_reportMain.data() : mainEditor();
    KernelEditor* editor = main ? m_tabs->editorForSource(file, main) : nullptr;
    if (!editor && QFileInfo(file).isAbsolute() && QFileInfo::exists(file))
        editor = m_tabs->openFile(file); // a header found in an -I directory
    if (!editor) {
        showStatus(tr("%1 is not open and could not be found.").arg(file), true);
        return;
    }
    m_tabs->setCurrentWidget(editor);
    editor->goToLine(line, column);
}

void EditorWorkspace::loadChoices() {
    KernelEditor* main = mainEditor();
    const QString file = main ? m_tabs->filePath(main) : QString();
    const QString key = BuildSettingsStore::keyFor(file);
    if (key == m_choicesKey)
        return;
    m_choicesKey = key;
    m_panel->setChoices(BuildSettingsStore(m_settings).load(file));
}

void EditorWorkspace::saveChoices() {
    KernelEditor* main = mainEditor();
    BuildSettingsStore(m_settings)
        .save(main ? m_tabs->filePath(main) : QString(), m_panel->choices());
}

void EditorWorkspace::refreshCompletionWords() {
    const QStringList words = m_tabs->identifiers();
    for (KernelEditor* editor : m_tabs->editors())
        editor->setExtraWords(words);
}

void EditorWorkspace::zoom(int steps) {
    m_zoom += steps;
    for (KernelEditor* editor : m_tabs->editors())
        editor->zoomTo(m_zoom);
}

void EditorWorkspace::openFiles() {
    const QStringList paths =
        QFileDialog::getOpenFileNames(this, tr("Open kernels and headers"), QString(),
                                      tr("OpenCL sources (*.cl *.h *.clh *.inc);;All files (*)"));
    for (const QString& path : paths)
        m_tabs->openFile(path);
}

bool EditorWorkspace::saveCurrent() {
    KernelEditor* editor = m_tabs->currentEditor();
    if (!editor)
        return false;
    if (m_tabs->filePath(editor).isEmpty())
        return saveCurrentAs();
    if (m_formatOnSave->isChecked()) {
        // Saved once clang-format answered (or failed, said in the status bar).
        QPointer<KernelEditor> guarded(editor);
        format(editor, [this, guarded] {
            if (guarded)
                m_tabs->save(guarded);
        });
        return true;
    }
    return m_tabs->save(editor);
}

bool EditorWorkspace::saveCurrentAs() {
    KernelEditor* editor = m_tabs->currentEditor();
    if (!editor)
        return false;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save kernel as"), m_tabs->filePath(editor),
                                     tr("OpenCL sources (*.cl *.h);;All files (*)"));
    if (path.isEmpty() || !m_tabs->saveAs(editor, path))
        return false;
    saveChoices(); // the panel's choices now belong to the file's folder
    m_choicesKey = BuildSettingsStore::keyFor(m_tabs->filePath(editor));
    return true;
}

void EditorWorkspace::goToLine() {
    KernelEditor* editor = m_tabs->currentEditor();
    if (!editor)
        return;
    int line = 0, index = 0;
    editor->getCursorPosition(&line, &index);
    bool ok = false;
    const int target =
        QInputDialog::getInt(this, tr("Go to line"), tr("Line (1-%1):").arg(editor->lines()),
                             line + 1, 1, editor->lines(), 1, &ok);
    if (ok)
        editor->goToLine(target);
}

void EditorWorkspace::createLanguageActions() {
    QAction* definition = makeAction(tr("Go to &definition"), QKeySequence(Qt::Key_F2),
                                     &EditorWorkspace::goToDefinition, "goToDefinitionAction");
    QAction* references = makeAction(tr("Find &references"), QKeySequence(Qt::SHIFT | Qt::Key_F12),
                                     &EditorWorkspace::findReferences, "findReferencesAction");
    QAction* back = makeAction(tr("Go &back"), QKeySequence(Qt::ALT | Qt::Key_Left),
                               &EditorWorkspace::goBack, "goBackAction");
    QAction* complete = makeAction(tr("&Complete"), QKeySequence(Qt::CTRL | Qt::Key_Space), nullptr,
                                   "completeAction");
    connect(complete, &QAction::triggered, this, [this] {
        KernelEditor* editor = m_tabs->currentEditor();
        if (!editor)
            return;
        if (EditorLanguageClient* client = m_language->clientFor(editor);
            client && client->isActive())
            client->complete();
        else
            editor->autoCompleteFromAll();
    });
    QAction* formatNow =
        makeAction(tr("&Format file"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I),
                   &EditorWorkspace::formatCurrent, "formatAction");
    m_formatOnSave = makeAction(tr("Format on &save"), {}, nullptr, "formatOnSaveAction");
    m_formatOnSave->setCheckable(true);
    m_languageActions = {complete, definition, references, back, formatNow, m_formatOnSave};
}

void EditorWorkspace::connectLanguage() {
    m_outlineTimer->setSingleShot(true);
    m_outlineTimer->setInterval(kOutlineDelayMs);
    connect(m_outlineTimer, &QTimer::timeout, this, &EditorWorkspace::refreshOutline);
    connect(m_tabs, &EditorTabs::filesChanged, m_language, &LanguageSupport::sync);
    connect(m_tabs, &EditorTabs::reloaded, m_language, &LanguageSupport::sync);
    connect(m_tabs, &EditorTabs::saved, m_language, &LanguageSupport::sync);
    connect(m_tabs, &EditorTabs::textEdited, m_language, &LanguageSupport::onTextEdited);
    connect(m_language, &LanguageSupport::message, this,
            [this](const QString& text, bool problem) { showStatus(text, problem); });
    connect(m_language, &LanguageSupport::definitionFound, this, &EditorWorkspace::jumpToLocation);
    connect(m_language, &LanguageSupport::referencesFound, this,
            [this](const QString& symbol, const QList<LspLocation>& locations) {
                m_references->showReferences(symbol, locations);
                Q_EMIT referencesShown(int(locations.size()));
            });
    connect(m_language, &LanguageSupport::outlineReady, this,
            [this](KernelEditor* editor, const QList<SymbolEntry>& symbols) {
                if (editor != m_tabs->currentEditor())
                    return;
                static const QRegularExpression kernel(
                    QStringLiteral("\\b(?:__)?kernel\\s+void\\s+([A-Za-z_][A-Za-z0-9_]*)"));
                QStringList kernels;
                const QString text = editor->text();
                for (auto it = kernel.globalMatch(text); it.hasNext();)
                    kernels.append(it.next().captured(1));
                m_outline->setSymbols(symbols, kernels);
            });
    connect(&m_language->service(), &LanguageService::started, this,
            &EditorWorkspace::refreshOutline);
    connect(m_outline, &DocumentOutline::jumpRequested, this, [this](int line) {
        if (KernelEditor* editor = m_tabs->currentEditor()) {
            rememberPlace();
            editor->goToLine(line);
        }
    });
    connect(m_references, &ReferencesPanel::jumpRequested, this,
            [this](const QString& path, int line, int column) {
                jumpToLocation({path, {{line - 1, column - 1}, {line - 1, column - 1}}});
            });
    m_references->setLineText([this](const QString& path, int line) {
        if (KernelEditor* editor = m_language->editorForPath(path))
            return editor->text(line - 1);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return QString();
        for (int number = 1; !file.atEnd(); ++number) {
            const QByteArray content = file.readLine();
            if (number == line)
                return QString::fromUtf8(content);
        }
        return QString();
    });
}

void EditorWorkspace::setLanguageDevice(const LanguageDevice& device) {
    m_language->setDevice(device);
}

void EditorWorkspace::updateLanguageBuild() {
    const std::optional<BuildInput> input = buildInput();
    if (input)
        m_language->setBuild(input->options, input->sources.includeDirs);
}

void EditorWorkspace::refreshOutline() {
    KernelEditor* editor = m_tabs->currentEditor();
    if (!editor) {
        m_outline->clearSymbols();
        return;
    }
    m_language->requestOutline(editor);
}

void EditorWorkspace::rememberPlace() {
    KernelEditor* editor = m_tabs->currentEditor();
    if (!editor) {
        m_back.append(Place{});
        return;
    }
    int line = 0, index = 0;
    editor->getCursorPosition(&line, &index);
    m_back.append({m_language->pathOf(editor), line + 1, index + 1});
    if (m_back.size() > kMaxBackPlaces)
        m_back.removeFirst();
}

void EditorWorkspace::jumpToLocation(const LspLocation& location) {
    rememberPlace(); // before a new tab becomes the current one
    KernelEditor* editor = m_language->editorForPath(location.path);
    if (!editor && QFileInfo::exists(location.path))
        editor = m_tabs->openFile(location.path); // a header: it opens in a tab
    if (!editor) {
        m_back.removeLast();
        showStatus(tr("%1 could not be opened.").arg(location.path), true);
        return;
    }
    m_tabs->setCurrentWidget(editor);
    const int lineStart = int(editor->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE,
                                                    ulong(location.range.start.line)));
    if (EditorLanguageClient* client = m_language->clientFor(editor))
        editor->goToLine(location.range.start.line + 1,
                         client->editorPosition(location.range.start) - lineStart + 1);
    else
        editor->goToLine(location.range.start.line + 1, location.range.start.character + 1);
}

void EditorWorkspace::goToDefinition() {
    if (KernelEditor* editor = m_tabs->currentEditor())
        goToDefinitionAt(int(editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS)));
}

void EditorWorkspace::goToDefinitionAt(int position) {
    auto* editor = qobject_cast<KernelEditor*>(sender());
    if (!editor)
        editor = m_tabs->currentEditor();
    if (editor)
        m_language->goToDefinition(editor, position);
}

void EditorWorkspace::findReferences() {
    if (KernelEditor* editor = m_tabs->currentEditor())
        m_language->findReferences(
            editor, int(editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS)));
}

void EditorWorkspace::goBack() {
    while (!m_back.isEmpty()) {
        const Place place = m_back.takeLast();
        KernelEditor* editor = m_language->editorForPath(place.path);
        if (!editor)
            continue; // its tab was closed
        m_tabs->setCurrentWidget(editor);
        editor->goToLine(place.line, place.column);
        return;
    }
    showStatus(tr("No earlier place to go back to"));
}

void EditorWorkspace::formatCurrent() {
    if (KernelEditor* editor = m_tabs->currentEditor())
        format(editor, [] {});
}

void EditorWorkspace::format(KernelEditor* editor, std::function<void()> then) {
    const QString before = editor->text();
    QPointer<KernelEditor> guarded(editor);
    m_formatter->format(
        before, m_language->pathOf(editor),
        [this, guarded, before, then](const QString& formatted, const QString& error) {
            if (!error.isEmpty())
                showStatus(error, true);
            // Applied only to the text it was made from: an edit since then wins.
            if (guarded && error.isEmpty() && formatted != before && guarded->text() == before) {
                int line = 0, index = 0;
                guarded->getCursorPosition(&line, &index);
                const int firstLine = guarded->firstVisibleLine();
                const QByteArray bytes = formatted.toUtf8();
                guarded->beginUndoAction();
                guarded->SendScintilla(QsciScintillaBase::SCI_SETTARGETRANGE, 0UL,
                                       guarded->SendScintilla(QsciScintillaBase::SCI_GETLENGTH));
                guarded->SendScintilla(QsciScintillaBase::SCI_REPLACETARGET,
                                       uintptr_t(bytes.size()), bytes.constData());
                guarded->endUndoAction();
                guarded->setCursorPosition(std::min(line, guarded->lines() - 1), 0);
                guarded->setFirstVisibleLine(firstLine);
                showStatus(tr("Formatted with clang-format"));
            }
            then();
        });
}

} // namespace clw::ui
