#include "bridge/HostReplyReader.h"

#include "clw/engine/protocol/HostProtocolError.h"

#include <chrono>

namespace clw::ui {

namespace {

constexpr std::size_t kReadChunk = 256 * 1024;
// How long the reader thread stands aside while callers read, before it looks again: a caller does
// not wake it when done (that would cost every reply a wake-up), and what the reader thread reads
// then is never awaited (a caller awaiting it reads it itself).
constexpr auto kStandAside = std::chrono::milliseconds(5);

} // namespace

HostReplyReader::HostReplyReader(std::shared_ptr<HostSocket> socket, Handlers handlers,
                                 std::chrono::microseconds spin)
    : m_socket(std::move(socket))
    , m_handlers(std::move(handlers))
    , m_spin(spin)
    , m_chunk(kReadChunk) {}

void HostReplyReader::readUntilEnd() {
    const bool callersRead = HostSocket::canWaitForBytes();
    for (;;) {
        if (callersRead) {
            // Not waiting on the channel while a caller reads it: the host's write of every reply
            // would wake this thread too, for nothing, and pay for that wake-up before the caller
            // sees its reply.
            std::unique_lock lock(m_mutex);
            while (m_callers > 0 && !m_ended && !m_closed)
                m_turnFree.wait_for(lock, kStandAside);
            if (m_ended || m_closed)
                return;
            lock.unlock();
            m_socket->waitForBytes();
        }
        std::unique_lock lock(m_mutex);
        if (m_reading && !m_ended && !m_closed)
            m_turnFree.wait_for(lock, kStandAside);
        if (m_ended || m_closed)
            return;
        if (m_reading)
            continue; // the caller still reads: wait for bytes again
        m_reading = true;
        lock.unlock();
        // With callers reading, the bytes may be gone by now: no blocking read.
        const bool open = readOnce(!callersRead);
        lock.lock();
        m_ended = m_ended || !open;
        giveTurnBack();
    }
}

void HostReplyReader::readUntilReady(const std::future<engine::HostMessage>& reply) {
    if (!HostSocket::canWaitForBytes())
        return;
    const auto ready = [&reply] {
        return reply.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    };
    std::unique_lock lock(m_mutex);
    ++m_callers;
    while (!m_ended && !m_closed && !ready()) {
        if (m_reading) { // another caller or the reader thread: it hands this reply on
            ++m_waitingCallers;
            m_turnFree.wait(lock);
            --m_waitingCallers;
            continue;
        }
        m_reading = true;
        lock.unlock();
        bool open = true;
        try {
            open = readForCaller();
        } catch (...) { // a handler's failure: the turn and the count go back all the same
            lock.lock();
            giveTurnBack();
            --m_callers;
            throw;
        }
        lock.lock();
        m_ended = m_ended || !open;
        giveTurnBack();
    }
    --m_callers;
}

bool HostReplyReader::readForCaller() {
    // Polled for a while first: a reply that comes soon then wakes nobody. Where the host rings a
    // doorbell, the memory is polled and the channel read once it rang.
    const engine::HostDoorbell* doorbell = m_socket->doorbell();
    const auto until = std::chrono::steady_clock::now() + m_spin;
    std::optional<std::size_t> got = readSome(false);
    while (!got && std::chrono::steady_clock::now() < until) {
        if (doorbell &&
            !doorbell->waitForRing(engine::HostDoorbell::Direction::ToWorkbench, m_seen, until))
            break;
        got = readSome(false);
    }
    return got ? *got > 0 : readOnce(true);
}

void HostReplyReader::close() {
    std::unique_lock lock(m_mutex);
    m_closed = true;
    m_socket->shutDown(); // wakes a blocked read with the end
    m_turnFree.notify_all();
    m_turnFree.wait(lock, [this] { return !m_reading; });
}

void HostReplyReader::giveTurnBack() {
    m_reading = false;
    // Callers waiting may have had their replies delivered; the reader thread is woken at the
    // end only.
    if (m_waitingCallers > 0 || m_ended || m_closed)
        m_turnFree.notify_all();
}

bool HostReplyReader::readOnce(bool block) {
    const std::optional<std::size_t> got = readSome(block);
    return !got || *got > 0;
}

std::optional<std::size_t> HostReplyReader::readSome(bool block) {
    if (const engine::HostDoorbell* doorbell = m_socket->doorbell())
        m_seen = doorbell->rings(engine::HostDoorbell::Direction::ToWorkbench);
    const std::optional<std::size_t> got =
        block ? std::optional(m_socket->read(m_chunk)) : m_socket->readArrived(m_chunk);
    if (!got || *got == 0 || m_failed)
        return got; // after a failure the host is being ended; what it still says is not read
    read(*got);
    return got;
}

void HostReplyReader::read(std::size_t got) {
    try {
        m_frames.feed(std::span(m_chunk).first(got));
    } catch (const engine::HostProtocolError& error) {
        m_failed = true;
        m_handlers.broken(error.what());
        return;
    }
    for (;;) {
        try {
            std::optional<engine::HostMessage> message = m_frames.next();
            if (!message)
                break;
            m_handlers.deliver(std::move(*message));
        } catch (const engine::HostProtocolError& error) {
            m_handlers.refused(error.what());
        }
    }
}

} // namespace clw::ui
