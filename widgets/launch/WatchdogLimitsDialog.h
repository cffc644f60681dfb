#pragma once
// Run > Watchdog limits...: how long the device host may build the session's program and run each
// of its launches before the watchdog ends it (the session's `watchdog`, saved with it). Spin
// boxes in seconds, so that no value outside what the session file accepts can be typed.
#include "clw/engine/session/Session.h"

#include <QDialog>

class QDoubleSpinBox;

namespace clw::ui {

class WatchdogLimitsDialog : public QDialog {
    Q_OBJECT
public:
    explicit WatchdogLimitsDialog(const engine::SessionWatchdog& limits, QWidget* parent = nullptr);

    // The limits as the spin boxes say.
    engine::SessionWatchdog limits() const;

private:
    void restoreDefaults();

    engine::SessionWatchdog m_initial; // the session's, exactly
    engine::SessionWatchdog m_shown;   // as the boxes first showed them (rounded)
    QDoubleSpinBox* m_launch;
    QDoubleSpinBox* m_build;
};

} // namespace clw::ui
