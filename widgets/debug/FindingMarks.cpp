#include "debug/FindingMarks.h"

#include <QCoreApplication>

namespace clw::ui {

QList<BuildDiagnostic> findingMarks(const engine::CheckReport& report) {
    QList<BuildDiagnostic> marks;
    for (const engine::CheckedLaunch& launch : report.launches)
        for (const engine::CheckFinding& finding : launch.findings) {
            if (finding.place.line == 0)
                continue;
            BuildDiagnostic mark;
            mark.device = QCoreApplication::translate("FindingMarks", "Oclgrind check");
            mark.file = QString::fromStdString(finding.place.file);
            mark.line = int(finding.place.line);
            mark.column = int(finding.place.column);
            mark.severity = DiagnosticSeverity::Error;
            mark.message = QString::fromStdString(engine::describeFinding(finding)) +
                           QStringLiteral(" [%1]").arg(QString::fromStdString(launch.name));
            marks.append(mark);
        }
    return marks;
}

} // namespace clw::ui
