#include "HostChannel.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

namespace clw::host {

namespace {
// How often a reader that polls looks whether it is asked to stop (waitForBytes).
constexpr auto kStopLook = std::chrono::microseconds(2);

[[noreturn]] void fail(const char* what) {
    throw std::runtime_error(std::string("the device host could not ") + what + ": " +
                             std::strerror(errno));
}
} // namespace

HostChannel HostChannel::takeStandardStreams(int& printfReadEnd) {
    const int in = ::dup(STDIN_FILENO);
    const int out = ::dup(STDOUT_FILENO);
    if (in < 0 || out < 0)
        fail("keep its standard input and output for the channel");
    ::fcntl(in, F_SETFD, FD_CLOEXEC);
    ::fcntl(out, F_SETFD, FD_CLOEXEC);
    const int nothing = ::open("/dev/null", O_RDONLY);
    if (nothing < 0 || ::dup2(nothing, STDIN_FILENO) < 0)
        fail("point its standard input at /dev/null");
    ::close(nothing);
    int pipeEnds[2];
    if (::pipe(pipeEnds) != 0)
        fail("make the pipe that captures printf");
    if (::dup2(pipeEnds[1], STDOUT_FILENO) < 0)
        fail("point its standard output at the printf pipe");
    ::close(pipeEnds[1]);
    ::fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC);
    printfReadEnd = pipeEnds[0];
    int rearmEnds[2];
    if (::pipe(rearmEnds) != 0)
        fail("make the pipe that wakes its reader");
    for (int end : rearmEnds) { // a full pipe holds a wake-up already: nobody waits to write
        ::fcntl(end, F_SETFD, FD_CLOEXEC);
        ::fcntl(end, F_SETFL, O_NONBLOCK);
    }
    return HostChannel(in, out, rearmEnds[0], rearmEnds[1]);
}

