#pragma once
// Runs the event loop of a GUI benchmark until a condition holds.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <functional>

namespace clw::bench {

// Runs the event loop until `done` holds or the time is up; false on time-out. The thread sleeps
// between events (a timer wakes it to look again every few ms): a loop that polled would take a
// core from what is measured, on a machine with few.
inline bool waitFor(const std::function<bool()>& done, int timeoutMs) {
    QElapsedTimer clock;
    clock.start();
    QTimer wake;
    wake.setInterval(4);
    wake.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
    }
    return true;
}

} // namespace clw::bench
