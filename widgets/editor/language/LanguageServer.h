#pragma once
// One language server (clangd) as a child process, spoken to in JSON-RPC over its pipes
// (QProcess, so that the same code runs on Windows and macOS). Requests get a reply callback and
// a time limit; a request that runs past it is cancelled and answered with an error, so that a
// hung server never holds anything up. Everything runs on the thread that owns the object (the
// GUI thread): reading is driven by QProcess's signals and each message is small.
#include "editor/language/LspFraming.h"

#include <QHash>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QThreadPool>

#include <deque>
#include <functional>

namespace clw::ui {

class LanguageServer : public QObject {
    Q_OBJECT
public:
    enum class State { NotStarted, Starting, Ready, Stopped };
    // How much lower than the GUI the server runs (Unix nice; below normal on Windows).
    static constexpr int kNiceness = 10;
    // Messages at least this long are read (JSON-parsed) on a worker thread.
    static constexpr qsizetype kReadOnThreadBytes = 32 * 1024;
    // result is the reply's "result"; error is empty unless the server refused the request, the
    // request timed out or the server went away.
    using Reply = std::function<void(const nlohmann::json& result, const QString& error)>;
    using NotificationHandler =
        std::function<void(const QString& method, const nlohmann::json& params)>;

    explicit LanguageServer(QObject* parent = nullptr);
    ~LanguageServer() override;

    // Starts `program` with `arguments` and sends "initialize" with these client capabilities and
    // initialization options; ready() follows the server's answer, stopped() a failure.
    void start(const QString& program, const QStringList& arguments,
               const nlohmann::json& capabilities, const nlohmann::json& initializationOptions);
    // Asks the server to end (shutdown, exit) and ends the process if it does not within a
    // second. Pending requests are answered with an error.
    void stop();
    // Ends the process now (tests use it to play a crash).
    void kill();

    State state() const { return m_state; }
    // The server's "capabilities" from its answer to initialize.
    const nlohmann::json& capabilities() const { return m_capabilities; }
    // The offset encoding the server agreed to ("utf-8" when it took the client's offer).
    QString offsetEncoding() const { return m_offsetEncoding; }
    qint64 processId() const;

    // Sends a request; returns its id (0 when the server is not ready: reply gets an error).
    qint64 request(const QString& method, nlohmann::json params, Reply reply, int timeoutMs);
    // Drops a pending request: its reply is never called, and the server is told.
    void cancel(qint64 id);
    void notify(const QString& method, nlohmann::json params);
    void setNotificationHandler(NotificationHandler handler) {
        m_onNotification = std::move(handler);
    }

    // The last lines the server wrote to its standard error (for the messages of a failure).
    QString lastWords() const;

Q_SIGNALS:
    void ready();
    // The server is gone: it failed to start, crashed, exited, broke the protocol or hung.
    void stopped(const QString& reason);
    // A request ran past its time limit (the server is slow or hung).
    void requestTimedOut(const QString& method);

private:
    struct Pending {
        QString method;
        Reply reply;
    };

    void onReadyRead();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onErrorOccurred(QProcess::ProcessError error);
    void deliverInbox();
    void handle(const nlohmann::json& message);
    void answerServerRequest(const nlohmann::json& message);
    void fail(const QString& reason);
    void failPending(const QString& reason);
    void send(const nlohmann::json& message);

    QProcess* m_process = nullptr;
    LspFraming m_framing;
    // Messages in the order they came, some still being read on a worker thread; m_inboxStart
    // numbers the first, so that a worker's result finds its place.
    struct Incoming {
        nlohmann::json message;
        bool ready = false;
    };
    std::deque<Incoming> m_inbox;
    qint64 m_inboxStart = 0;
    State m_state = State::NotStarted;
    qint64 m_nextId = 1;
    qint64 m_initializeId = 0;
    QHash<qint64, Pending> m_pending;
    nlohmann::json m_capabilities;
    QString m_offsetEncoding = QStringLiteral("utf-16");
    NotificationHandler m_onNotification;
    QByteArray m_stderrTail;
    bool m_stopping = false;
    // Where long messages are read: a pool of its own, not QThreadPool::globalInstance(). Qt's
    // raster engine hands the pieces of a tall fill to the global pool and waits for them, so a
    // parse there would hold the GUI's next paint until it is done.
    QThreadPool m_readers;
};

} // namespace clw::ui
