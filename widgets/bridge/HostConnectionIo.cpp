#include "bridge/HostConnectionIo.h"

#include "bridge/HostStopped.h"

#include "clw/engine/protocol/HostProtocolError.h"

#include <QTimer>

#include <csignal>

namespace clw::ui {

using engine::HostMessage;

namespace {

constexpr qsizetype kStderrTail = 16 * 1024;
// How long the replies a host wrote before it ended may take to be read, before a reader kept
// waiting by a process the host started (and which holds its end) is woken.
constexpr int kDrainMs = 250;
constexpr int kLastWordsLines = 8;
constexpr int kStackLines = 24;

#ifndef _WIN32
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
#endif

// How a crashed host ended. On Unix, QProcess gives the signal's number as the exit code of a
// crash; on Windows, the exception's code (named as the host's FatalSignalsWindows.cpp does).
QString crashName(int exitCode) {
#ifdef _WIN32
    switch (quint32(exitCode)) {
    case 0xC0000005:
        return QStringLiteral("EXCEPTION_ACCESS_VIOLATION");
    case 0xC000001D:
        return QStringLiteral("EXCEPTION_ILLEGAL_INSTRUCTION");
    case 0xC0000094:
        return QStringLiteral("EXCEPTION_INT_DIVIDE_BY_ZERO");
    case 0xC00000FD:
        return QStringLiteral("EXCEPTION_STACK_OVERFLOW");
    case 0xC0000006:
        return QStringLiteral("EXCEPTION_IN_PAGE_ERROR");
    default:
        return QStringLiteral("exception 0x%1").arg(quint32(exitCode), 8, 16, QLatin1Char('0'));
    }
#else
    return signalName(exitCode);
#endif
}

} // namespace

HostConnectionIo::HostConnectionIo(HostConnection::Launch launch)
    : m_launch(std::move(launch)) {
    try {
        m_socket = std::make_shared<HostSocket>(m_launch.spin.count() > 0);
    } catch (const std::exception& error) {
        declareStopped(QString::fromStdString(error.what()));
        return;
    }
    HostReplyReader::Handlers handlers;
    handlers.deliver = [this](HostMessage message) { deliver(std::move(message)); };
    handlers.broken = [this](const std::string& error) {
        const QString reason = QStringLiteral("it wrote something that is not the protocol (%1)")
                                   .arg(QString::fromStdString(error));
        QMetaObject::invokeMethod(
            this, [this, reason] { stopNow(reason, runningWhat()); }, Qt::QueuedConnection);
    };
    handlers.refused = [this](const std::string& error) {
        // One unreadable message: said on the log through the host's last words.
        const QByteArray line =
            QByteArray("workbench: refused a message of the host: ") + error.c_str() + '\n';
        QMetaObject::invokeMethod(
            this, [this, line] { m_stderr.append(line); }, Qt::QueuedConnection);
    };
    m_replies = std::make_shared<HostReplyReader>(m_socket, std::move(handlers), m_launch.spin);
}

HostConnectionIo::~HostConnectionIo() {
    if (m_readerThread.joinable()) { // shutDown() joins it; this is for a start never run
        m_replies->close();
        m_readerThread.join();
    }
}

void HostConnectionIo::start() {
    m_watchdog = new QTimer(this);
    m_watchdog->setSingleShot(true);
    connect(m_watchdog, &QTimer::timeout, this, &HostConnectionIo::watchdogRang);
    if (!m_socket)
        return;
    m_process = new QProcess(this);
    m_process->setProgram(m_launch.program);
    QStringList arguments = m_launch.arguments;
    if (m_launch.spin.count() > 0)
        arguments << QStringLiteral("--spin-us") << QString::number(m_launch.spin.count());
    m_process->setArguments(arguments);
    m_process->setProcessEnvironment(m_launch.environment);
    m_socket->attach(*m_process, m_launch.niceness);
    connect(m_process, &QProcess::readyReadStandardError, this, &HostConnectionIo::readErrors);
    connect(m_process, &QProcess::finished, this, &HostConnectionIo::finished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            failedToStart();
    });
    m_process->start();
    m_socket->releaseHostEnd();
    m_readerThread = std::thread([this] { readReplies(); });
}

void HostConnectionIo::shutDown() {
    m_closing = true;
    if (m_process && m_process->state() != QProcess::NotRunning) {
        // The end of its input ends a host that is idle; one stuck in a driver call is killed.
        m_socket->closeWrite();
        if (!m_process->waitForFinished(500)) {
            killHost();
            m_process->waitForFinished(2000);
            removeLeftovers();
        }
    }
    if (m_readerThread.joinable()) {
        m_replies->close(); // no reply is delivered after this, by any thread
        m_readerThread.join();
    }
    declareStopped(QStringLiteral("The device host for `%1` was closed.").arg(m_launch.label));
}

