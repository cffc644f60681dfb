#pragma once
// The Welcome page: start a new session, open one, open a recent one, or open one of the sample
// sessions embedded in the application (:/samples/*.clwb), each with its title and description.
#include <QWidget>

class QListWidget;
class QListWidgetItem;
class QSettings;

namespace clw::app {

class WelcomePage : public QWidget {
    Q_OBJECT
public:
    explicit WelcomePage(QSettings& settings, QWidget* parent = nullptr);

    // Reads the recent sessions again.
    void refresh();
    QListWidget* samples() const { return m_samples; }
    QListWidget* recent() const { return m_recent; }
    // The embedded sample sessions, sorted by file name.
    static QStringList samplePaths();

Q_SIGNALS:
    void newRequested();
    void openRequested();
    void sampleChosen(const QString& resourcePath);
    void recentChosen(const QString& path);

private:
    void fillSamples();

    QSettings& m_settings;
    QListWidget* m_samples;
    QListWidget* m_recent;
};

} // namespace clw::app
