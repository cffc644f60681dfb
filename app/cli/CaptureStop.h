#pragma once
// Stopping a captured program while keeping what was captured. A request to stop is SIGTERM,
// SIGINT or SIGHUP to `clworkbench capture` (Ctrl+C and Ctrl+Break on Windows), or a file named
// "stop" in the capture's journal folder, which the workbench's Stop writes (the one way that is
// the same on every system). The command then ends the program (it has a moment to end by
// itself first, as after its own Ctrl+C) and still writes the sessions of what came before.
#include <QString>

class QProcess;

namespace clw::app {

class CaptureStop {
public:
    // Catches the signals until destroyed.
    explicit CaptureStop(QString stopFile);
    ~CaptureStop();
    CaptureStop(const CaptureStop&) = delete;
    CaptureStop& operator=(const CaptureStop&) = delete;

    // Waits for `program` to finish; on a request to stop, ends it. True when it was stopped so.
    bool waitFor(QProcess& program);

private:
    bool requested() const;

    QString m_stopFile;
};

} // namespace clw::app
