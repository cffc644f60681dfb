#pragma once
// The sessions opened last, newest first, kept in the settings (File > Open recent, the Welcome
// page).
#include <QStringList>

class QSettings;

namespace clw::app {

class RecentSessions {
public:
    static constexpr int kMaxEntries = 8;

    explicit RecentSessions(QSettings& settings);
    // Existing files only: a session deleted since is dropped from the list.
    QStringList paths() const;
    void add(const QString& path);
    void remove(const QString& path);

private:
    QSettings& m_settings;
};

} // namespace clw::app
