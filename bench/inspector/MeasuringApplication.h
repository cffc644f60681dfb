#pragma once
// An application that times every event it delivers on the GUI thread (outermost deliveries
// only: nested ones are part of them). The longest is the longest stall a person would feel:
// paints, page reads arriving, scroll-bar changes, timers.
#include <QApplication>

namespace clw::bench {

class MeasuringApplication : public QApplication {
public:
    using QApplication::QApplication;

    bool notify(QObject* receiver, QEvent* event) override;
    void startMeasuring();
    void stopMeasuring() { m_measuring = false; }
    double longestMs() const { return m_longest * 1000; }

private:
    int m_depth = 0;
    bool m_measuring = false;
    double m_longest = 0;
};

} // namespace clw::bench
