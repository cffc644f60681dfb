#include "MeasuringApplication.h"

#include "Stopwatch.h"

#include <algorithm>

namespace clw::bench {

bool MeasuringApplication::notify(QObject* receiver, QEvent* event) {
    if (m_depth++ > 0) {
        const bool handled = QApplication::notify(receiver, event);
        --m_depth;
        return handled;
    }
    const Stopwatch clock;
    const bool handled = QApplication::notify(receiver, event);
    --m_depth;
    if (m_measuring)
        m_longest = std::max(m_longest, clock.seconds());
    return handled;
}

void MeasuringApplication::startMeasuring() {
    m_longest = 0;
    m_measuring = true;
}

} // namespace clw::bench
