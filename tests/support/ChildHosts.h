#pragma once
// The device hosts this test process started, found through /proc (Linux only): a test ends one
// as the system would (the OOM killer's SIGKILL), which the workbench did not ask for and no
// request waits on.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QList>
#include <QString>

#include <sys/types.h>
#include <unistd.h>

#include <vector>

namespace clw::test {

// The device hosts this process started: a platform's (`--platform NAME`), or one that lists
// devices (an empty platform).
struct ChildHost {
    pid_t pid = 0;
    QString platform;
};

inline std::vector<ChildHost> childHosts() {
    std::vector<ChildHost> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString& entry : entries) {
        bool number = false;
        const pid_t pid = pid_t(entry.toInt(&number));
        if (!number)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        QFile commandLine(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (!stat.open(QIODevice::ReadOnly) || !commandLine.open(QIODevice::ReadOnly))
            continue;
        // "pid (name) state ppid ...": the name may hold spaces, so the fields count from ')'.
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 2 || fields[1].toLong() != long(getpid()))
            continue;
        // A zombie, ended and not yet reaped, has an empty command line.
        const QList<QByteArray> arguments = commandLine.readAll().split('\0');
        if (!arguments.front().endsWith("clworkbench-host"))
            continue;
        ChildHost host{pid, {}};
        for (qsizetype i = 0; i + 1 < arguments.size(); ++i)
            if (arguments[i] == "--platform")
                host.platform = QString::fromUtf8(arguments[i + 1]);
        found.push_back(host);
    }
    return found;
}

inline std::vector<pid_t> childHostsOf(const QString& platform) {
    std::vector<pid_t> found;
    for (const ChildHost& host : childHosts())
        if (host.platform == platform)
            found.push_back(host.pid);
    return found;
}

} // namespace clw::test
