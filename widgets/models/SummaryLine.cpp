#include "models/SummaryLine.h"

#include "bridge/HostStopped.h"

#include <QStringList>

namespace clw::ui {

QString summaryLine(const QString& message) {
    const QStringList lines = message.split(QLatin1Char('\n'));
    const QString& first = lines.front();
    const QLatin1String heading(kLastWordsHeading);
    if (!first.endsWith(heading))
        return first;
    QString last;
    for (qsizetype i = 1; i < lines.size() && lines[i] != QLatin1String(kStackPlaceHeading); ++i)
        if (!lines[i].trimmed().isEmpty())
            last = lines[i].trimmed();
    return last.isEmpty() ? first.left(first.size() - heading.size())
                          : first + QLatin1Char(' ') + last;
}

} // namespace clw::ui
