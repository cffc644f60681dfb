#include "bridge/HostSocket.h"

#include <QProcess>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
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

// Memory of no name that the host maps through the descriptor it inherits, closed on exec in
// every other program; -1 where the system refuses (the frames then go through the socket, and the
// channel is polled).
int sharedMemoryDescriptor() {
#ifdef __linux__
    return ::memfd_create("clworkbench-channel", MFD_CLOEXEC);
#else
    // A name for the moment of the call alone: unlinked at once, only the descriptor remains.
    char name[64];
    std::snprintf(name, sizeof name, "/clworkbench-%ld-%p", long(::getpid()),
                  static_cast<void*>(name));
    const int fd = ::shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd >= 0) {
        ::shm_unlink(name);
        closeOnExec(fd);
    }
    return fd;
#endif
}

} // namespace

struct HostSocket::Ends {
    int mine = -1;
    int host = -1;
    int doorbellFd = -1; // until the host started with its copy
    void* doorbellMemory = nullptr;
    std::optional<engine::HostDoorbell> doorbell;
    // The frames both ways, in the shared memory after the doorbell.
    std::optional<engine::HostRing> toHost;
    std::optional<engine::HostRing> fromHost;
    // One thread at a time sleeps on the socket for the host's bytes (the byte that wakes it is
    // taken by whoever drains it first, which would leave a second sleeper asleep); the others
    // wait here for its wake-up and then look at the ring again.
    std::mutex sleepMutex;
    std::condition_variable sleepWake;
    bool socketSleeper = false;
    std::uint64_t wakeUps = 0;
    // The socket's sleeper is woken through this pipe of the workbench's own when a read leaves
    // bytes behind, or the channel is shut down.
    int wakeRead = -1;
    int wakeWrite = -1;
    std::atomic<bool> shutDown{false};

    void shareMemory() {
        constexpr auto bytes = engine::HostRing::kSharedBytes;
        const int fd = sharedMemoryDescriptor();
        if (fd < 0)
            return;
        void* memory = ::ftruncate(fd, bytes) == 0
                           ? ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                           : MAP_FAILED;
        if (memory == MAP_FAILED) {
            ::close(fd);
            return;
        }
        int wake[2];
        if (::pipe(wake) != 0) {
            ::munmap(memory, bytes);
            ::close(fd);
            return;
        }
        for (int end : wake) {
            closeOnExec(end);
            ::fcntl(end, F_SETFL, O_NONBLOCK);
        }
        wakeRead = wake[0];
        wakeWrite = wake[1];
        doorbellFd = fd;
        doorbellMemory = memory; // zeros, as a new file's bytes are
        doorbell.emplace(memory);
        toHost.emplace(memory, engine::HostDoorbell::Direction::ToHost);
        fromHost.emplace(memory, engine::HostDoorbell::Direction::ToWorkbench);
    }
    void pokeSleeper() {
        const unsigned char wake = 1;
        [[maybe_unused]] const ssize_t ignored = ::write(wakeWrite, &wake, 1);
    }
    // After a read that left bytes: the sleeper, whose wake-up the read may have taken, looks.
    void wakeSleepersIfBytesLeft() {
        if (fromHost->hasBytes()) {
            std::lock_guard lock(sleepMutex);
            if (socketSleeper)
                pokeSleeper();
        }
    }
    // Until the host's bytes or end may have come, or shutDown().
    void sleepForBytes() {
        std::unique_lock lock(sleepMutex);
        if (socketSleeper) {
            const std::uint64_t seen = wakeUps;
            if (fromHost->hasBytes() || fromHost->ended() || shutDown.load())
                return;
            sleepWake.wait(lock, [&] { return wakeUps != seen; });
            return;
        }
        socketSleeper = true;
        lock.unlock();
        if (!shutDown.load())
            fromHost->sleepUntilBytes(mine, wakeRead);
        lock.lock();
        socketSleeper = false;
        ++wakeUps;
        sleepWake.notify_all();
    }
    void closeDoorbellFd() {
        if (doorbellFd >= 0)
            ::close(doorbellFd);
        doorbellFd = -1;
    }
};

