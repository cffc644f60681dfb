#include "bridge/HostConnectionIo.h"

#include "bridge/HostStopped.h"

#include "clw/engine/protocol/HostProtocolError.h"

#include <QTimer>

#include <csignal>

namespace clw::ui {

using engine::HostMessage;

namespace {

constexpr qsizetype kStderrTail = 16 * 1024;
constexpr int kLastWordsLines = 8;
constexpr int kStackLines = 24;

QString signalName(int number) {
    switch (number) {
#ifdef SIGABRT
    case SIGABRT:
        return QStringLiteral("SIGABRT");
#endif
#ifdef SIGSEGV
    case SIGSEGV:
        return QStringLiteral("SIGSEGV");
#endif
#ifdef SIGKILL
    case SIGKILL:
        return QStringLiteral("SIGKILL");
#endif
#ifdef SIGTERM
    case SIGTERM:
        return QStringLiteral("SIGTERM");
#endif
#ifdef SIGFPE
    case SIGFPE:
        return QStringLiteral("SIGFPE");
#endif
#ifdef SIGILL
    case SIGILL:
        return QStringLiteral("SIGILL");
#endif
#ifdef SIGBUS
    case SIGBUS:
        return QStringLiteral("SIGBUS");
#endif
    default:
        return QStringLiteral("signal %1").arg(number);
    }
}

} // namespace

HostConnectionIo::HostConnectionIo(HostConnection::Launch launch)
    : m_launch(std::move(launch)) {}

HostConnectionIo::~HostConnectionIo() = default;

void HostConnectionIo::start() {
    m_process = new QProcess(this);
    m_process->setProgram(m_launch.program);
    m_process->setArguments(m_launch.arguments);
    m_process->setProcessEnvironment(m_launch.environment);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &HostConnectionIo::readReplies);
    connect(m_process, &QProcess::readyReadStandardError, this, &HostConnectionIo::readErrors);
    connect(m_process, &QProcess::finished, this, &HostConnectionIo::finished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            failedToStart();
    });
    m_process->start();
}

void HostConnectionIo::shutDown() {
    if (m_process && m_process->state() != QProcess::NotRunning) {
        // Closing its input ends a host that is idle; one stuck in a driver call is killed.
        m_process->closeWriteChannel();
        if (!m_process->waitForFinished(500)) {
            m_process->kill();
            m_process->waitForFinished(2000);
        }
    }
    declareStopped(QStringLiteral("The device host for `%1` was closed.").arg(m_launch.label));
}

HostConnection::Call HostConnectionIo::request(std::string verb, nlohmann::json body,
                                               std::vector<unsigned char> bulk,
                                               HostConnection::Options options, bool wantReply) {
    HostConnection::Call call;
    HostMessage message;
    {
        std::lock_guard lock(m_mutex);
        call.id = m_nextId++;
        message = HostMessage::request(call.id, std::move(verb), std::move(body));
        message.tag = options.tag;
        message.generation = options.generation;
        message.bulk = std::move(bulk);
        Pending pending;
        pending.wantReply = wantReply;
        if (m_stopped) {
            pending.promise.set_exception(
                std::make_exception_ptr(HostStopped(m_stoppedMessage.toStdString())));
            call.reply = pending.promise.get_future();
            return call;
        }
        call.reply = pending.promise.get_future();
        const auto limit = options.limit;
        pending.options = std::move(options);
        // A post's reply, if any, finds nobody waiting and is dropped.
        if (wantReply)
            m_pending.emplace(call.id, std::move(pending));
        QMetaObject::invokeMethod(
            this,
            [this, id = call.id, limit, frame = engine::HostFrame::encode(message)] {
                if (m_process->state() == QProcess::NotRunning)
                    return; // finished() fails the request
                m_process->write(reinterpret_cast<const char*>(frame.data()), qint64(frame.size()));
                if (limit.count() > 0)
                    armWatchdog(id, limit);
            },
            Qt::QueuedConnection);
    }
    return call;
}

void HostConnectionIo::armWatchdog(std::uint64_t id, std::chrono::milliseconds limit) {
    std::lock_guard lock(m_mutex);
    const auto found = m_pending.find(id);
    if (found == m_pending.end())
        return;
    QTimer*& timer = found->second.watchdog;
    if (!timer) {
        timer = new QTimer(this);
        timer->setSingleShot(true);
        connect(timer, &QTimer::timeout, this, [this, id] {
            QString what;
            std::chrono::milliseconds limit{0};
            {
                std::lock_guard lock(m_mutex);
                const auto found = m_pending.find(id);
                if (found == m_pending.end())
                    return;
                what = found->second.options.what;
                limit = std::chrono::milliseconds(found->second.watchdog->interval());
            }
            stopNow(QStringLiteral("it ran past its limit of %1 s (the watchdog ended it)")
                        .arg(double(limit.count()) / 1000.0, 0, 'g', 3),
                    what);
        });
    }
    timer->start(int(limit.count()));
}

void HostConnectionIo::cancel(std::uint64_t id) {
    request("cancel", {{"id", id}}, {}, {}, false);
}

void HostConnectionIo::stop(const QString& reason) {
    QMetaObject::invokeMethod(
        this, [this, reason] { stopNow(reason, runningWhat()); }, Qt::QueuedConnection);
}

void HostConnectionIo::stopNow(const QString& reason, const QString& what) {
    {
        std::lock_guard lock(m_mutex);
        if (m_stopped || !m_stopReason.isEmpty())
            return;
        m_stopReason = reason;
        m_stopWhat = what;
    }
    if (m_process && m_process->state() != QProcess::NotRunning)
        m_process->kill(); // finished() follows and says so
}

