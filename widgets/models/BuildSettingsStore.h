#pragma once
// Remembers the build panel's choices (options, devices) per kernel folder in QSettings, until
// sessions exist to hold them. Keys: "editor/build/v1/<sha1 of the folder's absolute path>/...";
// the "v1" is the layout version: another version is ignored, never misread. Qt Core only.
#include <QSettings>
#include <QString>
#include <QStringList>

namespace clw::ui {

struct BuildChoices {
    QString options;
    QStringList devices; // device names; empty = the default device, {"*"} = every device
};

class BuildSettingsStore {
public:
    explicit BuildSettingsStore(QSettings& settings)
        : m_settings(settings) {}

    // The key of the folder a file sits in ("untitled" for a file never saved).
    static QString keyFor(const QString& filePath);
    BuildChoices load(const QString& filePath) const;
    void save(const QString& filePath, const BuildChoices& choices);

    // Whether to build as the person types (one setting for all files; on by default).
    bool liveBuild() const;
    void setLiveBuild(bool on);

private:
    QSettings& m_settings;
};

} // namespace clw::ui
