#pragma once
// captures.json: what one `clworkbench capture` wrote into its --out folder, for the workbench's
// list of captured launches (File > Capture from program...) and for scripts: the program, how
// it ended, trace.json, each session written (path relative to the folder, kernel, launches,
// sizes, device, time on the device) and each launch that was not captured, with the reason.
#include "clw/engine/capture/CaptureRecord.h"
#include "clw/engine/capture/ChromeTrace.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace clw::app {

class CaptureIndex {
public:
    CaptureIndex(const QString& program, const QStringList& arguments, const QStringList& kernels);

    // How the program ended: its exit status, or none where it crashed or was stopped.
    void setEnd(std::optional<int> exitStatus, bool stopped);
    // The trace's launches, to give each session its launches' time on the device.
    void setTrace(const engine::TraceSummary& summary);
    // The layer's last progress.json (calls, launches, captured, bytes), kept as "progress".
    void setProgress(const QByteArray& progressJson);
    void addSession(const QString& path,
                    const std::vector<const engine::CapturedLaunchRecord*>& launches);
    void addNotCaptured(std::uint64_t launch, const QString& kernel, const QString& reason);
    // Writes captures.json in `folder` (a temporary file renamed); throws std::runtime_error.
    void write(const QString& folder) const;

private:
    // The device nanoseconds of launch `number` (counted among the kernels asked for); none
    // where the trace did not time it.
    std::optional<std::uint64_t> deviceNs(std::uint64_t number) const;

    QString m_program;
    QStringList m_arguments, m_kernels;
    std::optional<int> m_exitStatus;
    bool m_stopped = false;
    // The trace's launches of the kernels asked for, in order: their device nanoseconds.
    std::vector<std::uint64_t> m_launchNs;
    QJsonArray m_sessions, m_notCaptured;
    QJsonObject m_progress;
};

} // namespace clw::app
