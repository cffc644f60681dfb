#pragma once
// The device host's end of its private channel (DESIGN.md §2a): its standard input and output,
// which the workbench started it with (the two ends of one socket, or of two pipes). Both are
// taken for the protocol before anything else runs: file descriptor 1 is pointed at a pipe of
// the host's own, so that whatever a driver or a kernel's printf writes there is captured
// (PrintfCapture) and never mixed into the protocol's frames, and descriptor 0 at nothing, so
// that a program a driver starts (a linker) does not inherit the channel. One file per system:
// HostChannelPosix.cpp, HostChannelWindows.cpp.
#include "clw/engine/protocol/HostDoorbell.h"
#include "clw/engine/protocol/HostRing.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace clw::host {

class HostChannel {
public:
    // Takes stdin and stdout as described; `printfReadEnd` receives the read end of the pipe
    // that stdout now writes to. Throws std::runtime_error when the system refuses.
    static HostChannel takeStandardStreams(int& printfReadEnd);

    // Maps the memory the workbench shares (the descriptor after --doorbell-fd): the doorbell
    // (HostDoorbell) and the frames both ways (HostRing), and closes the descriptor. Throws
    // std::runtime_error when it cannot: the workbench writes its requests there. POSIX only:
    // on Windows the workbench gives none.
    void useDoorbell(int fd);

    // Blocks until some bytes arrive; 0 when the workbench closed the channel.
    std::size_t read(std::span<unsigned char> into);
    // Polls until bytes may have come (true), or `until` passes or `stop` (where given) becomes
    // true (false): the doorbell where there is one, else the channel itself. A reader asked to
    // stop sees it within a few microseconds.
    bool waitForBytes(std::chrono::steady_clock::time_point until,
                      const std::atomic<bool>* stop = nullptr);
    // After waitForBytes's window: sleeps until bytes arrive (true) or rearm() is called (false),
    // and the reader may poll for another window. Windows: returns true at once (the read then
    // sleeps).
    bool sleepUntilBytesOrRearm();
    // Whether rearm() wakes a sleeping reader, so that the reader may sleep through a run.
#ifdef _WIN32
    static constexpr bool kRearmWakes = false;
#else
    static constexpr bool kRearmWakes = true;
#endif
    // Wakes a reader asleep in sleepUntilBytesOrRearm, or keeps the next one from sleeping:
    // called after a reply is written, since the workbench's next request follows its reply
    // closely, and a reader asleep then pays a wake-up on that request. Windows: a no-op.
    void rearm();
    // Writes every byte of a frame's head and bulk, in one system call where it can, and rings
    // the doorbell (callers serialize whole frames).
    void write(std::span<const unsigned char> head, std::span<const unsigned char> bulk);

    // Reads from a pipe; 0 at its end.
    static std::size_t readPipe(int fd, std::span<unsigned char> into);
    // Blocks until the pipe has bytes to read or has closed (PrintfCapture's thread).
    static void waitReadable(int fd);
    // Reads what the pipe holds now, without waiting: 0 when it holds nothing. Throws
    // std::runtime_error once the pipe has closed and holds nothing.
    static std::size_t readAvailable(int fd, std::span<unsigned char> into);

private:
    HostChannel(int in, int out, int rearmRead = -1, int rearmWrite = -1)
        : m_in(in)
        , m_out(out)
        , m_rearmRead(rearmRead)
        , m_rearmWrite(rearmWrite) {}
    // Whether read() would return at once: bytes are there, or the end.
    bool hasBytes() const;

    int m_in;
    int m_out;
    // A pipe of the host's own that rearm() writes to (POSIX).
    int m_rearmRead;
    int m_rearmWrite;
    std::atomic<bool> m_asleep{false}; // in sleepUntilBytesOrRearm
    // A wake-up written to the rearm pipe and not yet drained: the next rearm writes none.
    std::atomic<bool> m_wakeWritten{false};
    std::atomic<std::uint64_t> m_rearms{0};
    std::uint64_t m_rearmsSeen = 0; // the reader's
    std::optional<engine::HostDoorbell> m_doorbell;
    // The frames both ways, in the shared memory after the doorbell (POSIX).
    std::optional<engine::HostRing> m_fromWorkbench;
    std::optional<engine::HostRing> m_toWorkbench;
    std::uint64_t m_seen = 0; // the workbench's rings before the last look at the channel
};

} // namespace clw::host
