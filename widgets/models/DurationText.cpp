#include "models/DurationText.h"

#include <cmath>

namespace clw::ui {

QString formatDuration(double ns) {
    const double magnitude = std::abs(ns);
    double value = ns;
    QString unit = QStringLiteral("ns");
    if (magnitude >= 1e9) {
        value = ns / 1e9;
        unit = QStringLiteral("s");
    } else if (magnitude >= 1e6) {
        value = ns / 1e6;
        unit = QStringLiteral("ms");
    } else if (magnitude >= 1e3) {
        value = ns / 1e3;
        unit = QStringLiteral("µs");
    }
    // Whole nanoseconds need no decimals; elsewhere three significant figures.
    const double absValue = std::abs(value);
    const int decimals = unit == QStringLiteral("ns") ? 0
                         : absValue >= 100            ? 0
                         : absValue >= 10             ? 1
                                                      : 2;
    return QStringLiteral("%1 %2").arg(QString::number(value, 'f', decimals), unit);
}

} // namespace clw::ui
