#pragma once
// A message on one line, for a status bar, a table cell or a status label, whose room is one
// line: its first line. A device host's stop ("... stopped while running `k` (SIGABRT). Its last
// words:" and the host's last lines of stderr below, then its stack) ends its first line on the
// words' heading: the last of the words follows it there, the line nearest to the end, so that
// the line says what the driver said and not a heading with nothing after it.
#include <QString>

namespace clw::ui {

QString summaryLine(const QString& message);

} // namespace clw::ui
