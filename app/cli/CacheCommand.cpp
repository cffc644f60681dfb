#include "cli/CacheCommand.h"

#include "cli/Usage.h"

#include "clw/engine/build/BinaryCache.h"
#include "clw/engine/runtime/InfoValue.h"

#include <QDateTime>

namespace clw::app {

namespace {

QString text(const std::string& value) {
    return QString::fromStdString(value);
}

void printList(const engine::BinaryCache& cache, QTextStream& out) {
    const auto entries = cache.list();
    out << entries.size() << " entr" << (entries.size() == 1 ? "y" : "ies") << " in "
        << text(cache.folder().string()) << "\n";
    for (const engine::CacheEntryInfo& entry : entries) {
        auto row = [&](const QString& name, const QString& value) {
            out << "  " << name.leftJustified(16) << " " << value << "\n";
        };
        out << "\n" << text(entry.digest) << "\n";
        row(QStringLiteral("size"), text(engine::humanBytes(entry.bytes)));
        row(QStringLiteral("last use"),
            QDateTime::fromSecsSinceEpoch(entry.lastUseSeconds).toString(Qt::ISODate));
        row(QStringLiteral("hits"), QString::number(entry.hits));
        QStringList kernels;
        for (const std::string& name : entry.kernelNames)
            kernels.append(text(name));
        row(QStringLiteral("kernels"), kernels.join(QLatin1Char(' ')));
        row(QStringLiteral("warm builds"), text(entry.warmBuilds));
        for (const auto& [name, value] : entry.keyFields)
            row(text(name), text(value));
    }
}

void printStats(const engine::BinaryCache& cache, QTextStream& out) {
    const engine::CacheStats stats = cache.stats();
    out << "folder     " << text(cache.folder().string()) << "\n";
    out << "entries    " << stats.entries << "\n";
    out << "size       " << text(engine::humanBytes(stats.bytes)) << " of "
        << text(engine::humanBytes(stats.limitBytes)) << "\n";
    std::uint64_t hits = 0;
    for (const engine::CacheEntryInfo& entry : cache.list())
        hits += entry.hits;
    out << "hits       " << hits << " (all processes, since each entry was written)\n";
    out << "rejected   " << stats.rejectedBinaries
        << " (cached binaries the driver could not take back: removed and rebuilt from source)\n";
    out << "incomplete " << stats.incompleteBinaries
        << " (binaries the driver gave out incomplete: not cached)\n";
}

} // namespace

int runCacheCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    QString action;
    QString folder;
    for (int i = 0; i < options.size(); ++i) {
        if (options[i] == QLatin1String("--folder") && i + 1 < options.size())
            folder = options[++i];
        else if (action.isEmpty() && !options[i].startsWith(QLatin1Char('-')))
            action = options[i];
        else {
            err << "clworkbench cache: unknown option '" << options[i] << "'\n";
            return kExitUsage;
        }
    }
    engine::BinaryCache cache(folder.isEmpty() ? engine::BinaryCache::defaultFolder()
                                               : std::filesystem::path(folder.toStdString()));
    if (action == QLatin1String("list")) {
        printList(cache, out);
    } else if (action == QLatin1String("stats")) {
        printStats(cache, out);
    } else if (action == QLatin1String("clear")) {
        const std::uint64_t removed = cache.clear();
        out << "removed " << removed << " entr" << (removed == 1 ? "y" : "ies") << " from "
            << text(cache.folder().string()) << "\n";
    } else {
        err << "clworkbench cache: say list, stats or clear (see clworkbench --help)\n";
        return kExitUsage;
    }
    return kExitOk;
}

} // namespace clw::app
