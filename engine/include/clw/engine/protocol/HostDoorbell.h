#pragma once
// Two counters in memory that the workbench and one of its device hosts share (DESIGN.md §2a):
// each side counts the writes it made to the channel. A reader in its spin window
// (HostLaunch::spin) watches the other side's count instead of asking again and again whether
// bytes came. The frames themselves go through the rings after the counters (HostRing); where
// there is no shared memory (Windows' pipes) the channel is polled as before.
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace clw::engine {

class HostDoorbell {
public:
    enum class Direction { ToHost, ToWorkbench };
    // The shared memory's size; whoever makes it fills it with zeros.
    static constexpr std::size_t kBytes = 128;

    // Over `shared`: kBytes that both processes map, aligned to 64.
    explicit HostDoorbell(void* shared);

    // After a write to the channel in `direction`.
    void ring(Direction direction);
    // How often `direction` has rung; read before a read of the channel, so that a write after
    // it shows as a ring more.
    std::uint64_t rings(Direction direction) const;
    // Watches the memory until `direction` has rung more than `seen` times (true) or `until` has
    // passed (false).
    bool waitForRing(Direction direction, std::uint64_t seen,
                     std::chrono::steady_clock::time_point until) const;

    // What a polling loop does between two looks: it lets the core's other thread run (x86's
    // PAUSE, ARM's YIELD).
    static void pause();

private:
    std::uint64_t& counter(Direction direction) const;

    unsigned char* m_shared;
};

} // namespace clw::engine
