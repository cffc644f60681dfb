#include "editor/language/LanguageSupport.h"

#include "editor/EditorTabs.h"
#include "editor/KernelEditor.h"
#include "editor/language/EditorLanguageClient.h"

#include <QDir>
#include <QFileInfo>
#include <QPointer>

namespace clw::ui {

LanguageSupport::LanguageSupport(EditorTabs& tabs, QObject* parent)
    : QObject(parent)
    , m_tabs(tabs)
    , m_service(new LanguageService(this)) {
    connect(m_service, &LanguageService::message, this, [this](const QString& text, bool problem) {
        Q_EMIT message(text, problem);
        if (!m_service->isAvailable())
            deactivateAll();
    });
    connect(m_service, &LanguageService::started, this, [this] {
        for (EditorLanguageClient* client : std::as_const(m_clients))
            client->refreshSemanticTokens();
    });
}

LanguageSupport::~LanguageSupport() = default;

EditorLanguageClient* LanguageSupport::clientFor(const KernelEditor* editor) const {
    return m_clients.value(editor);
}

QString LanguageSupport::pathOf(const KernelEditor* editor) const {
    const QString path = m_tabs.filePath(editor);
    if (!path.isEmpty())
        return QDir::cleanPath(path);
    return m_service->privateFolder() + QLatin1Char('/') + m_tabs.sourceName(editor, editor);
}

KernelEditor* LanguageSupport::editorForPath(const QString& path) const {
    const QString wanted = QDir::cleanPath(path);
    for (KernelEditor* editor : m_tabs.editors())
        if (pathOf(editor) == wanted)
            return editor;
    return nullptr;
}

QStringList LanguageSupport::commandFor(const QString& path) const {
    QStringList includeDirs = m_includeDirs;
    // A header's own folder, as `#include "x.h"` inside it is searched there first.
    includeDirs.append(QFileInfo(path).absolutePath());
    return LanguageFlags::command(path, m_options, includeDirs, m_device);
}

void LanguageSupport::setBuild(const QString& options, const QStringList& includeDirs) {
    if (options == m_options && includeDirs == m_includeDirs)
        return;
    m_options = options;
    m_includeDirs = includeDirs;
    updateCommands();
}

void LanguageSupport::setDevice(const LanguageDevice& device) {
    if (device == m_device)
        return;
    m_device = device;
    updateCommands();
}

void LanguageSupport::updateCommands() {
    for (auto it = m_clients.cbegin(); it != m_clients.cend(); ++it)
        m_service->setCommand(it.value()->path(), commandFor(it.value()->path()));
}

void LanguageSupport::deactivateAll() {
    for (EditorLanguageClient* client : std::as_const(m_clients))
        client->setActive(false);
}

void LanguageSupport::sync() {
    const QList<KernelEditor*> editors = m_tabs.editors();
    // Tabs that closed.
    for (auto it = m_clients.begin(); it != m_clients.end();) {
        if (editors.contains(it.key())) {
            ++it;
            continue;
        }
        m_service->closeDocument(it.value()->path());
        m_refused.remove(it.key());
        it = m_clients.erase(it);
    }
    if (!m_service->isAvailable()) {
        if (!m_toldUnavailable && !editors.isEmpty()) {
            m_toldUnavailable = true;
            Q_EMIT message(m_service->unavailableReason(), true);
        }
        deactivateAll();
        return;
    }
    for (KernelEditor* editor : editors) {
        const QString path = pathOf(editor);
        EditorLanguageClient* client = m_clients.value(editor);
        if (client && client->path() != path) { // saved under another name
            m_service->closeDocument(client->path());
            client->setPath(path);
        }
        const QString refusal =
            LanguageService::refusalFor(editor->fullText(), m_tabs.isBytewise(editor));
        if (!refusal.isEmpty()) {
            if (client)
                client->setActive(false);
            m_service->closeDocument(path);
            if (!m_refused.contains(editor)) {
                m_refused.insert(editor);
                Q_EMIT message(tr("The language service skips %1: %2. Completion uses the built-in "
                                  "list there.")
                                   .arg(m_tabs.sourceName(editor, editor), refusal),
                               true);
            }
            continue;
        }
        m_refused.remove(editor);
        if (!client) {
            client = new EditorLanguageClient(editor, *m_service, path);
            m_clients.insert(editor, client);
        }
        client->setActive(true);
        QPointer<KernelEditor> guarded(editor);
        m_service->openDocument(path, commandFor(path),
                                [guarded] { return guarded ? guarded->text() : QString(); });
    }
}

void LanguageSupport::onTextEdited(KernelEditor* editor) {
    if (EditorLanguageClient* client = m_clients.value(editor); client && client->isActive())
        m_service->documentChanged(client->path());
}

void LanguageSupport::goToDefinition(KernelEditor* editor, int position) {
    EditorLanguageClient* client = m_clients.value(editor);
    if (!client || !client->isActive()) {
        Q_EMIT message(m_service->isAvailable() ? tr("Go to definition needs the language service "
                                                     "for this file")
                                                : m_service->unavailableReason(),
                       true);
        return;
    }
    const LspPosition at = client->lspPosition(position);
    QPointer<LanguageSupport> self(this);
    m_service->request(client->path(), QStringLiteral("textDocument/definition"),
                       {{"position", LspValues::position(at.line, at.character)}},
                       kNavigationTimeoutMs,
                       [self](int, const nlohmann::json& result, const QString& error) {
                           if (!self)
                               return;
                           const QList<LspLocation> found = LspValues::locations(result);
                           if (!error.isEmpty())
                               Q_EMIT self->message(tr("Go to definition: %1").arg(error), true);
                           else if (found.isEmpty())
                               Q_EMIT self->message(tr("No definition found here"), false);
                           else
                               Q_EMIT self->definitionFound(found.first());
                       });
}

void LanguageSupport::findReferences(KernelEditor* editor, int position) {
    EditorLanguageClient* client = m_clients.value(editor);
    if (!client || !client->isActive()) {
        Q_EMIT message(m_service->isAvailable() ? tr("Find references needs the language service "
                                                     "for this file")
                                                : m_service->unavailableReason(),
                       true);
        return;
    }
    const QString symbol = editor->watchExpressionAt(position).section(QLatin1Char('.'), 0, 0);
    const LspPosition at = client->lspPosition(position);
    QPointer<LanguageSupport> self(this);
    m_service->request(client->path(), QStringLiteral("textDocument/references"),
                       {{"position", LspValues::position(at.line, at.character)},
                        {"context", {{"includeDeclaration", true}}}},
                       kNavigationTimeoutMs,
                       [self, symbol](int, const nlohmann::json& result, const QString& error) {
                           if (!self)
                               return;
                           if (!error.isEmpty())
                               Q_EMIT self->message(tr("Find references: %1").arg(error), true);
                           else
                               Q_EMIT self->referencesFound(symbol, LspValues::locations(result));
                       });
}

void LanguageSupport::requestOutline(KernelEditor* editor) {
    EditorLanguageClient* client = m_clients.value(editor);
    if (!client || !client->isActive())
        return;
    QPointer<LanguageSupport> self(this);
    QPointer<KernelEditor> guarded(editor);
    m_service->request(client->path(), QStringLiteral("textDocument/documentSymbol"),
                       nlohmann::json::object(), kNavigationTimeoutMs,
                       [self, guarded](int, const nlohmann::json& result, const QString& error) {
                           if (self && guarded && error.isEmpty())
                               Q_EMIT self->outlineReady(guarded, LspValues::symbols(result));
                       });
}

} // namespace clw::ui