QString HostConnectionIo::runningWhat() const {
    std::lock_guard lock(m_mutex);
    for (const auto& [id, pending] : m_pending)
        if (!pending.options.what.isEmpty())
            return pending.options.what;
    return {};
}

bool HostConnectionIo::isStopped() const {
    std::lock_guard lock(m_mutex);
    return m_stopped;
}

QString HostConnectionIo::stoppedMessage() const {
    std::lock_guard lock(m_mutex);
    return m_stoppedMessage;
}

void HostConnectionIo::setStoppedCallback(std::function<void(const QString&)> callback) {
    std::lock_guard lock(m_mutex);
    m_stoppedCallback = std::move(callback);
}

void HostConnectionIo::readReplies() {
    const QByteArray bytes = m_process->readAllStandardOutput();
    try {
        m_reader.feed(
            {reinterpret_cast<const unsigned char*>(bytes.constData()), std::size_t(bytes.size())});
    } catch (const engine::HostProtocolError& error) {
        stopNow(QStringLiteral("it wrote something that is not the protocol (%1)")
                    .arg(QString::fromStdString(error.what())),
                runningWhat());
        return;
    }
    for (;;) {
        try {
            std::optional<HostMessage> message = m_reader.next();
            if (!message)
                return;
            deliver(std::move(*message));
        } catch (const engine::HostProtocolError& error) {
            // One unreadable message: said on the log through the host's last words.
            m_stderr.append("workbench: refused a message of the host: ");
            m_stderr.append(error.what());
            m_stderr.append('\n');
        }
    }
}

void HostConnectionIo::deliver(HostMessage message) {
    std::unique_lock lock(m_mutex);
    const auto found = m_pending.find(message.id);
    if (found == m_pending.end())
        return; // a reply to a request given up, or an event of no request
    Pending& pending = found->second;
    if (message.kind == HostMessage::Kind::Event) {
        const auto onEvent = pending.options.onEvent;
        std::chrono::milliseconds limit = pending.options.limit;
        if (pending.options.phaseLimit)
            limit = pending.options.phaseLimit(message.body.value("phase", std::string()));
        lock.unlock();
        if (limit.count() > 0)
            armWatchdog(message.id, limit);
        if (onEvent)
            onEvent(message.body);
        return;
    }
    if (pending.watchdog)
        pending.watchdog->deleteLater();
    if (message.kind == HostMessage::Kind::Failure)
        pending.promise.set_exception(
            std::make_exception_ptr(HostRequestFailed(message.failureText())));
    else
        pending.promise.set_value(std::move(message));
    m_pending.erase(found);
}

void HostConnectionIo::readErrors() {
    m_stderr.append(m_process->readAllStandardError());
    if (m_stderr.size() > kStderrTail)
        m_stderr.remove(0, m_stderr.size() - kStderrTail);
}

QString HostConnectionIo::lastWords() const {
    QStringList lines = QString::fromUtf8(m_stderr).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // The stack of a fatal signal comes after the words: it is told apart.
    QStringList stack;
    const QString heading = QString::fromLatin1(kStackHeading);
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        if (lines[i].endsWith(heading)) {
            stack = lines.mid(i + 1, kStackLines);
            lines = lines.mid(0, i);
            break;
        }
    }
    QString words =
        lines.mid(std::max<qsizetype>(0, lines.size() - kLastWordsLines)).join(QLatin1Char('\n'));
    if (!words.isEmpty())
        words = QStringLiteral(" Its last words:\n") + words;
    if (!stack.isEmpty())
        words += QStringLiteral("\nWhere it stopped:\n") + stack.join(QLatin1Char('\n'));
    return words;
}

void HostConnectionIo::failedToStart() {
    declareStopped(QStringLiteral("The device host for `%1` could not be started (%2: %3). "
                                  "clworkbench-host belongs beside clworkbench: reinstall the "
                                  "workbench.")
                       .arg(m_launch.label, m_launch.program, m_process->errorString()));
}

void HostConnectionIo::finished(int exitCode, QProcess::ExitStatus status) {
    readReplies(); // what it answered before it went
    readErrors();
    QString reason;
    QString what;
    {
        std::lock_guard lock(m_mutex);
        reason = m_stopReason;
        what = m_stopWhat;
    }
    if (what.isEmpty())
        what = runningWhat();
    const QString where = what.isEmpty() ? QString() : QStringLiteral(" while %1").arg(what);
    QString message;
    if (!reason.isEmpty()) {
        message = QStringLiteral("The device host for `%1` was stopped%2: %3.")
                      .arg(m_launch.label, where, reason);
    } else {
        // On Unix, QProcess gives the signal's number as the exit code of a crash.
        const QString how = status == QProcess::CrashExit
                                ? signalName(exitCode)
                                : QStringLiteral("exit status %1").arg(exitCode);
        message = QStringLiteral("The device host for `%1` stopped%2 (%3).")
                      .arg(m_launch.label, where, how);
    }
    declareStopped(message + lastWords());
}

void HostConnectionIo::declareStopped(const QString& message) {
    std::map<std::uint64_t, Pending> pending;
    std::function<void(const QString&)> callback;
    {
        std::lock_guard lock(m_mutex);
        if (m_stopped)
            return;
        m_stopped = true;
        m_stoppedMessage = message;
        pending.swap(m_pending);
        callback = m_stoppedCallback;
    }
    for (auto& [id, waiting] : pending) {
        if (waiting.watchdog)
            waiting.watchdog->deleteLater();
        waiting.promise.set_exception(std::make_exception_ptr(HostStopped(message.toStdString())));
    }
    if (callback)
        callback(message);
}

} // namespace clw::ui
