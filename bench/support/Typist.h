#pragma once
// Types into a widget as a person does, for the GUI benchmarks: `count` characters of `text`
// (repeated), 30 to 60 ms apart, with a pause of 800 ms after every 40 (longer than the editor's
// debounce, so that builds and the language service's answers start while typing goes on).
#include <QObject>
#include <QString>
#include <QTest>
#include <QTimer>

namespace clw::bench {

class Typist {
public:
    Typist(QWidget* target, const QString& text, int count)
        : m_target(target)
        , m_text(text)
        , m_count(count) {
        m_timer.setSingleShot(true);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            QTest::keyClick(m_target, m_text[m_typed % m_text.size()].toLatin1());
            ++m_typed;
            if (m_typed < m_count)
                m_timer.start(m_typed % 40 == 0 ? 800 : 30 + (m_typed * 7) % 31);
        });
    }
    void start() { m_timer.start(30); }
    bool done() const { return m_typed >= m_count; }
    int typed() const { return m_typed; }

private:
    QWidget* m_target;
    QString m_text;
    int m_count;
    int m_typed = 0;
    QTimer m_timer;
};

} // namespace clw::bench
