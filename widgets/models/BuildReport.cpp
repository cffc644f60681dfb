#include "models/BuildReport.h"

#include "clw/engine/build/BuildLogParser.h"
#include "clw/engine/build/BuildOutcome.h"

#include <QCoreApplication>
#include <QObject>
#include <QRegularExpression>

#include <algorithm>

namespace clw::ui {

namespace {

DiagnosticSeverity toSeverity(engine::Severity severity) {
    switch (severity) {
    case engine::Severity::Error:
        return DiagnosticSeverity::Error;
    case engine::Severity::Warning:
        return DiagnosticSeverity::Warning;
    case engine::Severity::Note:
        return DiagnosticSeverity::Note;
    case engine::Severity::Remark:
        return DiagnosticSeverity::Remark;
    case engine::Severity::Text:
        break;
    }
    return DiagnosticSeverity::Text;
}

QString tr(const char* text) {
    return QCoreApplication::translate("clw::ui::BuildReport", text);
}

QString counted(int n, const char* one, const char* many) {
    return (n == 1 ? tr(one) : tr(many)).arg(n);
}

} // namespace

int DeviceBuildReport::count(DiagnosticSeverity severity) const {
    return int(std::count_if(diagnostics.begin(), diagnostics.end(),
                             [&](const BuildDiagnostic& d) { return d.severity == severity; }));
}

bool BuildReport::ok() const {
    return error.isEmpty() && !devices.isEmpty() &&
           std::all_of(devices.begin(), devices.end(),
                       [](const DeviceBuildReport& d) { return d.ok; });
}

int BuildReport::errorCount() const {
    int n = 0;
    for (const DeviceBuildReport& device : devices)
        n += device.count(DiagnosticSeverity::Error);
    return n;
}

int BuildReport::warningCount() const {
    int n = 0;
    for (const DeviceBuildReport& device : devices)
        n += device.count(DiagnosticSeverity::Warning);
    return n;
}

namespace {

// The notes of a problem that point into `file` ("k.cl:1:25: note: expanded from macro 'S'"), as
// diagnostics of their own that say which problem they belong to.
void addNotesIn(const QString& file, const BuildDiagnostic& problem, QList<BuildDiagnostic>& out) {
    static const QRegularExpression kNote(QStringLiteral("^(.+):(\\d+):(\\d+): note: (.*)$"));
    for (const QString& note : problem.notes) {
        const QRegularExpressionMatch match = kNote.match(note);
        if (!match.hasMatch() || match.captured(1) != file)
            continue;
        BuildDiagnostic located;
        located.device = problem.device;
        located.file = file;
        located.line = match.captured(2).toInt();
        located.column = match.captured(3).toInt();
        located.severity = DiagnosticSeverity::Note;
        located.message =
            QObject::tr("%1 (for the %2 at %3:%4)")
                .arg(match.captured(4),
                     problem.severity == DiagnosticSeverity::Error ? QObject::tr("error")
                                                                   : QObject::tr("warning"),
                     problem.file)
                .arg(problem.line);
        out.append(located);
    }
}

} // namespace

QList<BuildDiagnostic> BuildReport::problemsIn(const QString& file) const {
    QList<BuildDiagnostic> result;
    for (const DeviceBuildReport& device : devices) {
        for (const BuildDiagnostic& problem : device.diagnostics) {
            QList<BuildDiagnostic> candidates;
            if (problem.isProblem())
                addNotesIn(file, problem, candidates);
            if (problem.isProblem() && problem.file == file && problem.line > 0)
                candidates.prepend(problem);
            for (const BuildDiagnostic& diagnostic : candidates) {
                auto same =
                    std::find_if(result.begin(), result.end(), [&](const BuildDiagnostic& d) {
                        return d.line == diagnostic.line && d.column == diagnostic.column &&
                               d.severity == diagnostic.severity && d.message == diagnostic.message;
                    });
                if (same == result.end())
                    result.append(diagnostic);
                else if (!same->device.split(QStringLiteral(", ")).contains(diagnostic.device))
                    same->device += QStringLiteral(", ") + diagnostic.device;
            }
        }
    }
    std::stable_sort(result.begin(), result.end(),
                     [](const BuildDiagnostic& a, const BuildDiagnostic& b) {
                         return std::pair(a.line, a.column) < std::pair(b.line, b.column);
                     });
    return result;
}

QString BuildReport::summary() const {
    if (!error.isEmpty())
        return error;
    const int errors = errorCount();
    const int warnings = warningCount();
    if (errors == 0 && warnings == 0)
        return ok() ? tr("no errors") : tr("failed without a diagnostic: see the log");
    QString text = counted(errors, "%1 error", "%1 errors");
    if (warnings > 0)
        text += QStringLiteral(", ") + counted(warnings, "%1 warning", "%1 warnings");
    return text;
}

QString severityText(DiagnosticSeverity severity) {
    switch (severity) {
    case DiagnosticSeverity::Error:
        return tr("error");
    case DiagnosticSeverity::Warning:
        return tr("warning");
    case DiagnosticSeverity::Note:
        return tr("note");
    case DiagnosticSeverity::Remark:
        return tr("remark");
    case DiagnosticSeverity::Text:
        break;
    }
    return tr("text");
}

void appendOutcome(BuildReport& report, const engine::BuildOutcome& outcome) {
    report.superseded = report.superseded || outcome.superseded;
    if (!outcome.error.empty()) {
        const QString error = QString::fromStdString(outcome.error);
        report.error = report.error.isEmpty() ? error : report.error + QLatin1Char('\n') + error;
    }
    for (const std::string& problem : outcome.cacheProblems)
        report.cacheProblems.append(QString::fromStdString(problem));
    for (const std::string& warning : outcome.warnings)
        if (const QString text = QString::fromStdString(warning); !report.warnings.contains(text))
            report.warnings.append(text); // one build per device says it each time
    if (report.options.isEmpty())
        report.options = QString::fromStdString(outcome.effectiveOptions);
    report.totalMs = std::max(report.totalMs, outcome.timings.totalMs);
    const std::string mainFile = report.mainFile.toStdString();
    for (const engine::DeviceBuildOutcome& device : outcome.devices) {
        DeviceBuildReport entry;
        entry.device = QString::fromStdString(device.device.name());
        entry.ok = device.ok;
        entry.fromCache = device.fromCache;
        entry.log = QString::fromStdString(device.log);
        std::vector<engine::Diagnostic> diagnostics = device.diagnostics;
        if (diagnostics.empty() && !device.log.empty()) {
            // The cache answered: the stored log was not parsed. Without the header folder's
            // path the best mapping is "any unnamed or temporary source is the main file".
            diagnostics = engine::parseBuildLog(device.log, [&](const std::string& file) {
                const bool temporary = file.empty() || file.front() == '<' ||
                                       file.find("tempfile_") != std::string::npos;
                return temporary ? mainFile : file;
            });
        }
        for (const engine::Diagnostic& d : diagnostics) {
            BuildDiagnostic item;
            item.device = entry.device;
            item.file = QString::fromStdString(d.file);
            item.line = d.line;
            item.column = d.column;
            item.severity = toSeverity(d.severity);
            item.message =
                QString::fromStdString(d.severity == engine::Severity::Text ? d.text : d.message);
            for (const std::string& note : d.notes)
                item.notes.append(QString::fromStdString(note));
            entry.diagnostics.append(std::move(item));
        }
        report.devices.append(std::move(entry));
    }
}

} // namespace clw::ui
