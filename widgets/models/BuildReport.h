#pragma once
// A build's result as the GUI shows it: per-device diagnostics with file, line, column, severity
// and message, as plain Qt values made on the worker thread from the engine's BuildOutcome
// (DESIGN.md §3: only values cross threads). Qt Core only.
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace clw::engine {
struct BuildOutcome;
}

namespace clw::ui {

enum class DiagnosticSeverity { Error, Warning, Note, Remark, Text };

struct BuildDiagnostic {
    QString device; // the device whose compiler said it
    QString file;   // the source name as the build's SourceSet spells it ("blur.cl", "common.h")
    int line = 0;   // 1-based; 0 when the message has no location
    int column = 0; // 1-based byte column; 0 when unknown
    // Where the problem ends (1-based line, byte column past its last byte) when the source knows
    // it (the language service); 0: the word at line:column.
    int endLine = 0;
    int endColumn = 0;
    DiagnosticSeverity severity = DiagnosticSeverity::Text;
    QString message;
    QStringList notes;

    bool isProblem() const {
        return severity == DiagnosticSeverity::Error || severity == DiagnosticSeverity::Warning;
    }
};

struct DeviceBuildReport {
    QString device;
    bool ok = false;
    bool fromCache = false;
    QString log;
    QList<BuildDiagnostic> diagnostics;

    int count(DiagnosticSeverity severity) const;
};

struct BuildReport {
    quint64 generation = 0; // set by the caller: which request this answers
    QString mainFile;
    QString options; // what the driver was given
    QList<DeviceBuildReport> devices;
    QString error; // a failure that is not the compiler's (no device, bad request)
    QStringList cacheProblems;
    // What the build was given and could not use (a missing include folder): built without it.
    QStringList warnings;
    bool superseded = false; // replaced while queued: nothing was built
    double totalMs = 0;

    bool ok() const;
    int errorCount() const;
    int warningCount() const;
    // The errors and warnings located in `file`, and the notes of any error or warning that
    // point into it (a macro's definition: "... (for the error at k.cl:5)"), each once even when
    // several devices said it (the device names are then joined), sorted by line and column.
    QList<BuildDiagnostic> problemsIn(const QString& file) const;
    // "2 errors, 1 warning", "no errors", ...
    QString summary() const;
};

// Severity names for the list and tooltips: "error", "warning", ...
QString severityText(DiagnosticSeverity severity);

// Appends one engine outcome (one platform's devices) to a report. A device answered by the
// binary cache has its stored log re-parsed so that its warnings still show (the engine parses
// logs of source builds only); names the log gives the main source map to `mainFile`.
void appendOutcome(BuildReport& report, const engine::BuildOutcome& outcome);

} // namespace clw::ui

Q_DECLARE_METATYPE(clw::ui::BuildReport)
