#pragma once
// One direction of the channel between the workbench and a device host, in the memory the two
// share after the doorbell (HostDoorbell): a ring of bytes that one side writes and the other
// reads, with no system call on either side while both are awake. The frames go through it; the
// channel's socket is left to wake a reader that sleeps (one byte, sent only when one does) and to
// show the other side's end. A send and its receive on the socket took 4-5 us each way; through
// the rings a request that does nothing took 6.4-8.1 us there and back, against 8.6-10.3 us on
// the socket (bench/results/clw_bench_launch-host.txt).
// POSIX only: Windows' pipes share no memory (HostSocketWindows.cpp).
#include "clw/engine/protocol/HostDoorbell.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace clw::engine {

class HostRing {
public:
    // What a frame's bytes may hold at once; a larger frame goes through in turns.
    static constexpr std::size_t kCapacity = std::size_t(1) << 20;
    static constexpr std::size_t kBytes = 3 * 64 + kCapacity; // three counts on lines of their own
    // The memory both sides map: the doorbell, then the ring to the host, then the one back.
    static constexpr std::size_t kSharedBytes = HostDoorbell::kBytes + 2 * kBytes;

    // The ring of `direction` in `shared` (kSharedBytes, zeros when made, aligned to 64).
    HostRing(void* shared, HostDoorbell::Direction direction);

    // Copies as many bytes as there is room for now, and says how many.
    std::size_t write(std::span<const unsigned char> bytes);
    // Copies as many bytes as have come, up to `into`'s size, and says how many.
    std::size_t read(std::span<unsigned char> into);
    bool hasBytes() const;

#ifndef _WIN32
    // The writer's side: writes every byte, waiting while the ring is full, and wakes a reader
    // that sleeps through `socket` (the writer's end of the channel). False when the reader's
    // side has gone (its end of the socket closed).
    bool writeAll(std::span<const unsigned char> bytes, int socket);
    // The reader's side: what has come, or with `block` sleeps until something comes (a byte on
    // `socket`, the reader's end) or `wake` (a descriptor of this process, -1 for none) becomes
    // readable. nullopt when nothing came without blocking, or a sleep ended for `wake`; 0 once
    // the writer's side was seen to end (by a sleep) and every byte it wrote was read.
    std::optional<std::size_t> receive(std::span<unsigned char> into, int socket, int wake,
                                       bool block);
    // Sleeps as receive() does, without taking a byte; returns at once when bytes are there or
    // the end was seen.
    void sleepUntilBytes(int socket, int wake);
    // Whether the writer's side was seen to end (its end of the socket closed).
    bool ended() const {
        return m_ended.load();
    }
#endif

private:
    std::uint64_t& written() const;
    std::uint64_t& taken() const;
    std::uint64_t& sleepers() const;
    std::size_t held() const; // written and not yet taken, never more than the capacity
#ifndef _WIN32
    void wakeReader(int socket) const;
    bool readerGone(int socket) const;
#endif

    unsigned char* m_ring;
    std::atomic<bool> m_ended{false};
};

} // namespace clw::engine
