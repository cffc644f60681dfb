#pragma once
// What one live run of a session came to (issue 21): live runs stay out of the run history, so
// the live runner and the window learn of them from this value alone. Qt Core only.
#include <QMetaType>
#include <QString>

namespace clw::ui {

struct LiveOutcome {
    enum class Kind {
        Shown,       // it ran: its buffers are the inspector's sources now
        BuildFailed, // the text does not build: the results shown are of an earlier text
        Stopped,     // the watchdog (or Stop) ended the device host: an endless loop, say
        Failed,      // it built but a launch or a buffer failed
        Stale,       // the session changed while it ran: its results were dropped unseen
    };
    Kind kind = Kind::Shown;
    QString message;     // what went wrong, for all but Shown and Stale
    double kernelMs = 0; // the launches' device time, summed (Shown)
};

} // namespace clw::ui

Q_DECLARE_METATYPE(clw::ui::LiveOutcome)
