#pragma once
// Live mode (issue 21): the session's launches run again after each edit, so that the inspector
// follows the text as the person types. An edit after a pause runs at once (once the event that
// made it is handled: a replaced text's removal and insertion are one edit); edits that follow
// each other closely are debounced (a pause in the edits). Runs are coalesced:
// at most one runs and one waits, per session; a run whose session changed while it ran is
// dropped by the controller (LiveOutcome::Stale), so an older result never shows over a newer
// one. An edit that does not build leaves the last good results shown, marked as of an earlier
// text. A live run has a short watchdog (SessionController::kLiveLaunchLimit), so that an endless
// loop typed halfway is ended and the next edit runs again.
//
// Live runs never write the session file or the history; pin() puts the latest one into the
// history.
#include "launch/LiveOutcome.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

namespace clw::ui {

class SessionController;

class LiveRunner : public QObject {
    Q_OBJECT
public:
    // Short: the result should follow the key press as closely as a build and a run allow.
    // Edits closer together than a run coalesce anyway (one running, one waiting).
    static constexpr int kDefaultDebounceMs = 10;
    // Launches slower than this (device time, summed) ask before going live.
    static constexpr double kDefaultSlowLimitMs = 500;

    enum class State {
        Off,
        Waiting, // an edit waits for its run (debounce, or a run before it)
        Current, // the results shown are of the current text
        Earlier, // the results shown are of an earlier text (the edit does not build)
        Stopped, // the watchdog ended the last run; the next edit runs again
        Failed,  // the last run failed (a launch, a buffer); the last good results stay
    };

    // The controller must outlive the runner. Live mode follows the session's flag.
    explicit LiveRunner(SessionController& controller, QObject* parent = nullptr);

    bool isLive() const;
    // Turns live mode on or off (the session remembers it). Going live runs the session.
    // `acceptSlow`: the person said to go live although the launches are slow; not asked again
    // for this session.
    void setLive(bool on, bool acceptSlow = false);
    // Whether going live should ask first: the launches of the latest run (live or not) took
    // longer than the slow limit, and the person has not accepted that. `costMs` gets their
    // device time.
    bool isSlow(double* costMs = nullptr) const;
    void setSlowLimitMs(double ms) { m_slowLimitMs = ms; }
    void setDebounceMs(int ms) { m_debounceMs = ms; }

    // Records the latest live result in the run history; false when there is none.
    bool pin();

    State state() const { return m_state; }
    // One line for the status bar: what the results shown are.
    QString statusText() const { return m_text; }
    // Live runs whose results were shown, and those dropped as stale.
    int shownCount() const { return m_shown; }
    int droppedCount() const { return m_dropped; }

Q_SIGNALS:
    void liveChanged(bool on);
    void stateChanged(clw::ui::LiveRunner::State state, const QString& text);
    // A live run's launches took `costMs` (over the slow limit): live mode went off; the window
    // asks whether to go on.
    void tooSlow(double costMs);

private:
    void edited();
    void runNow();
    void runEnded(const LiveOutcome& outcome);
    void setState(State state, const QString& text);

    SessionController& m_controller;
    QTimer m_debounce;
    int m_debounceMs = kDefaultDebounceMs;
    QElapsedTimer m_sinceEdit; // since the last edit: a pause longer than the debounce
    bool m_queued = false;     // an edit came while a run was in progress
    bool m_wasLive = false;
    bool m_slowAccepted = false;
    double m_slowLimitMs = kDefaultSlowLimitMs;
    State m_state = State::Off;
    QString m_text;
    int m_shown = 0;
    int m_dropped = 0;
};

} // namespace clw::ui
