#pragma once
// Keeps the thread that calls it on the core it runs on, for a quick succession of work. The
// device host's session thread holds its core while runs on a CPU device follow each other
// closely (HostServer::runSessions). A run waits for its device in the driver: PoCL sleeps on a
// condition variable while its own threads, one per core, run the kernel. The scheduler then
// wakes the waiter on whichever core it picks, and the rest of the run and its reply find that
// core's caches cold. clw_bench_launch's one-launch runs on PoCL, 16 cores: building the reply
// took 7.0 us (median) on a wandering thread and 4.2 on a held one, the request before the run
// 2.4 and 1.5, the reply's write 4.0 and 1.5, and the run itself 167 and 139 us.
// Threads started while a thread holds a core inherit that one core (Linux): release() gives
// those still on it the cores the holder had. Windows' threads do not inherit a thread's cores.
// macOS has no way to keep a thread on a core: there it does nothing.
#include <array>
#include <cstdint>
#include <vector>

namespace clw::engine {

class HostCoreHold {
public:
    HostCoreHold() = default;
    HostCoreHold(const HostCoreHold&) = delete;
    HostCoreHold& operator=(const HostCoreHold&) = delete;
    ~HostCoreHold() { release(); }

    // Keeps the calling thread on the core it is on now. Nothing when it holds one already, when
    // it may use one core only, or where the system cannot say or keep its core.
    void hold();
    // The calling thread (the one that held) may use the cores it could before hold() again.
    void release();
    bool held() const { return m_held; }

private:
    bool m_held = false;
    int m_core = -1;
    // The cores the thread could use before (Linux's cpu_set_t, Windows' mask in the first word).
    std::array<std::uint64_t, 16> m_before{};
    // The process's threads when it held the core: the others were started while it held.
    std::vector<long> m_threadsBefore;
};

} // namespace clw::engine
