#include "bridge/PoclCacheLeftovers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace clw::ui {

namespace {

// How PoCL names the file it writes an entry to before the rename (pocl_mk_tempname).
const char kTemporaryPrefix[] = "tempfile_";

} // namespace

QString PoclCacheLeftovers::cacheFolderOf(const QProcessEnvironment& environment) {
    if (const QString chosen = environment.value(QStringLiteral("POCL_CACHE_DIR"));
        !chosen.isEmpty())
        return QDir::cleanPath(chosen);
    if (const QString xdg = environment.value(QStringLiteral("XDG_CACHE_HOME")); !xdg.isEmpty())
        return QDir::cleanPath(xdg + QStringLiteral("/pocl"));
    if (const QString home = environment.value(QStringLiteral("HOME")); !home.isEmpty())
        return QDir::cleanPath(home + QStringLiteral("/.cache/pocl"));
    return {};
}

PoclCacheLeftovers PoclCacheLeftovers::heldBy(qint64 pid, const QString& cacheFolder) {
    PoclCacheLeftovers leftovers;
#if defined(Q_OS_LINUX)
    if (pid <= 0 || cacheFolder.isEmpty())
        return leftovers;
    const QString inside = QFileInfo(cacheFolder).canonicalFilePath() + QLatin1Char('/');
    if (inside.size() == 1)
        return leftovers; // no such folder: nothing can be in it
    const QDir descriptors(QStringLiteral("/proc/%1/fd").arg(pid));
    for (const QFileInfo& descriptor : descriptors.entryInfoList(QDir::System | QDir::Files)) {
        const QString file = descriptor.symLinkTarget();
        if (file.startsWith(inside) &&
            QFileInfo(file).fileName().startsWith(QLatin1String(kTemporaryPrefix)))
            leftovers.m_files.append(file);
    }
#else
    (void)pid;
    (void)cacheFolder;
#endif
    return leftovers;
}

int PoclCacheLeftovers::remove() {
    int removed = 0;
    for (const QString& file : std::as_const(m_files))
        removed += QFile::remove(file);
    m_files.clear();
    return removed;
}

} // namespace clw::ui
