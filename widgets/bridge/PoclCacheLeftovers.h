#pragma once
// PoCL writes a kernel-cache entry to a temporary file in its cache folder ("tempfile_XXXXXX")
// and renames it when it is whole. A device host that the workbench kills while PoCL writes
// (the watchdog, Stop, a host that would not close) leaves that file in the person's PoCL cache
// for good. Just before the kill, the workbench notes which of those files the host holds open,
// and removes them once the host has ended: those and no others, since another program's PoCL
// may be writing beside it. Linux reads the host's open files in /proc; elsewhere nothing is
// noted.
#include <QProcessEnvironment>
#include <QStringList>

namespace clw::ui {

class PoclCacheLeftovers {
public:
    PoclCacheLeftovers() = default;

    // The PoCL cache folder a process of `environment` writes to: POCL_CACHE_DIR, else
    // $XDG_CACHE_HOME/pocl, else ~/.cache/pocl; empty when none can be told.
    static QString cacheFolderOf(const QProcessEnvironment& environment);
    // The temporary files of `cacheFolder` (at any depth) that process `pid` holds open now.
    static PoclCacheLeftovers heldBy(qint64 pid, const QString& cacheFolder);

    const QStringList& files() const { return m_files; }
    // Removes the files noted (call it once the process has ended); returns how many it removed.
    // A file that is gone already (PoCL renamed it before the kill landed) is not counted.
    int remove();

private:
    QStringList m_files;
};

} // namespace clw::ui
