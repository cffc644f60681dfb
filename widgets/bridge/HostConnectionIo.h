#pragma once
// The I/O side of a HostConnection. The QProcess, the host's stderr and the watchdogs live on
// the connection's own thread; requests are written from the caller's thread and replies read by
// the caller waiting for one, else by a reader thread (HostReplyReader), which fulfil the
// futures. Its public functions are safe from any thread; they post to the I/O thread what must
// run there.
#include "bridge/HostConnection.h"
#include "bridge/HostReplyReader.h"
#include "bridge/HostSocket.h"
#include "bridge/PoclCacheLeftovers.h"

#include "clw/engine/protocol/HostFrame.h"

#include <QObject>
#include <QProcess>

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

class QTimer;

namespace clw::ui {

class HostConnectionIo : public QObject {
    Q_OBJECT
public:
    explicit HostConnectionIo(HostConnection::Launch launch);
    ~HostConnectionIo() override;

    // Any thread.
    HostConnection::Call request(std::string verb, nlohmann::json body, std::string typed,
                                 std::vector<unsigned char> bulk, HostConnection::Options options,
                                 bool wantReply);
    void cancel(std::uint64_t id);
    void stop(const QString& reason);
    bool isStopped() const;
    QString stoppedMessage() const;
    QString label() const { return m_launch.label; }
    void setEndedUnseenCallback(std::function<void(const QString&)> callback);

    // I/O thread.
    void start();
    void shutDown();

private:
    using Clock = std::chrono::steady_clock;
    struct Pending {
        std::promise<engine::HostMessage> promise;
        HostConnection::Options options;
        // The watchdog's: when the request has run past its limit, and that limit.
        std::optional<Clock::time_point> deadline;
        std::chrono::milliseconds limit{0};
    };

    // The reader thread.
    void readReplies();
    // Any thread that reads.
    void deliver(engine::HostMessage message);
    void readErrors();
    void finished(int exitCode, QProcess::ExitStatus status);
    // Said once the host's process has ended and its replies have all been read.
    void concludeIfEnded();
    void failedToStart();
    // Under m_mutex: gives the request a new deadline, and brings the watchdog's timer forward
    // when it would ring after it. A later deadline needs no call: the timer, when it rings,
    // looks at the deadlines then (most requests end long before, with no wake-up at all).
    void setDeadline(Pending& pending, std::chrono::milliseconds limit);
    // I/O thread: ends the host for a request past its deadline, else sets the timer anew.
    void watchdogRang();
    void stopNow(const QString& reason, const QString& what);
    // Kills the host, noting the PoCL cache files it was writing; removeLeftovers() removes them
    // once it has ended (PoclCacheLeftovers.h).
    void killHost();
    void removeLeftovers();
    void declareStopped(const QString& message);
    // " Its last words:\n<the last lines of stderr>", then "\nWhere it stopped:\n<stack>" when
    // the host reported a fatal signal; empty when it wrote nothing.
    QString lastWords() const;
    // What the requests waiting for a reply do: "running `a` and reading a buffer for ...".
    QString runningWhat() const;

    HostConnection::Launch m_launch;
    std::shared_ptr<HostSocket> m_socket;       // null when the system refused it
    std::shared_ptr<HostReplyReader> m_replies; // null with m_socket; shared with the replies
    std::mutex m_writeMutex;                    // one frame at a time into the socket
    std::thread m_readerThread;
    QProcess* m_process = nullptr;
    QByteArray m_stderr; // the tail of what the host wrote to stderr
    // I/O thread: the process's end, kept until the reader has read everything before it.
    std::optional<std::pair<int, QProcess::ExitStatus>> m_exit;
    PoclCacheLeftovers m_leftovers; // I/O thread
    bool m_readerEnded = false;
    bool m_closing = false;

    mutable std::mutex m_mutex; // guards what follows
    std::map<std::uint64_t, Pending> m_pending;
    std::uint64_t m_nextId = 1;
    QTimer* m_watchdog = nullptr;                  // one for every request, on the I/O thread
    std::optional<Clock::time_point> m_watchdogAt; // when it rings, if set
    QString m_stoppedMessage;
    bool m_stopped = false;
    QString m_stopReason; // set when the workbench ended the host on purpose
    QString m_stopWhat;
    std::function<void(const QString&)> m_endedUnseenCallback;
};

} // namespace clw::ui
