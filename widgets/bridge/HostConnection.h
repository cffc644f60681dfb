#pragma once
// One device host process (clworkbench-host) and the private channel to it (HostSocket), which
// the host has as its standard input and output; QProcess starts it and watches it on every
// system. Requests are sent from any thread and answered through futures; a request's watchdog ends
// the host when it runs past its limit, and Stop ends it at once. When the host stops, every
// request waiting on it fails with HostStopped saying where it was and the host's last words (its
// stderr), and the connection stays stopped: DeviceHosts starts a new one.
#include "bridge/HostReply.h"

#include "clw/engine/protocol/HostMessage.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>
#include <memory>

class QThread;

namespace clw::ui {

class HostConnectionIo;

struct HostLaunch {
    QString program;
    QStringList arguments;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QString label;    // the platform's name, for messages ("the device host for `...`")
    int niceness = 0; // HostSocket::attach
    // How long each side waits for the other's next message awake (polling) before it sleeps:
    // the workbench's caller for its reply, the host's reader for the next request (its
    // --spin-us). A thread woken from sleep costs 5 to 25 us; a request answered within the
    // window costs none of that. Zero: both sleep at once. The default spins only where there
    // are cores to spare.
    std::chrono::microseconds spin = defaultSpin();

    static std::chrono::microseconds defaultSpin();
};

struct HostRequestOptions {
    // Ends the host when no reply or event came for this long; zero: no limit. Each event
    // (progress) starts the time again, with `phaseLimit` of the event's phase when given.
    std::chrono::milliseconds limit{0};
    std::function<std::chrono::milliseconds(const std::string& phase)> phaseLimit;
    // What the request does, for the message when the host stops: "running `vector_add`".
    QString what;
    // Events of the request (progress), on the connection's reader thread: only post from it.
    std::function<void(const nlohmann::json&)> onEvent;
    std::string tag;
    std::uint64_t generation = 0;
};

struct HostCall {
    std::uint64_t id = 0;
    HostReply reply; // get() throws HostStopped or HostRequestFailed
};

class HostConnection {
public:
    using Launch = HostLaunch;
    using Options = HostRequestOptions;
    using Call = HostCall;

    // Starts the process (on the connection's own thread; a failure to start shows as the
    // connection stopping).
    explicit HostConnection(Launch launch);
    // Ends the process if it still runs and joins the I/O thread.
    ~HostConnection();
    HostConnection(const HostConnection&) = delete;
    HostConnection& operator=(const HostConnection&) = delete;

    // Any thread. The frame is written before request() returns: a large bulk takes as long as
    // the host needs to read it, so it is sent from a worker, never from the GUI thread.
    Call request(std::string verb, nlohmann::json body, std::vector<unsigned char> bulk = {},
                 Options options = {});
    // A request whose body is typed (HostMessage::typed: the protobuf bytes of the verb's
    // message, HostRun.proto), with an empty JSON body.
    Call requestTyped(std::string verb, std::string typed, Options options = {});
    // A request whose reply nobody waits for; the host does not send one.
    void post(std::string verb, nlohmann::json body);
    // A post whose body is typed (releasing buffers, HostReleaseBatch::release).
    void postTyped(std::string verb, std::string typed);
    // Asks the host to cancel a request (its job checks between steps).
    void cancel(std::uint64_t id);
    // Ends the host now; waiting requests fail with "... was stopped while ...: <reason>".
    void stop(const QString& reason);

    bool isStopped() const;
    // Empty while the host runs.
    QString stoppedMessage() const;
    QString label() const;
    // Called once, on the I/O thread, with the message, when the host ended on its own while no
    // request waited for a reply ("... stopped while idle (SIGSEGV)": a driver that crashed
    // freeing released buffers, a host the system killed), which nobody else would say. Only
    // post from it.
    void setEndedUnseenCallback(std::function<void(const QString&)> callback);

private:
    std::unique_ptr<QThread> m_thread;
    HostConnectionIo* m_io; // lives on m_thread
};

} // namespace clw::ui