void HostChannel::useDoorbell(int fd) {
    // The frames come through this memory: a host that cannot map it cannot hear the workbench.
    struct stat file {};
    if (::fstat(fd, &file) != 0)
        fail("see the memory the workbench shares (--doorbell-fd)");
    if (std::size_t(file.st_size) < engine::HostRing::kSharedBytes)
        throw std::runtime_error(
            "the memory the workbench shares is " + std::to_string(file.st_size) +
            " bytes, not the " + std::to_string(engine::HostRing::kSharedBytes) +
            " this clworkbench-host reads: it comes from another install than the workbench; "
            "reinstall");
    void* memory =
        ::mmap(nullptr, engine::HostRing::kSharedBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (memory == MAP_FAILED)
        fail("map the memory the workbench shares (--doorbell-fd)");
    ::close(fd); // a program a driver starts must not inherit it; mapped until the host ends
    m_doorbell.emplace(memory);
    m_fromWorkbench.emplace(memory, engine::HostDoorbell::Direction::ToHost);
    m_toWorkbench.emplace(memory, engine::HostDoorbell::Direction::ToWorkbench);
}

std::size_t HostChannel::read(std::span<unsigned char> into) {
    if (m_doorbell)
        m_seen = m_doorbell->rings(engine::HostDoorbell::Direction::ToHost);
    if (m_fromWorkbench) {
        for (;;)
            if (const auto got = m_fromWorkbench->receive(into, m_in, -1, true))
                return *got;
    }
    return readPipe(m_in, into);
}

bool HostChannel::hasBytes() const {
    if (m_fromWorkbench)
        return m_fromWorkbench->hasBytes() || m_fromWorkbench->ended();
    pollfd wanted{m_in, POLLIN, 0};
    return ::poll(&wanted, 1, 0) > 0;
}

bool HostChannel::waitForBytes(std::chrono::steady_clock::time_point until,
                               const std::atomic<bool>* stop) {
    // Bytes written before the last read's look at the doorbell that it left are seen here.
    if (hasBytes())
        return true;
    using Direction = engine::HostDoorbell::Direction;
    using Clock = std::chrono::steady_clock;
    for (;;) {
        const Clock::time_point now = Clock::now();
        if (now >= until || (stop && stop->load(std::memory_order_relaxed)))
            return false;
        // In slices, between which `stop` is looked at.
        const Clock::time_point sliceEnd = stop ? std::min(until, now + kStopLook) : until;
        // A ring whose bytes the last read took already is no reason to stop polling: a read
        // after it would sleep until the next request, which then has to wake it. The count is
        // looked at before the channel, so that a write after that look rings again.
        if (m_doorbell) {
            while (m_doorbell->waitForRing(Direction::ToHost, m_seen, sliceEnd)) {
                m_seen = m_doorbell->rings(Direction::ToHost);
                if (hasBytes())
                    return true;
            }
        } else {
            while (Clock::now() < sliceEnd)
                if (hasBytes())
                    return true;
        }
    }
}

bool HostChannel::sleepUntilBytesOrRearm() {
    m_asleep.store(true);
    // A reply written since the last sleep (or since the reader began) needs no wake-up.
    if (const std::uint64_t rearms = m_rearms.load(); rearms != m_rearmsSeen) {
        m_rearmsSeen = rearms;
        m_asleep.store(false);
        return false;
    }
    bool woken = false;
    if (m_fromWorkbench) {
        m_fromWorkbench->sleepUntilBytes(m_in, m_rearmRead);
        woken = hasBytes();
    } else {
        pollfd wanted[2] = {{m_in, POLLIN, 0}, {m_rearmRead, POLLIN, 0}};
        while (::poll(wanted, 2, -1) < 0 && errno == EINTR) {
        }
        woken = wanted[0].revents != 0; // bytes, or the end
    }
    m_asleep.store(false);
    m_wakeWritten.store(false); // before draining: a wake-up written after this is kept
    unsigned char drained[64];
    while (::read(m_rearmRead, drained, sizeof drained) > 0) {
    }
    m_rearmsSeen = m_rearms.load();
    return woken;
}

void HostChannel::rearm() {
    // Counted first: a reader about to sleep sees the count, or this sees the reader asleep.
    m_rearms.fetch_add(1);
    if (m_asleep.load() && !m_wakeWritten.exchange(true)) {
        const unsigned char wake = 1;
        [[maybe_unused]] const ssize_t ignored = ::write(m_rearmWrite, &wake, 1);
    }
}

void HostChannel::write(std::span<const unsigned char> head, std::span<const unsigned char> bulk) {
    if (m_toWorkbench) {
        if (!m_toWorkbench->writeAll(head, m_out) || !m_toWorkbench->writeAll(bulk, m_out)) {
            errno = EPIPE;
            fail("write to the workbench");
        }
        head = bulk = {};
    }
    while (!head.empty() || !bulk.empty()) {
        iovec parts[2] = {{const_cast<unsigned char*>(head.data()), head.size()},
                          {const_cast<unsigned char*>(bulk.data()), bulk.size()}};
        const ssize_t written = ::writev(m_out, parts, 2);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail("write to the workbench");
        }
        std::size_t done = std::size_t(written);
        const std::size_t fromHead = std::min(done, head.size());
        head = head.subspan(fromHead);
        bulk = bulk.subspan(done - fromHead);
    }
    if (m_doorbell)
        m_doorbell->ring(engine::HostDoorbell::Direction::ToWorkbench);
}

std::size_t HostChannel::readPipe(int fd, std::span<unsigned char> into) {
    for (;;) {
        const ssize_t got = ::read(fd, into.data(), into.size());
        if (got >= 0)
            return std::size_t(got);
        if (errno != EINTR)
            fail("read its channel");
    }
}

void HostChannel::waitReadable(int fd) {
    pollfd wanted{fd, POLLIN, 0};
    while (::poll(&wanted, 1, -1) < 0 && errno == EINTR) {
    }
}

std::size_t HostChannel::readAvailable(int fd, std::span<unsigned char> into) {
    int held = 0;
    if (::ioctl(fd, FIONREAD, &held) != 0)
        fail("see what its printf pipe holds");
    if (held > 0)
        return readPipe(fd, into.first(std::min(into.size(), std::size_t(held))));
    pollfd closed{fd, POLLIN, 0};
    if (::poll(&closed, 1, 0) > 0 && (closed.revents & POLLHUP))
        throw std::runtime_error("the printf pipe closed");
    return 0;
}

} // namespace clw::host
