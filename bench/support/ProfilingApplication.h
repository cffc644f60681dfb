#pragma once
// A QApplication that times every event it delivers in the GUI thread's own CPU time, so that a
// GUI benchmark can say which event was the longest piece of GUI work while it measured (the
// receiver's class and name and the event's type), not only how long it was.
#include "StallMeter.h"

#include <QApplication>
#include <QEvent>
#include <QMetaEnum>
#include <QString>

namespace clw::bench {

class ProfilingApplication : public QApplication {
public:
    using QApplication::QApplication;

    // Forgets the slowest event so far; events are timed while recording.
    void startRecording() {
        m_slowestMs = 0;
        m_slowest.clear();
        m_recording = true;
    }
    void stopRecording() { m_recording = false; }
    double slowestMs() const { return m_slowestMs; }
    // "QSocketNotifier SockAct" and the like.
    QString slowest() const { return m_slowest; }

    bool notify(QObject* receiver, QEvent* event) override {
        if (!m_recording || m_depth > 0)
            return QApplication::notify(receiver, event);
        ++m_depth; // nested events count in the outer one
        const QEvent::Type type = event->type();
        // Read before delivery: the receiver may be gone after it.
        const char* className = receiver->metaObject()->className();
        const QString name = receiver->objectName();
        const double start = threadCpuMs();
        const bool result = QApplication::notify(receiver, event);
        const double spent = threadCpuMs() - start;
        --m_depth;
        if (spent > m_slowestMs) {
            m_slowestMs = spent;
            m_slowest = QStringLiteral("%1%2 %3").arg(
                QString::fromLatin1(className),
                name.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(name),
                QString::fromLatin1(QMetaEnum::fromType<QEvent::Type>().valueToKey(type)));
        }
        return result;
    }

private:
    double m_slowestMs = 0;
    QString m_slowest;
    bool m_recording = false;
    int m_depth = 0;
};

} // namespace clw::bench
