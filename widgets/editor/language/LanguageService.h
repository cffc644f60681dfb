#pragma once
// The editor's language service: one clangd for the whole workspace, started on first need,
// restarted when it dies (at most kMaxRestarts times a minute), stopped with the workspace. It
// keeps the open documents (their text comes from a provider when it is sent, their compile
// command from the session) and hands replies back with the version of the text they answer, so
// that callers can drop answers to an older text.
#include "editor/language/LanguageServer.h"
#include "editor/language/LspValues.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QTemporaryDir>

#include <functional>
#include <memory>

class QTimer;

namespace clw::ui {

class LanguageService : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxRestarts = 3; // in kRestartWindowMs
    static constexpr int kRestartWindowMs = 60000;
    static constexpr int kHangTimeouts = 3; // timeouts in a row that count as a hang

    using TextProvider = std::function<QString()>;
    using Reply =
        std::function<void(int version, const nlohmann::json& result, const QString& error)>;

    explicit LanguageService(QObject* parent = nullptr);
    ~LanguageService() override;

    // The clangd to run: $CLW_CLANGD when set, else clangd or clangd-14 from PATH; empty when none.
    static QString findProgram();
    // Why a text cannot go to the service (it is not UTF-8 or holds a NUL byte); empty when it can.
    static QString refusalFor(const QString& text, bool notUtf8);

    // Where documents without a file of their own (unsaved tabs) are placed for the service: a
    // folder only this process uses.
    QString privateFolder() const;

    // True when the service can run (clangd found and not stopped for good); unavailable() says
    // why not. Starting happens on the first document.
    bool isAvailable() const;
    bool isRunning() const;
    QString unavailableReason() const { return m_unavailable; }
    LanguageServer* server() const { return m_server; }
    // The server's semantic token types, indexed as its tokens are.
    QStringList tokenTypes() const { return m_tokenTypes; }

    void openDocument(const QString& path, const QStringList& command, TextProvider text);
    // The text changed: its version goes up and it is sent soon (always before the next request).
    void documentChanged(const QString& path);
    void setCommand(const QString& path, const QStringList& command);
    void closeDocument(const QString& path);
    bool hasDocument(const QString& path) const { return m_documents.contains(path); }
    int version(const QString& path) const;

    // A request about a document ("textDocument" is added to params). The reply comes on this
    // thread with the version the request was made for; an error when the service is off, the
    // request timed out or the server refused it. Returns 0 when no request was sent.
    qint64 request(const QString& path, const QString& method, nlohmann::json params, int timeoutMs,
                   Reply reply);
    void cancel(qint64 id);

    // Ends clangd as a crash would (tests).
    void killServer();

Q_SIGNALS:
    // clangd's errors and warnings for a document, for `version` of its text.
    void diagnosticsPublished(const QString& path, int version,
                              const QList<clw::ui::ServiceDiagnostic>& diagnostics);
    // The service started (again): callers ask again what they showed (symbols, tokens).
    void started();
    // Something the person should read once in the status bar (off and why, restarted).
    void message(const QString& text, bool problem);

private:
    struct Document {
        QStringList command;
        TextProvider text;
        int version = 1;
        bool dirty = false;
    };

    void ensureStarted();
    void onReady();
    void onStopped(const QString& reason);
    void onNotification(const QString& method, const nlohmann::json& params);
    void flush();
    void sendOpen(const QString& path, const Document& document);
    nlohmann::json compilationDatabase(const QStringList& paths) const;

    QString m_program;
    QString m_unavailable;
    LanguageServer* m_server = nullptr;
    std::unique_ptr<QTemporaryDir> m_folder;
    QHash<QString, Document> m_documents;
    // Requests made while the server starts: called with true once it is ready, false if it failed.
    QList<std::function<void(bool)>> m_waitingForReady;
    QList<QDateTime> m_restarts;
    QStringList m_tokenTypes;
    QTimer* m_flushTimer;
    int m_timeoutsInARow = 0;
};

} // namespace clw::ui
