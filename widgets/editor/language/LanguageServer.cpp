#include "editor/language/LanguageServer.h"

#include "editor/language/LspValues.h"

#if defined(Q_OS_WIN)
#include <windows.h>
#elif defined(Q_OS_UNIX)
#include <unistd.h>
#endif

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QPromise>
#include <QThreadPool>
#include <QTimer>

namespace clw::ui {

namespace {
constexpr qsizetype kStderrTailBytes = 4096;

// clangd parses with every core; below the GUI's priority, the GUI thread gets a core at once
// when it has work (typing stays smooth on a machine with few cores).
void lowerPriority(QProcess& process) {
#if defined(Q_OS_WIN)
    process.setCreateProcessArgumentsModifier([](QProcess::CreateProcessArguments* arguments) {
        arguments->flags |= BELOW_NORMAL_PRIORITY_CLASS;
    });
#elif defined(Q_OS_UNIX)
    process.setChildProcessModifier([] {
        // In the child between fork and exec: only async-signal-safe calls.
        (void)::nice(LanguageServer::kNiceness);
    });
#endif
}
constexpr int kInitializeTimeoutMs = 10000;
constexpr int kStopGraceMs = 1000;
} // namespace

LanguageServer::LanguageServer(QObject* parent)
    : QObject(parent) {
    m_readers.setMaxThreadCount(1); // messages are handled in order anyway
}

LanguageServer::~LanguageServer() {
    if (m_process) {
        m_process->disconnect(this);
        if (m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(1000);
        }
    }
}

qint64 LanguageServer::processId() const {
    return m_process ? m_process->processId() : 0;
}

void LanguageServer::start(const QString& program, const QStringList& arguments,
                           const nlohmann::json& capabilities,
                           const nlohmann::json& initializationOptions) {
    m_state = State::Starting;
    m_framing.reset();
    m_inboxStart += qint64(m_inbox.size());
    m_inbox.clear();
    m_stderrTail.clear();
    m_process = new QProcess(this);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &LanguageServer::onReadyRead);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        m_stderrTail.append(m_process->readAllStandardError());
        if (m_stderrTail.size() > kStderrTailBytes)
            m_stderrTail = m_stderrTail.right(kStderrTailBytes);
    });
    connect(m_process, &QProcess::finished, this, &LanguageServer::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &LanguageServer::onErrorOccurred);
    lowerPriority(*m_process);
    m_process->start(program, arguments);

    nlohmann::json params = {{"processId", QCoreApplication::applicationPid()},
                             {"rootUri", nullptr},
                             {"capabilities", capabilities},
                             {"initializationOptions", initializationOptions}};
    const qint64 id = m_nextId++;
    m_initializeId = id;
    m_pending.insert(
        id,
        {QStringLiteral("initialize"), [this](const nlohmann::json& result, const QString& error) {
             if (!error.isEmpty()) {
                 fail(tr("it did not start: %1").arg(error));
                 return;
             }
             m_capabilities = LspValues::member(result, "capabilities");
             if (result.contains("offsetEncoding") && result["offsetEncoding"].is_string())
                 m_offsetEncoding =
                     QString::fromStdString(result["offsetEncoding"].get<std::string>());
             m_state = State::Ready;
             notify(QStringLiteral("initialized"), nlohmann::json::object());
             Q_EMIT ready();
         }});
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", "initialize"}, {"params", params}});
    QTimer::singleShot(kInitializeTimeoutMs, this, [this, id] {
        if (m_pending.contains(id))
            fail(tr("it did not answer within %1 s").arg(kInitializeTimeoutMs / 1000));
    });
}

void LanguageServer::stop() {
    if (!m_process || m_state == State::Stopped)
        return;
    m_stopping = true;
    failPending(tr("the language service stopped"));
    if (m_state == State::Ready) {
        send({{"jsonrpc", "2.0"}, {"id", m_nextId++}, {"method", "shutdown"}});
        send({{"jsonrpc", "2.0"}, {"method", "exit"}});
    }
    m_state = State::Stopped;
    m_process->closeWriteChannel();
    QProcess* process = m_process;
    QTimer::singleShot(kStopGraceMs, process, [process] {
        if (process->state() != QProcess::NotRunning)
            process->kill();
    });
}

void LanguageServer::kill() {
    if (m_process && m_process->state() != QProcess::NotRunning)
        m_process->kill();
}

qint64 LanguageServer::request(const QString& method, nlohmann::json params, Reply reply,
                               int timeoutMs) {
    if (m_state != State::Ready) {
        reply(nullptr, tr("the language service is not running"));
        return 0;
    }
    const qint64 id = m_nextId++;
    m_pending.insert(id, {method, std::move(reply)});
    send({{"jsonrpc", "2.0"},
          {"id", id},
          {"method", method.toStdString()},
          {"params", std::move(params)}});
    QTimer::singleShot(timeoutMs, this, [this, id] {
        const auto it = m_pending.find(id);
        if (it == m_pending.end())
            return;
        const Pending pending = it.value();
        m_pending.erase(it);
        notify(QStringLiteral("$/cancelRequest"), {{"id", id}});
        Q_EMIT requestTimedOut(pending.method);
        pending.reply(nullptr, tr("%1 timed out").arg(pending.method));
    });
    return id;
}

void LanguageServer::cancel(qint64 id) {
    if (m_pending.remove(id) > 0 && m_state == State::Ready)
        notify(QStringLiteral("$/cancelRequest"), {{"id", id}});
}

