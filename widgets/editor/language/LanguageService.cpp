#include "editor/language/LanguageService.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>

namespace clw::ui {

namespace {

constexpr int kFlushDelayMs = 20; // typing bursts send one change

nlohmann::json clientCapabilities() {
    return {
        // clangd's extension, then the protocol's own (3.17): positions in UTF-8 bytes, as
        // Scintilla counts them.
        {"offsetEncoding", {"utf-8"}},
        {"general", {{"positionEncodings", {"utf-8"}}}},
        {"textDocument",
         {{"completion",
           {{"completionItem", {{"snippetSupport", false}, {"documentationFormat", {"plaintext"}}}},
            {"contextSupport", true}}},
          {"hover", {{"contentFormat", {"plaintext"}}}},
          {"signatureHelp",
           {{"signatureInformation", {{"parameterInformation", {{"labelOffsetSupport", true}}}}}}},
          {"publishDiagnostics", {{"versionSupport", true}}},
          {"documentSymbol", {{"hierarchicalDocumentSymbolSupport", true}}},
          {"semanticTokens",
           {{"requests", {{"full", true}}},
            {"tokenTypes", nlohmann::json::array()},
            {"tokenModifiers", nlohmann::json::array()},
            {"formats", {"relative"}}}}}}};
}

QStringList serverArguments() {
    return {// Compile commands come from the session alone, never from files beside the person's.
            QStringLiteral("--compile_args_from=lsp"), QStringLiteral("--header-insertion=never"),
            QStringLiteral("--background-index=false"), QStringLiteral("--pch-storage=memory"),
            QStringLiteral("--log=error")};
}

} // namespace

LanguageService::LanguageService(QObject* parent)
    : QObject(parent)
    , m_program(findProgram())
    , m_flushTimer(new QTimer(this)) {
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(kFlushDelayMs);
    connect(m_flushTimer, &QTimer::timeout, this, &LanguageService::flush);
    if (m_program.isEmpty()) {
        const QString named = qEnvironmentVariable("CLW_CLANGD");
        m_unavailable = named.isEmpty()
                            ? tr("clangd not found: install clangd for completion and types")
                            : tr("clangd not found at %1 (CLW_CLANGD): install clangd for "
                                 "completion and types")
                                  .arg(named);
    }
}

LanguageService::~LanguageService() {
    if (m_server)
        m_server->stop();
}

QString LanguageService::findProgram() {
    const QString named = qEnvironmentVariable("CLW_CLANGD");
    if (!named.isEmpty()) {
        const QFileInfo file(named);
        if (file.isAbsolute())
            return file.isExecutable() && file.isFile() ? named : QString();
        return QStandardPaths::findExecutable(named);
    }
    for (const QString& name : {QStringLiteral("clangd"), QStringLiteral("clangd-14"),
                                QStringLiteral("clangd-15"), QStringLiteral("clangd-16")})
        if (const QString path = QStandardPaths::findExecutable(name); !path.isEmpty())
            return path;
    return {};
}

QString LanguageService::refusalFor(const QString& text, bool notUtf8) {
    if (notUtf8)
        return tr("the file is not UTF-8 text");
    if (const qsizetype at = text.indexOf(QChar(u'\0')); at >= 0) {
        const qsizetype lineStart = text.lastIndexOf(QLatin1Char('\n'), at) + 1;
        return tr("the file holds a NUL character (line %1, column %2)")
            .arg(text.left(at).count(QLatin1Char('\n')) + 1)
            .arg(at - lineStart + 1);
    }
    return {};
}

QString LanguageService::privateFolder() const {
    if (!m_folder) {
        auto* self = const_cast<LanguageService*>(this);
        self->m_folder = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                                         QStringLiteral("/clworkbench-lsp-XXXXXX"));
    }
    return m_folder->isValid() ? m_folder->path() : QDir::tempPath();
}

bool LanguageService::isAvailable() const {
    return m_unavailable.isEmpty();
}

bool LanguageService::isRunning() const {
    return m_server && m_server->state() == LanguageServer::State::Ready;
}

int LanguageService::version(const QString& path) const {
    const auto it = m_documents.constFind(path);
    return it == m_documents.constEnd() ? 0 : it->version;
}

