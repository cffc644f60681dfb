#pragma once
// Durations as the history table, the timeline and the log show them: "850 ns", "12.3 µs",
// "4.56 ms", "1.23 s", three significant figures in the largest unit that keeps the number at
// or above one.
#include <QString>

namespace clw::ui {

QString formatDuration(double ns);

} // namespace clw::ui