HostSocket::HostSocket(bool shareMemory)
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
    if (shareMemory)
        m_ends->shareMemory();
}

HostSocket::~HostSocket() {
    releaseHostEnd();
    if (m_ends->mine >= 0)
        ::close(m_ends->mine);
    if (m_ends->doorbellMemory)
        ::munmap(m_ends->doorbellMemory, engine::HostRing::kSharedBytes);
    for (int end : {m_ends->wakeRead, m_ends->wakeWrite})
        if (end >= 0)
            ::close(end);
}

void HostSocket::attach(QProcess& process, int niceness) {
    // QProcess makes no pipes for these two; the child's own copies are replaced below.
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    const int host = m_ends->host;
    const int doorbell = m_ends->doorbellFd;
    if (doorbell >= 0)
        process.setArguments(process.arguments()
                             << QStringLiteral("--doorbell-fd") << QString::number(doorbell));
    // Runs in the child between fork and exec: system calls alone, which are async-signal-safe.
    // dup2 clears close-on-exec on the copies; the doorbell keeps its number.
    process.setChildProcessModifier([host, doorbell, niceness] {
        ::dup2(host, STDIN_FILENO);
        ::dup2(host, STDOUT_FILENO);
        if (doorbell >= 0)
            ::fcntl(doorbell, F_SETFD, 0);
        if (niceness > 0)
            ::setpriority(PRIO_PROCESS, 0, niceness);
    });
}

void HostSocket::releaseHostEnd() {
    if (m_ends->host >= 0) {
        ::close(m_ends->host);
        m_ends->host = -1;
    }
    m_ends->closeDoorbellFd(); // the mapping stays
}

const engine::HostDoorbell* HostSocket::doorbell() const {
    return m_ends->doorbell ? &*m_ends->doorbell : nullptr;
}

bool HostSocket::write(std::span<const unsigned char> bytes) {
    if (bytes.empty())
        return true; // a frame without bulk: nothing to send, nothing to ring for
    if (m_ends->toHost) {
        if (!m_ends->toHost->writeAll(bytes, m_ends->mine))
            return false;
    } else {
        while (!bytes.empty()) {
            const ssize_t sent = ::send(m_ends->mine, bytes.data(), bytes.size(), kSendFlags);
            if (sent < 0) {
                if (errno == EINTR)
                    continue;
                return false;
            }
            bytes = bytes.subspan(std::size_t(sent));
        }
    }
    if (m_ends->doorbell)
        m_ends->doorbell->ring(engine::HostDoorbell::Direction::ToHost);
    return true;
}

std::size_t HostSocket::read(std::span<unsigned char> into) {
    if (m_ends->fromHost) {
        for (;;) {
            if (m_ends->shutDown.load())
                return 0;
            if (const auto got = readArrived(into))
                return *got;
            m_ends->sleepForBytes();
        }
    }
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
    if (m_ends->fromHost) {
        m_ends->sleepForBytes();
        return;
    }
    pollfd watched{m_ends->mine, POLLIN, 0};
    while (::poll(&watched, 1, -1) < 0 && errno == EINTR) {
    }
}

std::optional<std::size_t> HostSocket::readArrived(std::span<unsigned char> into) {
    if (m_ends->fromHost) {
        if (m_ends->shutDown.load())
            return 0;
        const auto got = m_ends->fromHost->receive(into, m_ends->mine, -1, false);
        if (got && *got > 0)
            m_ends->wakeSleepersIfBytesLeft();
        return got;
    }
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
    m_ends->shutDown.store(true);
    ::shutdown(m_ends->mine, SHUT_RDWR); // wakes the socket's sleeper, which wakes the others
}

} // namespace clw::ui
