#pragma once
// What File > Capture from program... runs: a program with its arguments, working folder and
// added environment, the kernels and launches to capture, and where the sessions go; as the
// arguments of `clworkbench capture` (the command runs the program, in its own process, so that
// the workbench itself never loads the capture layer or the program's OpenCL).
#include <QString>
#include <QStringList>

namespace clw::ui {

struct CaptureRequest {
    QString program;
    QStringList arguments;
    QString workingFolder;                    // empty: the workbench's own
    QStringList environment;                  // NAME=VALUE, added to the workbench's environment
    QStringList kernels;                      // empty: every kernel
    QString launch = QStringLiteral("first"); // first, last, all, none, N or FROM..TO
    QString maxBytes = QStringLiteral("1G");
    QString outFolder;

    // "capture --kernel K ... --launch L --max-bytes B --out DIR -- PROGRAM ARGS...".
    QStringList commandArguments() const;
    // What is wrong with the request, in a sentence that says what to do; empty when it can run.
    QString problem() const;
};

} // namespace clw::ui
