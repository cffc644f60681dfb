#include "bridge/HostSocket.h"

#include <QProcess>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

namespace clw::ui {

namespace {

// A host that went away must not end the workbench with SIGPIPE.
#ifdef MSG_NOSIGNAL
constexpr int kSendFlags = MSG_NOSIGNAL;
#else
constexpr int kSendFlags = 0; // macOS: SO_NOSIGPIPE is set on the socket instead
#endif

void closeOnExec(int fd) {
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
}

} // namespace

struct HostSocket::Ends {
    int mine = -1;
    int host = -1;
};

HostSocket::HostSocket()
    : m_ends(std::make_unique<Ends>()) {
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0)
        throw std::runtime_error(std::string("the workbench could not make the channel to a "
                                             "device host: ") +
                                 std::strerror(errno));
    // Both ends are closed in every other program this process starts: the host gets its end
    // through attach(), as its standard input and output.
    closeOnExec(pair[0]);
    closeOnExec(pair[1]);
#ifdef SO_NOSIGPIPE
    const int on = 1;
    ::setsockopt(pair[0], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    m_ends->mine = pair[0];
    m_ends->host = pair[1];
}

HostSocket::~HostSocket() {
    releaseHostEnd();
    if (m_ends->mine >= 0)
        ::close(m_ends->mine);
}

void HostSocket::attach(QProcess& process, int niceness) {
    // QProcess makes no pipes for these two; the child's own copies are replaced below.
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    const int host = m_ends->host;
    // Runs in the child between fork and exec: dup2 alone, which is async-signal-safe, and it
    // clears close-on-exec on the copies.
    process.setChildProcessModifier([host, niceness] {
        ::dup2(host, STDIN_FILENO);
        ::dup2(host, STDOUT_FILENO);
        if (niceness > 0)
            ::setpriority(PRIO_PROCESS, 0, niceness); // a system call, as dup2
    });
}

void HostSocket::releaseHostEnd() {
    if (m_ends->host >= 0) {
        ::close(m_ends->host);
        m_ends->host = -1;
    }
}

bool HostSocket::write(std::span<const unsigned char> bytes) {
    while (!bytes.empty()) {
        const ssize_t sent = ::send(m_ends->mine, bytes.data(), bytes.size(), kSendFlags);
        if (sent < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        bytes = bytes.subspan(std::size_t(sent));
    }
    return true;
}

std::size_t HostSocket::read(std::span<unsigned char> into) {
    for (;;) {
        const ssize_t got = ::recv(m_ends->mine, into.data(), into.size(), 0);
        if (got >= 0)
            return std::size_t(got);
        if (errno != EINTR)
            return 0;
    }
}

bool HostSocket::canWaitForBytes() {
    return true;
}

void HostSocket::waitForBytes() {
    pollfd watched{m_ends->mine, POLLIN, 0};
    while (::poll(&watched, 1, -1) < 0 && errno == EINTR) {
    }
}

std::optional<std::size_t> HostSocket::readArrived(std::span<unsigned char> into) {
    for (;;) {
        const ssize_t got = ::recv(m_ends->mine, into.data(), into.size(), MSG_DONTWAIT);
        if (got >= 0)
            return std::size_t(got);
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return std::nullopt;
        if (errno != EINTR)
            return 0;
    }
}

void HostSocket::closeWrite() {
    ::shutdown(m_ends->mine, SHUT_WR);
}

void HostSocket::shutDown() {
    ::shutdown(m_ends->mine, SHUT_RDWR);
}

} // namespace clw::ui