HostConnection::Call HostConnectionIo::request(std::string verb, nlohmann::json body,
                                               std::string typed, std::vector<unsigned char> bulk,
                                               HostConnection::Options options, bool wantReply) {
    HostConnection::Call call;
    std::optional<HostMessage> made; // made once, under the lock, which numbers it
    {
        std::lock_guard lock(m_mutex);
        call.id = wantReply ? m_nextId++ : 0; // 0: a post, which the host does not answer
        if (m_stopped) { // a request fails at once with the stop's words; a post is dropped
            if (wantReply) {
                std::promise<HostMessage> stopped;
                stopped.set_exception(
                    std::make_exception_ptr(HostStopped(m_stoppedMessage.toStdString())));
                call.reply = HostReply(stopped.get_future(), nullptr);
            }
            return call;
        }
        HostMessage& message =
            made.emplace(HostMessage::request(call.id, std::move(verb), std::move(body)));
        message.typed = std::move(typed);
        message.tag = options.tag;
        message.generation = options.generation;
        message.bulk = std::move(bulk);
        // A post's reply is nobody's: it gets no promise (one dropped while its future lived
        // made a broken_promise exception), two posts after every run releasing the buffers of
        // the run before.
        if (wantReply) {
            Pending pending;
            call.reply = HostReply(pending.promise.get_future(), m_replies);
            const auto limit = options.limit;
            pending.options = std::move(options);
            Pending& waiting = m_pending.emplace(call.id, std::move(pending)).first->second;
            if (limit.count() > 0)
                setDeadline(waiting, limit);
        }
    }
    // Written here rather than on the I/O thread: one hop less each way. A host that is gone
    // refuses the bytes; the end of its process fails the request.
    // The bulk goes from where it is, not copied behind the head.
    const std::vector<unsigned char> head = engine::HostFrame::encodeHead(*made);
    std::lock_guard write(m_writeMutex);
    if (m_socket->write(head))
        m_socket->write(made->bulk);
    return call;
}

void HostConnectionIo::setDeadline(Pending& pending, std::chrono::milliseconds limit) {
    pending.limit = limit;
    pending.deadline = Clock::now() + limit;
    if (m_watchdogAt && *m_watchdogAt <= *pending.deadline)
        return;
    m_watchdogAt = pending.deadline;
    QMetaObject::invokeMethod(
        this,
        [this] {
            std::lock_guard lock(m_mutex);
            if (!m_watchdogAt)
                return;
            const auto wait =
                std::chrono::ceil<std::chrono::milliseconds>(*m_watchdogAt - Clock::now());
            m_watchdog->start(int(std::max<std::chrono::milliseconds::rep>(0, wait.count())));
        },
        Qt::QueuedConnection);
}

void HostConnectionIo::watchdogRang() {
    QString what;
    std::chrono::milliseconds limit{0};
    {
        std::lock_guard lock(m_mutex);
        const Clock::time_point now = Clock::now();
        std::optional<Clock::time_point> next;
        for (const auto& [id, pending] : m_pending) {
            if (!pending.deadline)
                continue;
            if (*pending.deadline <= now && limit.count() == 0) {
                what = pending.options.what;
                limit = pending.limit;
            }
            if (!next || *pending.deadline < *next)
                next = pending.deadline;
        }
        m_watchdogAt = limit.count() > 0 ? std::nullopt : next;
        if (m_watchdogAt)
            m_watchdog->start(int(std::max<std::chrono::milliseconds::rep>(
                0, std::chrono::ceil<std::chrono::milliseconds>(*m_watchdogAt - now).count())));
    }
    if (limit.count() > 0)
        stopNow(QStringLiteral("it ran past its limit of %1 s (the watchdog ended it)")
                    .arg(double(limit.count()) / 1000.0, 0, 'g', 3),
                what);
}

void HostConnectionIo::cancel(std::uint64_t id) {
    request("cancel", {{"id", id}}, {}, {}, {}, false);
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
        killHost(); // finished() follows and says so
}

void HostConnectionIo::killHost() {
    m_leftovers = PoclCacheLeftovers::heldBy(
        m_process->processId(), PoclCacheLeftovers::cacheFolderOf(m_launch.environment));
    m_process->kill();
}