void LanguageService::ensureStarted() {
    if (!isAvailable())
        return;
    if (m_server && (m_server->state() == LanguageServer::State::Starting ||
                     m_server->state() == LanguageServer::State::Ready))
        return;
    if (m_server)
        m_server->deleteLater();
    m_server = new LanguageServer(this);
    m_server->setNotificationHandler([this](const QString& method, const nlohmann::json& params) {
        onNotification(method, params);
    });
    connect(m_server, &LanguageServer::ready, this, &LanguageService::onReady);
    connect(m_server, &LanguageServer::stopped, this, &LanguageService::onStopped);
    connect(m_server, &LanguageServer::requestTimedOut, this, [this] {
        // A server that answers nothing several times in a row is hung: end it, and the
        // restart below brings a new one.
        if (++m_timeoutsInARow >= kHangTimeouts && m_server) {
            m_timeoutsInARow = 0;
            m_server->kill();
        }
    });
    m_server->start(m_program, serverArguments(), clientCapabilities(), nlohmann::json::object());
}

nlohmann::json LanguageService::compilationDatabase(const QStringList& paths) const {
    nlohmann::json changes = nlohmann::json::object();
    for (const QString& path : paths) {
        const Document& document = m_documents[path];
        nlohmann::json command = nlohmann::json::array();
        for (const QString& argument : document.command)
            command.push_back(argument.toStdString());
        changes[path.toStdString()] = {
            {"workingDirectory", QFileInfo(path).absolutePath().toStdString()},
            {"compilationCommand", command}};
    }
    return changes;
}

void LanguageService::onReady() {
    m_timeoutsInARow = 0;
    m_tokenTypes.clear();
    const nlohmann::json& legend = LspValues::member(
        LspValues::member(m_server->capabilities(), "semanticTokensProvider"), "legend");
    if (legend.is_object() && legend.contains("tokenTypes") && legend["tokenTypes"].is_array())
        for (const nlohmann::json& type : legend["tokenTypes"])
            m_tokenTypes.append(type.is_string() ? QString::fromStdString(type.get<std::string>())
                                                 : QString());
    // The commands may have changed while the server started.
    m_server->notify(
        QStringLiteral("workspace/didChangeConfiguration"),
        {{"settings", {{"compilationDatabaseChanges", compilationDatabase(m_documents.keys())}}}});
    for (auto it = m_documents.begin(); it != m_documents.end(); ++it) {
        it->dirty = false;
        sendOpen(it.key(), it.value());
    }
    const QList<std::function<void(bool)>> waiting = std::exchange(m_waitingForReady, {});
    for (const auto& send : waiting)
        send(true);
    Q_EMIT started();
}

void LanguageService::onStopped(const QString& reason) {
    const QString lastWords = m_server ? m_server->lastWords() : QString();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    m_restarts.append(now);
    while (!m_restarts.isEmpty() && m_restarts.first().msecsTo(now) > kRestartWindowMs)
        m_restarts.removeFirst();
    QString text = tr("The language service (clangd) stopped: %1.").arg(reason);
    if (!lastWords.isEmpty())
        text += QLatin1Char(' ') + tr("Its last words: %1").arg(lastWords);
    if (m_restarts.size() > kMaxRestarts) {
        m_unavailable = tr("clangd stopped %1 times in a minute (%2); completion falls back to "
                           "the built-in list")
                            .arg(m_restarts.size())
                            .arg(reason);
        Q_EMIT message(text + QLatin1Char(' ') + tr("It stays off for this session."), true);
    } else {
        Q_EMIT message(text + QLatin1Char(' ') + tr("It is starting again."), true);
    }
    const QList<std::function<void(bool)>> waiting = std::exchange(m_waitingForReady, {});
    for (const auto& send : waiting)
        send(false);
    if (isAvailable() && !m_documents.isEmpty())
        ensureStarted();
}

