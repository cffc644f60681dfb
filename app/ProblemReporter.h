#pragma once
// Says in the window's status bar and log the problems that reach no dialog: a build or run that
// failed (the session's), a session file that could not be read or written, a read or write of
// the inspector that failed (whose own line a short dock may scroll out of view), and a device
// host that ended while nothing waited on it, which no failed request says.
#include <QObject>

class QStatusBar;

namespace clw::ui {
class BufferInspector;
class LogPanel;
} // namespace clw::ui

namespace clw::app {

class SessionWorkflow;
class WorkbenchContext;

class ProblemReporter : public QObject {
    Q_OBJECT
public:
    // Everything given outlives this object (the window's children).
    ProblemReporter(WorkbenchContext& context, SessionWorkflow& sessions,
                    ui::BufferInspector& inspector, QStatusBar& statusBar, ui::LogPanel& log,
                    QObject* parent);

private:
    // How long a problem stays in the status bar, unless the next build or run begins.
    static constexpr int kShownMs = 15000;

    void showHostEnded(const QString& message, bool listing);

    QStatusBar& m_statusBar;
    ui::LogPanel& m_log;
};

} // namespace clw::app
