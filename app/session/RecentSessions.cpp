#include "RecentSessions.h"

#include <QFileInfo>
#include <QSettings>

namespace clw::app {

namespace {
QString key() {
    return QStringLiteral("sessions/recent");
}
} // namespace

RecentSessions::RecentSessions(QSettings& settings)
    : m_settings(settings) {}

QStringList RecentSessions::paths() const {
    QStringList existing;
    for (const QString& path : m_settings.value(key()).toStringList())
        if (QFileInfo::exists(path))
            existing.append(path);
    return existing;
}

void RecentSessions::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = m_settings.value(key()).toStringList();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxEntries)
        list.removeLast();
    m_settings.setValue(key(), list);
}

void RecentSessions::remove(const QString& path) {
    QStringList list = m_settings.value(key()).toStringList();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    m_settings.setValue(key(), list);
}

} // namespace clw::app
