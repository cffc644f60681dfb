#include "clw/engine/protocol/HostRing.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

#ifndef _WIN32
#include <cerrno>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace clw::engine {

namespace {

constexpr std::size_t kLine = 64;
constexpr std::size_t kData = 3 * kLine;
static_assert((HostRing::kCapacity & (HostRing::kCapacity - 1)) == 0, "masked positions");
static_assert(std::atomic_ref<std::uint64_t>::is_always_lock_free);

#ifndef _WIN32
#ifdef MSG_NOSIGNAL
constexpr int kSendFlags = MSG_NOSIGNAL | MSG_DONTWAIT;
#else
constexpr int kSendFlags = MSG_DONTWAIT; // macOS: the workbench's end has SO_NOSIGPIPE
#endif
// How long a writer that found the ring full polls it before it naps, and how long a nap is.
constexpr auto kFullSpin = std::chrono::microseconds(50);
constexpr auto kFullNap = std::chrono::microseconds(20);
#endif

} // namespace

HostRing::HostRing(void* shared, HostDoorbell::Direction direction)
    : m_ring(static_cast<unsigned char*>(shared) + HostDoorbell::kBytes +
             (direction == HostDoorbell::Direction::ToHost ? 0 : kBytes)) {}

std::uint64_t& HostRing::written() const {
    return *reinterpret_cast<std::uint64_t*>(m_ring);
}

std::uint64_t& HostRing::taken() const {
    return *reinterpret_cast<std::uint64_t*>(m_ring + kLine);
}

std::uint64_t& HostRing::sleepers() const {
    return *reinterpret_cast<std::uint64_t*>(m_ring + 2 * kLine);
}

std::size_t HostRing::held() const {
    // Sequentially consistent: a reader about to sleep counts itself, then looks here; a writer
    // adds here, then looks at the count. One of the two sees the other (HostRing::receive).
    const std::uint64_t in = std::atomic_ref(written()).load();
    const std::uint64_t out = std::atomic_ref(taken()).load(std::memory_order_acquire);
    // The other process may have written anything here (a host that went wrong): never more
    // than the ring holds.
    return std::size_t(std::min<std::uint64_t>(in - out, kCapacity));
}

bool HostRing::hasBytes() const {
    return held() > 0;
}

std::size_t HostRing::write(std::span<const unsigned char> bytes) {
    const std::uint64_t in = std::atomic_ref(written()).load(std::memory_order_relaxed);
    const std::size_t room = kCapacity - held();
    const std::size_t count = std::min(room, bytes.size());
    const std::size_t at = std::size_t(in) & (kCapacity - 1);
    const std::size_t first = std::min(count, kCapacity - at);
    std::memcpy(m_ring + kData + at, bytes.data(), first);
    std::memcpy(m_ring + kData, bytes.data() + first, count - first);
    std::atomic_ref(written()).store(in + count);
    return count;
}

std::size_t HostRing::read(std::span<unsigned char> into) {
    const std::uint64_t out = std::atomic_ref(taken()).load(std::memory_order_relaxed);
    const std::size_t count = std::min(held(), into.size());
    const std::size_t at = std::size_t(out) & (kCapacity - 1);
    const std::size_t first = std::min(count, kCapacity - at);
    std::memcpy(into.data(), m_ring + kData + at, first);
    std::memcpy(into.data() + first, m_ring + kData, count - first);
    std::atomic_ref(taken()).store(out + count, std::memory_order_release);
    return count;
}

#ifndef _WIN32

void HostRing::wakeReader(int socket) const {
    if (std::atomic_ref(sleepers()).load() == 0)
        return;
    const unsigned char wake = 1;
    // A full socket holds wake-ups enough; a reader gone is seen where it matters.
    [[maybe_unused]] const ssize_t sent = ::send(socket, &wake, 1, kSendFlags);
}

bool HostRing::readerGone(int socket) const {
    pollfd watched{socket, 0, 0}; // no event asked: the hang-up and errors come anyway
    return ::poll(&watched, 1, 0) > 0 && (watched.revents & (POLLHUP | POLLERR | POLLNVAL));
}

bool HostRing::writeAll(std::span<const unsigned char> bytes, int socket) {
    using Clock = std::chrono::steady_clock;
    Clock::time_point fullSince{};
    while (!bytes.empty()) {
        const std::size_t wrote = write(bytes);
        bytes = bytes.subspan(wrote);
        wakeReader(socket);
        if (bytes.empty())
            break;
        if (wrote > 0) {
            fullSince = {};
            continue;
        }
        // Full: the reader is behind, or asleep and woken just now. A reader that stays away
        // (its side ended) is seen between naps.
        const Clock::time_point now = Clock::now();
        if (fullSince == Clock::time_point{})
            fullSince = now;
        if (now - fullSince < kFullSpin) {
            HostDoorbell::pause();
        } else {
            if (readerGone(socket))
                return false;
            std::this_thread::sleep_for(kFullNap);
        }
    }
    return true;
}

void HostRing::sleepUntilBytes(int socket, int wake) {
    std::atomic_ref(sleepers()).fetch_add(1);
    if (!hasBytes() && !m_ended.load()) {
        pollfd watched[2] = {{socket, POLLIN, 0}, {wake, POLLIN, 0}};
        while (::poll(watched, wake >= 0 ? 2 : 1, -1) < 0 && errno == EINTR) {
        }
        if (watched[0].revents) {
            // Wake-up bytes, which say nothing more, until none is left or the end shows.
            unsigned char drained[64];
            for (;;) {
                const ssize_t got = ::recv(socket, drained, sizeof drained, MSG_DONTWAIT);
                if (got > 0 || (got < 0 && errno == EINTR))
                    continue;
                if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
                    m_ended.store(true);
                break;
            }
        }
        if (wake >= 0 && watched[1].revents) {
            unsigned char drained[64];
            while (::read(wake, drained, sizeof drained) > 0) {
            }
        }
    }
    std::atomic_ref(sleepers()).fetch_sub(1);
}

std::optional<std::size_t> HostRing::receive(std::span<unsigned char> into, int socket, int wake,
                                             bool block) {
    for (;;) {
        if (const std::size_t got = read(into); got > 0)
            return got;
        if (m_ended.load())
            return read(into); // bytes written before the end, read first, or 0
        if (!block)
            return std::nullopt; // the end shows to a reader that sleeps (sleepUntilBytes)
        sleepUntilBytes(socket, wake);
        if (!hasBytes() && !m_ended.load())
            return std::nullopt; // woken through `wake`
    }
}

#endif

} // namespace clw::engine
