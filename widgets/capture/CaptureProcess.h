#pragma once
// Runs one `clworkbench capture` for File > Capture from program...: the workbench's own
// executable in a process of its own, so that the program's OpenCL and the capture layer never
// load into the window's process. While it runs, it reads the layer's progress.json (calls,
// launches seen and captured, bytes written) a few times a second and passes on what the
// program and the command print; Stop asks the command to end the program and keep what was
// captured (a "stop" file in its journal folder, which it watches). At the end it reads the
// capture's index, captures.json.
#include "capture/CaptureRequest.h"
#include "capture/CaptureResult.h"

#include <QObject>
#include <QProcess>
#include <QTimer>

#include <cstdint>
#include <optional>

namespace clw::ui {

class CaptureProcess : public QObject {
    Q_OBJECT
public:
    // `workbench`: the clworkbench executable that runs `capture`.
    explicit CaptureProcess(QString workbench, QObject* parent = nullptr);
    ~CaptureProcess() override;

    // The clworkbench beside the running executable (the workbench, or a test beside it).
    static QString besideThisExecutable();

    // Starts the capture; false with `error` set when it cannot start (the request's problem,
    // a missing executable, an output folder that cannot be made).
    bool start(const CaptureRequest& request, QString* error);
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    // Asks the command to end the program; what was captured before is still written.
    void stop();
    bool stopRequested() const { return m_stopRequested; }
    const CaptureProgress& progress() const { return m_progress; }
    const CaptureRequest& request() const { return m_request; }

Q_SIGNALS:
    void progressChanged(const clw::ui::CaptureProgress& progress);
    // Text the command and the program printed (standard output and error together).
    void printed(const QString& text);
    // The command ended: `result` is what it wrote, or nullopt with `problem` (the last thing
    // it said where it wrote no index: a program not found, an unwritable folder).
    void finished(const std::optional<clw::ui::CaptureResult>& result, const QString& problem);

private:
    QString journalFolder() const;
    void readProgress();
    void readOutput();
    void end();

    QString m_workbench;
    QProcess m_process;
    QTimer m_poll;
    CaptureRequest m_request;
    CaptureProgress m_progress;
    QString m_lastError; // the last "clworkbench capture:" line
    QString m_partialLine;
    qint64 m_pid = 0;
    bool m_stopRequested = false;
};

} // namespace clw::ui
