#pragma once
// The longest stall of the GUI event loop, measured by a 1 ms timer: what the GUI benchmarks
// (clw_bench_ui, clw_bench_live) hold to one frame at 60 Hz.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <time.h>

namespace clw::bench {

// One frame at 60 Hz: a gap longer than this is a stall the person sees.
constexpr double kFrameMs = 16.0;

// The GUI thread's own CPU time, in ms.
inline double threadCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

// The longest gap between ticks of a 1 ms timer: how long the event loop could not run (what
// the person feels), and of that gap the GUI thread's own CPU time (the work the editor did on
// the GUI thread; the rest of a gap is the thread waiting for a core, on a loaded machine).
class StallMeter {
public:
    StallMeter() {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const double now = m_clock.nsecsElapsed() / 1e6;
            const double cpu = threadCpuMs();
            m_longest = std::max(m_longest, now - m_last);
            m_longestBusy = std::max(m_longestBusy, cpu - m_lastCpu);
            m_overGoal += now - m_last > kFrameMs;
            m_last = now;
            m_lastCpu = cpu;
        });
    }
    void start() {
        m_longest = m_longestBusy = 0;
        m_overGoal = 0;
        m_clock.start();
        m_last = 0;
        m_lastCpu = threadCpuMs();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    double longestMs() const { return m_longest; }
    double longestBusyMs() const { return m_longestBusy; }
    int overGoal() const { return m_overGoal; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_last = 0;
    double m_lastCpu = 0;
    double m_longest = 0;
    double m_longestBusy = 0;
    int m_overGoal = 0;
};

} // namespace clw::bench