void LanguageServer::notify(const QString& method, nlohmann::json params) {
    if (m_state == State::Stopped || !m_process)
        return;
    send({{"jsonrpc", "2.0"}, {"method", method.toStdString()}, {"params", std::move(params)}});
}

void LanguageServer::send(const nlohmann::json& message) {
    // While the process starts, QProcess keeps what is written until it runs.
    if (m_process && m_process->state() != QProcess::NotRunning)
        m_process->write(LspFraming::frame(message));
}

QString LanguageServer::lastWords() const {
    QList<QByteArray> lines = m_stderrTail.trimmed().split('\n');
    while (lines.size() > 5)
        lines.removeFirst();
    return QString::fromUtf8(lines.join('\n'));
}

void LanguageServer::onReadyRead() {
    QString error;
    for (QByteArray& body : m_framing.split(m_process->readAllStandardOutput(), &error)) {
        m_inbox.push_back({});
        if (body.size() < kReadOnThreadBytes) {
            m_inbox.back().message = LspFraming::parse(body);
            m_inbox.back().ready = true;
            continue;
        }
        // A long message (a whole file's semantic tokens) is read on a worker thread: reading
        // it here would hold the GUI for several milliseconds. Answers are still handled in the
        // order they came.
        const qint64 slot = m_inboxStart + qint64(m_inbox.size()) - 1;
        auto promise = std::make_shared<QPromise<nlohmann::json>>();
        auto* watcher = new QFutureWatcher<nlohmann::json>(this);
        connect(watcher, &QFutureWatcher<nlohmann::json>::finished, this, [this, watcher, slot] {
            watcher->deleteLater();
            const qint64 index = slot - m_inboxStart;
            if (index < 0 || index >= qint64(m_inbox.size()) ||
                watcher->future().resultCount() == 0)
                return; // the server was restarted meanwhile
            m_inbox[std::size_t(index)].message = watcher->future().result();
            m_inbox[std::size_t(index)].ready = true;
            deliverInbox();
        });
        watcher->setFuture(promise->future());
        promise->start();
        m_readers.start([promise, body = std::move(body)] {
            promise->addResult(LspFraming::parse(body));
            promise->finish();
        });
    }
    deliverInbox();
    if (!error.isEmpty())
        fail(tr("it broke the protocol: %1").arg(error));
}

void LanguageServer::deliverInbox() {
    while (!m_inbox.empty() && m_inbox.front().ready && m_state != State::Stopped) {
        const nlohmann::json message = std::move(m_inbox.front().message);
        m_inbox.pop_front();
        ++m_inboxStart;
        if (message.is_discarded()) {
            fail(tr("it broke the protocol: %1").arg(LspFraming::notAnObject()));
            return;
        }
        handle(message);
    }
}

void LanguageServer::handle(const nlohmann::json& message) {
    const bool hasId = message.contains("id") && !message["id"].is_null();
    if (message.contains("method")) {
        if (hasId) {
            answerServerRequest(message);
        } else if (m_onNotification && message["method"].is_string()) {
            m_onNotification(QString::fromStdString(message["method"].get<std::string>()),
                             LspValues::member(message, "params"));
        }
        return;
    }
    if (!hasId || !message["id"].is_number_integer())
        return; // a reply to nothing we sent
    const auto it = m_pending.find(message["id"].get<qint64>());
    if (it == m_pending.end())
        return; // cancelled or timed out: the answer comes too late
    const Pending pending = it.value();
    m_pending.erase(it);
    if (message.contains("error")) {
        const nlohmann::json& error = message["error"];
        const std::string text =
            error.is_object() && error.contains("message") && error["message"].is_string()
                ? error["message"].get<std::string>()
                : error.dump();
        pending.reply(nullptr, QString::fromStdString(text));
        return;
    }
    pending.reply(LspValues::member(message, "result"), {});
}

void LanguageServer::answerServerRequest(const nlohmann::json& message) {
    // The requests clangd makes of a client: progress tokens, capability registration and
    // configuration. Each gets an empty answer; anything else gets "method not found".
    const std::string method =
        message["method"].is_string() ? message["method"].get<std::string>() : std::string();
    nlohmann::json reply = {{"jsonrpc", "2.0"}, {"id", message["id"]}};
    if (method == "window/workDoneProgress/create" || method == "client/registerCapability" ||
        method == "client/unregisterCapability")
        reply["result"] = nullptr;
    else if (method == "workspace/configuration")
        reply["result"] = nlohmann::json::array();
    else
        reply["error"] = {{"code", -32601}, {"message", "method not found"}};
    send(reply);
}

void LanguageServer::onFinished(int exitCode, QProcess::ExitStatus status) {
    if (m_stopping || m_state == State::Stopped) {
        m_state = State::Stopped;
        return;
    }
    fail(status == QProcess::CrashExit ? tr("it crashed")
                                       : tr("it exited with status %1").arg(exitCode));
}

void LanguageServer::onErrorOccurred(QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart)
        fail(tr("it could not be started: %1").arg(m_process->errorString()));
}

void LanguageServer::fail(const QString& reason) {
    if (m_state == State::Stopped)
        return;
    m_state = State::Stopped;
    failPending(reason);
    if (m_process && m_process->state() != QProcess::NotRunning)
        m_process->kill();
    Q_EMIT stopped(reason);
}

void LanguageServer::failPending(const QString& reason) {
    const QHash<qint64, Pending> pending = std::exchange(m_pending, {});
    for (const Pending& entry : pending)
        entry.reply(nullptr, reason);
}

} // namespace clw::ui
