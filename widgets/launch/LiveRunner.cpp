#include "launch/LiveRunner.h"

#include "launch/SessionController.h"
#include "models/SummaryLine.h"

namespace clw::ui {

LiveRunner::LiveRunner(SessionController& controller, QObject* parent)
    : QObject(parent)
    , m_controller(controller) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(m_debounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &LiveRunner::runNow);
    connect(&controller, &SessionController::sessionChanged, this, &LiveRunner::edited);
    connect(&controller, &SessionController::sessionOpened, this, [this] {
        m_queued = false;
        m_slowAccepted = false;
        m_debounce.stop();
        m_wasLive = isLive();
        Q_EMIT liveChanged(m_wasLive);
        if (m_wasLive) {
            setState(State::Waiting, tr("Live: running the session..."));
            m_debounce.start(m_debounceMs);
        } else {
            setState(State::Off, QString());
        }
    });
    // The one waiting starts once the run before it (live or not) has ended.
    connect(&controller, &SessionController::busyChanged, this, [this](bool busy) {
        if (!busy && m_queued && isLive()) {
            m_queued = false;
            m_debounce.start(m_debounceMs);
        }
    });
    connect(&controller, &SessionController::liveRunFinished, this, &LiveRunner::runEnded);
}

bool LiveRunner::isLive() const {
    return m_controller.isLive();
}

void LiveRunner::setLive(bool on, bool acceptSlow) {
    m_slowAccepted = m_slowAccepted || acceptSlow;
    m_controller.setLive(on); // edited() follows when it changed
}

bool LiveRunner::isSlow(double* costMs) const {
    // The latest live run, else the latest run of the history (its records share a time).
    std::vector<RunRecord> latest = m_controller.liveRecords();
    if (latest.empty() && !m_controller.history().empty()) {
        const QDateTime when = m_controller.history().back().when;
        for (const RunRecord& record : m_controller.history())
            if (record.when == when)
                latest.push_back(record);
    }
    double ns = 0;
    for (const RunRecord& record : latest)
        for (double each : record.kernelNs)
            ns += each;
    if (costMs)
        *costMs = ns / 1e6;
    return !m_slowAccepted && ns / 1e6 > m_slowLimitMs;
}

bool LiveRunner::pin() {
    return m_controller.pinLive();
}

void LiveRunner::edited() {
    const bool live = isLive();
    if (live != m_wasLive) {
        m_wasLive = live;
        Q_EMIT liveChanged(live);
        if (!live) {
            m_debounce.stop();
            m_queued = false;
            setState(State::Off, QString());
            return;
        }
    }
    if (!live)
        return;
    setState(State::Waiting, tr("Live: waiting for a pause in the edits..."));
    // After a pause the edit's run need not wait for another: the key press's result should
    // follow it as closely as a build and a run allow (clw_bench_live).
    // Edits made by one event (a replaced text's removal and insertion) join the run that the
    // first of them asked for at once.
    const bool afterPause = !m_sinceEdit.isValid() || m_sinceEdit.elapsed() >= m_debounceMs;
    const bool atOnce = m_debounce.isActive() && m_debounce.interval() == 0;
    m_sinceEdit.start();
    if (afterPause || !atOnce)
        m_debounce.start(afterPause ? 0 : m_debounceMs);
}

void LiveRunner::runNow() {
    if (!isLive())
        return;
    // Busy: it runs when the run in progress ends (busyChanged), as one, however many edits.
    if (!m_controller.runLive())
        m_queued = true;
    else
        setState(State::Waiting, tr("Live: running..."));
}

void LiveRunner::runEnded(const LiveOutcome& outcome) {
    if (!isLive())
        return;
    switch (outcome.kind) {
    case LiveOutcome::Kind::Shown:
        ++m_shown;
        setState(State::Current, tr("Live: results of the current text"));
        if (!m_slowAccepted && outcome.kernelMs > m_slowLimitMs) {
            setLive(false);
            Q_EMIT tooSlow(outcome.kernelMs);
        }
        return;
    case LiveOutcome::Kind::Stale:
        ++m_dropped; // the run of the newer edit follows
        return;
    case LiveOutcome::Kind::BuildFailed:
        setState(State::Earlier,
                 tr("Live: the text does not build; the results shown are of an earlier text"));
        return;
    case LiveOutcome::Kind::Stopped:
        setState(State::Stopped,
                 tr("Live: the watchdog stopped the run (a loop that never ends?); the results "
                    "shown are of an earlier text, and the next edit runs again"));
        return;
    case LiveOutcome::Kind::Failed:
        setState(State::Failed,
                 tr("Live: the run failed (%1); the results shown are of an earlier text")
                     .arg(summaryLine(outcome.message)));
        return;
    }
}

void LiveRunner::setState(State state, const QString& text) {
    if (m_state == state && m_text == text)
        return;
    m_state = state;
    m_text = text;
    Q_EMIT stateChanged(state, text);
}

} // namespace clw::ui