void LanguageService::onNotification(const QString& method, const nlohmann::json& params) {
    if (method != QLatin1String("textDocument/publishDiagnostics") || !params.is_object())
        return;
    const QString path = LspValues::pathOf(LspValues::string(params, "uri"));
    const auto it = m_documents.constFind(path);
    if (it == m_documents.constEnd())
        return;
    const auto version = params.find("version");
    const int answered =
        version != params.end() && version->is_number_integer() ? version->get<int>() : it->version;
    Q_EMIT diagnosticsPublished(path, answered, LspValues::diagnostics(params));
}

void LanguageService::sendOpen(const QString& path, const Document& document) {
    m_server->notify(QStringLiteral("textDocument/didOpen"),
                     {{"textDocument",
                       {{"uri", LspValues::uriOf(path).toStdString()},
                        {"languageId", "opencl"},
                        {"version", document.version},
                        {"text", document.text().toStdString()}}}});
}

void LanguageService::openDocument(const QString& path, const QStringList& command,
                                   TextProvider text) {
    if (!isAvailable())
        return;
    if (m_documents.contains(path)) {
        setCommand(path, command);
        documentChanged(path);
        return;
    }
    m_documents.insert(path, {command, std::move(text), 1, false});
    if (isRunning()) {
        m_server->notify(
            QStringLiteral("workspace/didChangeConfiguration"),
            {{"settings", {{"compilationDatabaseChanges", compilationDatabase({path})}}}});
        sendOpen(path, m_documents[path]);
    } else {
        ensureStarted();
    }
}

void LanguageService::documentChanged(const QString& path) {
    const auto it = m_documents.find(path);
    if (it == m_documents.end())
        return;
    ++it->version;
    it->dirty = true;
    m_flushTimer->start();
}

void LanguageService::setCommand(const QString& path, const QStringList& command) {
    const auto it = m_documents.find(path);
    if (it == m_documents.end() || it->command == command)
        return;
    it->command = command;
    if (isRunning())
        m_server->notify(
            QStringLiteral("workspace/didChangeConfiguration"),
            {{"settings", {{"compilationDatabaseChanges", compilationDatabase({path})}}}});
}

void LanguageService::closeDocument(const QString& path) {
    if (m_documents.remove(path) == 0 || !isRunning())
        return;
    m_server->notify(QStringLiteral("textDocument/didClose"),
                     {{"textDocument", {{"uri", LspValues::uriOf(path).toStdString()}}}});
}

void LanguageService::flush() {
    m_flushTimer->stop();
    if (!isRunning())
        return;
    for (auto it = m_documents.begin(); it != m_documents.end(); ++it) {
        if (!it->dirty)
            continue;
        it->dirty = false;
        // The whole text each time: one message per burst of typing, and no range arithmetic
        // that could drift from the editor's.
        m_server->notify(
            QStringLiteral("textDocument/didChange"),
            {{"textDocument",
              {{"uri", LspValues::uriOf(it.key()).toStdString()}, {"version", it->version}}},
             {"contentChanges", {{{"text", it->text().toStdString()}}}}});
    }
}

qint64 LanguageService::request(const QString& path, const QString& method, nlohmann::json params,
                                int timeoutMs, Reply reply) {
    if (!m_documents.contains(path)) {
        reply(0, nullptr, tr("the language service does not have this file"));
        return 0;
    }
    if (!isRunning()) {
        if (!isAvailable()) {
            reply(0, nullptr, m_unavailable);
            return 0;
        }
        ensureStarted();
        // Sent once the server is ready (its documents opened first).
        m_waitingForReady.append([this, path, method, params, timeoutMs, reply](bool ready) {
            if (ready)
                request(path, method, params, timeoutMs, reply);
            else
                reply(0, nullptr, tr("the language service stopped"));
        });
        return 0;
    }
    flush();
    const int version = m_documents[path].version;
    params["textDocument"] = {{"uri", LspValues::uriOf(path).toStdString()}};
    return m_server->request(
        method, std::move(params),
        [this, version, reply](const nlohmann::json& result, const QString& error) {
            if (error.isEmpty())
                m_timeoutsInARow = 0;
            reply(version, result, error);
        },
        timeoutMs);
}

void LanguageService::cancel(qint64 id) {
    if (m_server && id > 0)
        m_server->cancel(id);
}

void LanguageService::killServer() {
    if (m_server)
        m_server->kill();
}

} // namespace clw::ui
