#include "debug/DebugChannel.h"

#include <QSocketNotifier>
#include <QTemporaryDir>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace clw::ui {

namespace {

// Closed in the programs this process starts, and never blocking the GUI thread. Set apart from
// socket() and accept(): their flags for it (SOCK_CLOEXEC, accept4) are Linux's, not macOS's.
bool makePrivateAndNonBlocking(int fd) {
    return ::fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 &&
           ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK) == 0;
}

// The debugger's end going away must not end the workbench with SIGPIPE.
#ifdef MSG_NOSIGNAL
constexpr int kSendFlags = MSG_NOSIGNAL;
#else
constexpr int kSendFlags = 0; // macOS: SO_NOSIGPIPE is set on the connection instead
#endif

} // namespace

DebugChannel::DebugChannel(QObject* parent)
    : QObject(parent) {}

DebugChannel::~DebugChannel() {
    close();
}

QString DebugChannel::listen(QString& problem) {
    close();
    m_folder = std::make_unique<QTemporaryDir>(); // made 0700: only the user reaches the socket
    const QByteArray path = m_folder->filePath(QStringLiteral("debug.sock")).toLocal8Bit();
    sockaddr_un address{};
    if (!m_folder->isValid() || size_t(path.size()) >= sizeof(address.sun_path)) {
        problem = tr("no private folder for the debugger's socket");
        return {};
    }
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()) + 1);
    m_listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (m_listener < 0 || !makePrivateAndNonBlocking(m_listener) ||
        ::bind(m_listener, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
        ::listen(m_listener, 1) != 0) {
        problem = tr("the debugger's socket: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        close();
        return {};
    }
    m_acceptNotifier = new QSocketNotifier(m_listener, QSocketNotifier::Read, this);
    connect(m_acceptNotifier, &QSocketNotifier::activated, this, &DebugChannel::accept);
    return QString::fromLocal8Bit(path);
}

void DebugChannel::accept() {
    const int connection = ::accept(m_listener, nullptr, nullptr);
    if (connection < 0)
        return;
    if (m_connection >= 0 || !makePrivateAndNonBlocking(connection)) {
        ::close(connection); // one debugger a run: a second host's is refused
        return;
    }
#ifdef SO_NOSIGPIPE
    const int on = 1;
    ::setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    m_connection = connection;
    m_readNotifier = new QSocketNotifier(m_connection, QSocketNotifier::Read, this);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &DebugChannel::read);
}

void DebugChannel::read() {
    char buffer[8192];
    for (;;) {
        const ssize_t count = ::recv(m_connection, buffer, sizeof(buffer), 0);
        if (count > 0) {
            m_received.append(buffer, size_t(count));
            continue;
        }
        if (count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            delete m_readNotifier; // the host went: its end of the run
            m_readNotifier = nullptr;
            ::close(m_connection);
            m_connection = -1;
        }
        break;
    }
    for (size_t end; (end = m_received.find('\n')) != std::string::npos;) {
        const nlohmann::json message =
            nlohmann::json::parse(m_received.substr(0, end), nullptr, false);
        m_received.erase(0, end + 1);
        if (!message.is_discarded())
            Q_EMIT received(message);
    }
}

void DebugChannel::send(const nlohmann::json& message) {
    if (m_connection < 0)
        return;
    const std::string line = message.dump() + "\n";
    size_t written = 0;
    while (written < line.size()) {
        const ssize_t count =
            ::send(m_connection, line.data() + written, line.size() - written, kSendFlags);
        if (count <= 0 && errno != EAGAIN && errno != EINTR)
            return;
        if (count > 0)
            written += size_t(count);
    }
}

void DebugChannel::close() {
    delete m_acceptNotifier;
    m_acceptNotifier = nullptr;
    delete m_readNotifier;
    m_readNotifier = nullptr;
    if (m_connection >= 0)
        ::close(m_connection);
    if (m_listener >= 0)
        ::close(m_listener);
    m_connection = m_listener = -1;
    m_received.clear();
    m_folder.reset();
}

} // namespace clw::ui
