#include "ProblemReporter.h"

#include "WorkbenchContext.h"
#include "bridge/HostStopped.h"
#include "inspector/BufferInspector.h"
#include "launch/LogPanel.h"
#include "launch/SessionController.h"
#include "models/SummaryLine.h"
#include "session/SessionWorkflow.h"

#include <QStatusBar>

namespace clw::app {

ProblemReporter::ProblemReporter(WorkbenchContext& context, SessionWorkflow& sessions,
                                 ui::BufferInspector& inspector, QStatusBar& statusBar,
                                 ui::LogPanel& log, QObject* parent)
    : QObject(parent)
    , m_statusBar(statusBar)
    , m_log(log) {
    // The log has the session's own errors already (LogPanel logs its controller).
    connect(&context.session(), &ui::SessionController::errorOccurred, this,
            [this](const QString& where, const QString& message) {
                m_statusBar.showMessage(tr("%1: %2").arg(where, ui::summaryLine(message)),
                                        kShownMs);
            });
    connect(&sessions, &SessionWorkflow::problem, this, [this](const QString& message) {
        m_statusBar.showMessage(message, kShownMs);
        m_log.append(ui::LogPanel::Level::Warning, message);
    });
    connect(&inspector, &ui::BufferInspector::accessFailed, this, [this](const QString& message) {
        m_statusBar.showMessage(ui::summaryLine(message), kShownMs);
        m_log.append(ui::LogPanel::Level::Error, tr("Buffer inspector: %1").arg(message));
    });
    connect(&context, &WorkbenchContext::hostEndedUnseen, this, &ProblemReporter::showHostEnded);
}

void ProblemReporter::showHostEnded(const QString& message, bool listing) {
    // "The device host for `X` stopped while idle (SIGSEGV). Its last words: ...": what comes
    // next is said after the first sentence, before the last words and the stack.
    qsizetype rest = message.indexOf(QLatin1String(ui::kLastWordsHeading));
    if (rest < 0)
        rest = message.indexOf(QLatin1Char('\n')); // a stack and no words
    if (rest < 0)
        rest = message.size();
    const QString next =
        message.left(rest) + (listing ? tr(" Devices > Refresh lists the devices with a new one.")
                                      : tr(" The next build or run starts a new one."));
    m_statusBar.showMessage(next, kShownMs);
    const QString restart = listing ? QString()
                                    : tr(" Run > Restart Device Host brings the session's "
                                         "buffers back now.");
    m_log.append(ui::LogPanel::Level::Error, next + restart + message.mid(rest));
}

} // namespace clw::app
