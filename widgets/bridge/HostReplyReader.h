#pragma once
// Who reads a device host's channel. A caller waiting for its reply reads the channel itself,
// so the reply wakes the thread that wants it and no other; the connection's reader thread reads
// only while no caller does (events of requests nobody waits on yet, the host's end). One reads
// at a time: the reader of the moment holds the turn, decodes every whole message of what it read
// and hands each to `deliver` on its own thread, replies for other callers included.
//
// Where the system cannot wait for bytes without taking them (HostSocket::canWaitForBytes,
// Windows' pipes), the reader thread reads everything and callers wait on their futures alone.
#include "bridge/HostSocket.h"

#include "clw/engine/protocol/HostFrame.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clw::ui {

class HostReplyReader {
public:
    struct Handlers {
        // A whole message; on the thread that read it.
        std::function<void(engine::HostMessage)> deliver;
        // The stream is not the protocol: nothing more of it is delivered.
        std::function<void(const std::string& error)> broken;
        // One message could not be read and was stepped over.
        std::function<void(const std::string& error)> refused;
    };

    // A caller polls for its reply for `spin` before it sleeps in a read (HostLaunch::spin).
    HostReplyReader(std::shared_ptr<HostSocket> socket, Handlers handlers,
                    std::chrono::microseconds spin);
    HostReplyReader(const HostReplyReader&) = delete;
    HostReplyReader& operator=(const HostReplyReader&) = delete;

    // The connection's reader thread: reads what no caller reads until the channel ends (or
    // close()).
    void readUntilEnd();
    // A caller: reads until `reply` is ready, the channel ended or the reader was closed; the
    // reply's future then has its value (or is given it by whoever still reads).
    void readUntilReady(const std::future<engine::HostMessage>& reply);
    // Ends every read (the socket's end) and waits for the one under way; no handler runs after.
    void close();

private:
    // Holding the turn: one read, its messages delivered; false at the channel's end.
    bool readOnce(bool block);
    // Holding the turn, for a caller: polls for the spin window, then reads blocking; false at the
    // channel's end.
    bool readForCaller();
    // Holding the turn: one read; nothing when `block` is false and no byte was there, 0 at the
    // end.
    std::optional<std::size_t> readSome(bool block);
    // Holding the turn: decodes and delivers the `got` bytes read into m_chunk.
    void read(std::size_t got);
    // Under m_mutex: gives the turn back and wakes those waiting for it.
    void giveTurnBack();

    std::shared_ptr<HostSocket> m_socket;
    Handlers m_handlers;
    std::chrono::microseconds m_spin;
    engine::HostFrameReader m_frames;   // with the turn only
    std::vector<unsigned char> m_chunk; // with the turn only
    bool m_failed = false;              // with the turn only: the stream went out of step
    std::uint64_t m_seen = 0;           // with the turn only: the host's rings before a read

    std::mutex m_mutex; // guards what follows
    std::condition_variable m_turnFree;
    bool m_reading = false; // someone holds the turn
    int m_waitingCallers = 0;
    int m_callers = 0;     // callers in readUntilReady, reading or waiting for the turn
    bool m_ended = false;  // the channel's end was read
    bool m_closed = false; // close() was called
};

} // namespace clw::ui
