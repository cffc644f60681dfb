#pragma once
// The workbench's end of a device host's private channel: a connected pair made before the host
// starts, whose other end becomes the host's standard input and output. Requests are written
// straight from the caller's thread and replies read by the caller waiting for one
// (HostReplyReader), so a request and its reply cross no event loop and no other thread (issue
// 17's 20 us per launch); QProcess still starts the host, watches its end and reads its stderr. One
// file per system: HostSocketPosix.cpp (a Unix socket pair), HostSocketWindows.cpp (anonymous
// pipes).
#include "clw/engine/protocol/HostDoorbell.h"
#include "clw/engine/protocol/HostRing.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>

class QProcess;

namespace clw::ui {

class HostSocket {
public:
    // Throws std::runtime_error when the system refuses the pair. `shareMemory`: the doorbell and
    // the frames go through memory both sides map (HostDoorbell, HostRing), for the two sides
    // that poll (HostLaunch::spin above zero); a side that sleeps for each message is woken
    // through the socket sooner when the frames go there too. Windows shares none.
    explicit HostSocket(bool shareMemory);
    ~HostSocket();
    HostSocket(const HostSocket&) = delete;
    HostSocket& operator=(const HostSocket&) = delete;

    // Before QProcess::start, after its arguments are set: the child gets the host's end as its
    // standard input and output, and the doorbell's memory (its descriptor after --doorbell-fd).
    // `niceness` above 0 lowers the child's scheduling priority (POSIX nice): a device host that
    // computes flat out then leaves the GUI its turn on a machine with few cores.
    void attach(QProcess& process, int niceness = 0);
    // After the start (or its failure): this process lets go of the host's end, so that the
    // host's end is seen when it goes.
    void releaseHostEnd();

    // The counts of writes both ways (HostDoorbell); null where no memory is shared (not asked
    // for, or Windows) or the system refused it.
    const engine::HostDoorbell* doorbell() const;

    // Writes every byte, blocking while the channel is full, and rings the doorbell; false when
    // the host's end is gone. Callers serialize whole frames.
    bool write(std::span<const unsigned char> bytes);
    // Blocks until some bytes arrive; 0 when the host's end is gone or shutDown() was called.
    std::size_t read(std::span<unsigned char> into);
    // Whether waitForBytes() blocks until bytes are there without taking them, so that a caller
    // waiting for its reply can read it while the reader thread stands aside (HostReplyReader):
    // POSIX's poll() does; Windows' anonymous pipes cannot, and return at once.
    static bool canWaitForBytes();
    // Blocks until bytes, the end or an error can be read.
    void waitForBytes();
    // What has arrived, without blocking: nothing (nullopt) when no byte is there, 0 at the end.
    std::optional<std::size_t> readArrived(std::span<unsigned char> into);
    // No more requests: a host that reads the end of its input exits.
    void closeWrite();
    // Wakes a blocked read() with the end, for a host whose end lingers in a process it started.
    void shutDown();

private:
    struct Ends;
    std::unique_ptr<Ends> m_ends;
};

} // namespace clw::ui
