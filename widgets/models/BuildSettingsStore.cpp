#include "models/BuildSettingsStore.h"

#include <QCryptographicHash>
#include <QFileInfo>

namespace clw::ui {

namespace {
QString group(const QString& filePath) {
    return QStringLiteral("editor/build/v1/") + BuildSettingsStore::keyFor(filePath);
}
} // namespace

QString BuildSettingsStore::keyFor(const QString& filePath) {
    if (filePath.isEmpty())
        return QStringLiteral("untitled");
    const QString folder = QFileInfo(filePath).absolutePath();
    return QString::fromLatin1(
        QCryptographicHash::hash(folder.toUtf8(), QCryptographicHash::Sha1).toHex());
}

BuildChoices BuildSettingsStore::load(const QString& filePath) const {
    const QString prefix = group(filePath);
    BuildChoices choices;
    choices.options = m_settings.value(prefix + QStringLiteral("/options")).toString();
    choices.devices = m_settings.value(prefix + QStringLiteral("/devices")).toStringList();
    return choices;
}

void BuildSettingsStore::save(const QString& filePath, const BuildChoices& choices) {
    const QString prefix = group(filePath);
    m_settings.setValue(prefix + QStringLiteral("/options"), choices.options);
    m_settings.setValue(prefix + QStringLiteral("/devices"), choices.devices);
    m_settings.setValue(prefix + QStringLiteral("/folder"),
                        filePath.isEmpty() ? QString() : QFileInfo(filePath).absolutePath());
}

bool BuildSettingsStore::liveBuild() const {
    return m_settings.value(QStringLiteral("editor/liveBuild"), true).toBool();
}

void BuildSettingsStore::setLiveBuild(bool on) {
    m_settings.setValue(QStringLiteral("editor/liveBuild"), on);
}

} // namespace clw::ui