void HostConnectionIo::removeLeftovers() {
    if (m_leftovers.files().isEmpty() || !m_process || m_process->state() != QProcess::NotRunning)
        return;
    m_leftovers.remove();
}

QString HostConnectionIo::runningWhat() const {
    // Every request the host held, in the order they were made: which of them the driver was in
    // when it crashed, the host cannot say (the first alone named an editor's build for a
    // kernel's crash in a run).
    QStringList held;
    {
        std::lock_guard lock(m_mutex);
        for (const auto& [id, pending] : m_pending)
            if (!pending.options.what.isEmpty() && !held.contains(pending.options.what))
                held.append(pending.options.what);
    }
    // The session's build of a file and the editor's of the same file are said once: "building
    // `k.cl` for the session and the editor".
    const QString forTheEditor = QLatin1String(kForTheEditor);
    QStringList said;
    for (const QString& what : held) {
        if (what.endsWith(forTheEditor) && held.contains(what.chopped(forTheEditor.size())))
            continue; // said with the session's
        said.append(held.contains(what + forTheEditor)
                        ? what + QStringLiteral(" for the session and the editor")
                        : what);
    }
    return said.join(QStringLiteral(" and "));
}

bool HostConnectionIo::isStopped() const {
    std::lock_guard lock(m_mutex);
    return m_stopped;
}

QString HostConnectionIo::stoppedMessage() const {
    std::lock_guard lock(m_mutex);
    return m_stoppedMessage;
}

void HostConnectionIo::setEndedUnseenCallback(std::function<void(const QString&)> callback) {
    std::lock_guard lock(m_mutex);
    m_endedUnseenCallback = std::move(callback);
}

void HostConnectionIo::readReplies() {
    m_replies->readUntilEnd();
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_readerEnded = true;
            concludeIfEnded();
        },
        Qt::QueuedConnection);
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
        if (limit.count() > 0)
            setDeadline(pending, limit);
        lock.unlock();
        if (onEvent)
            onEvent(message.body);
        return;
    }
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
        words = QLatin1String(kLastWordsHeading) + QLatin1Char('\n') + words;
    if (!stack.isEmpty())
        words += QLatin1Char('\n') + QLatin1String(kStackPlaceHeading) + QLatin1Char('\n') +
                 stack.join(QLatin1Char('\n'));
    return words;
}

void HostConnectionIo::failedToStart() {
    declareStopped(QStringLiteral("The device host for `%1` could not be started (%2: %3). "
                                  "clworkbench-host belongs beside clworkbench: reinstall the "
                                  "workbench.")
                       .arg(m_launch.label, m_launch.program, m_process->errorString()));
}

void HostConnectionIo::finished(int exitCode, QProcess::ExitStatus status) {
    readErrors();
    m_exit = {exitCode, status};
    removeLeftovers();
    if (m_closing)
        return; // shutDown() says so
    concludeIfEnded();
    if (!m_readerEnded)
        QTimer::singleShot(kDrainMs, this, [this] {
            if (!m_readerEnded)
                m_socket->shutDown();
        });
}

void HostConnectionIo::concludeIfEnded() {
    // What the host answered before it went is delivered before its end is said.
    if (!m_exit || !m_readerEnded || m_closing)
        return;
    const auto [exitCode, status] = *m_exit;
    QString reason;
    QString what;
    {
        std::lock_guard lock(m_mutex);
        reason = m_stopReason;
        what = m_stopWhat;
    }
    bool idle = false;
    if (what.isEmpty()) {
        std::lock_guard lock(m_mutex);
        idle = m_pending.empty();
    }
    if (what.isEmpty())
        what = runningWhat();
    const QString where = !what.isEmpty() ? QStringLiteral(" while %1").arg(what)
                          : idle          ? QStringLiteral(" while idle")
                                          : QString();
    QString message;
    if (!reason.isEmpty()) {
        message = QStringLiteral("The device host for `%1` was stopped%2: %3.")
                      .arg(m_launch.label, where, reason);
    } else {
        const QString how = status == QProcess::CrashExit
                                ? crashName(exitCode)
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
        // Nobody waits for a reply that would say it, and the workbench did not end it.
        if (pending.empty() && m_stopReason.isEmpty() && !m_closing)
            callback = m_endedUnseenCallback;
    }
    for (auto& [id, waiting] : pending) {
        waiting.promise.set_exception(std::make_exception_ptr(HostStopped(message.toStdString())));
    }
    if (callback)
        callback(message);
}

} // namespace clw::ui
