// HostCoreHold (issue 17): the device host's session thread stays on its core while runs on a CPU
// device follow each other closely. Held, the thread may use the one core it was on; released, the
// cores it could use before, and so may the threads started while it held (which inherit its one
// core on Linux). A thread of before the hold that chose the held core for itself keeps it. macOS
// cannot keep a thread on a core: there nothing is held.
#include "clw/engine/protocol/HostCoreHold.h"

#include <QtTest>

#include <future>
#include <thread>

#if defined(Q_OS_LINUX)
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#elif defined(Q_OS_WIN)
#include <windows.h>
#endif

using clw::engine::HostCoreHold;

namespace {

#if defined(Q_OS_LINUX)
cpu_set_t coresOf(pid_t thread) {
    cpu_set_t cores;
    CPU_ZERO(&cores);
    if (sched_getaffinity(thread, sizeof cores, &cores) != 0)
        qFatal("sched_getaffinity failed");
    return cores;
}

bool sameCores(const cpu_set_t& a, const cpu_set_t& b) {
    return CPU_EQUAL(&a, &b);
}

cpu_set_t oneCore(int core) {
    cpu_set_t cores;
    CPU_ZERO(&cores);
    CPU_SET(core, &cores);
    return cores;
}

// A thread that says its id and waits until told to end.
class WaitingThread {
public:
    WaitingThread()
        : m_thread([this] {
            m_id.set_value(gettid());
            m_end.get_future().wait();
        })
        , m_tid(m_id.get_future().get()) {}
    ~WaitingThread() {
        m_end.set_value();
        m_thread.join();
    }
    pid_t tid() const { return m_tid; }

private:
    std::promise<pid_t> m_id;
    std::promise<void> m_end;
    std::thread m_thread;
    pid_t m_tid;
};
#endif

} // namespace

class TestHostCoreHold : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void holdingKeepsTheThreadOnItsCoreUntilReleased() {
        HostCoreHold hold;
#if defined(Q_OS_LINUX)
        const cpu_set_t before = coresOf(0);
        hold.hold();
        if (CPU_COUNT(&before) > 1) {
            QVERIFY(hold.held());
            const cpu_set_t held = coresOf(0);
            QCOMPARE(CPU_COUNT(&held), 1);
            QVERIFY(CPU_ISSET(sched_getcpu(), &held)); // the core it was on, where it stays
        } else {                                       // one core to use already: nothing to hold
            QVERIFY(!hold.held());
        }
        hold.hold(); // held already: nothing changes
        const cpu_set_t again = coresOf(0);
        QCOMPARE(CPU_COUNT(&again), CPU_COUNT(&before) > 1 ? 1 : CPU_COUNT(&before));
        hold.release();
        QVERIFY(!hold.held());
        QVERIFY(sameCores(coresOf(0), before));
        hold.release(); // released already: nothing changes
        QVERIFY(sameCores(coresOf(0), before));
#elif defined(Q_OS_WIN)
        const DWORD_PTR process = [] {
            DWORD_PTR mask = 0, system = 0;
            GetProcessAffinityMask(GetCurrentProcess(), &mask, &system);
            return mask;
        }();
        hold.hold();
        QCOMPARE(hold.held(), (process & (process - 1)) != 0); // more than one core to leave
        const DWORD_PTR held =
            SetThreadAffinityMask(GetCurrentThread(), DWORD_PTR(1) << GetCurrentProcessorNumber());
        if (hold.held())
            QCOMPARE(held, DWORD_PTR(1) << GetCurrentProcessorNumber());
        hold.release();
        QCOMPARE(SetThreadAffinityMask(GetCurrentThread(), process), process);
#else
        hold.hold();
        QVERIFY(!hold.held()); // no call keeps a thread on a core
        hold.release();
#endif
    }

#if defined(Q_OS_LINUX) // Windows' threads do not inherit a thread's cores
    void threadsStartedWhileHoldingGetTheCoresBack() {
        const cpu_set_t before = coresOf(0);
        const WaitingThread earlier;
        HostCoreHold hold;
        hold.hold();
        const int core = sched_getcpu();
        const WaitingThread inheritor;
        if (CPU_COUNT(&before) > 1)
            QVERIFY(sameCores(coresOf(inheritor.tid()), oneCore(core))); // what Linux gives it
        // A thread of before the hold that chose the held core for itself keeps it.
        const cpu_set_t chosen = oneCore(core);
        QCOMPARE(sched_setaffinity(earlier.tid(), sizeof chosen, &chosen), 0);
        hold.release();
        QVERIFY(sameCores(coresOf(0), before));
        QVERIFY(sameCores(coresOf(inheritor.tid()), before));
        QVERIFY(sameCores(coresOf(earlier.tid()), chosen));
    }
#endif
};

QTEST_GUILESS_MAIN(TestHostCoreHold)
#include "tst_hostcorehold.moc"
