// The workbench's cache is the user's alone (issue 61): what it writes is made 0700 (folders) and
// 0600 (files) whatever the umask, and a cache written readable by others before is made private
// when it is opened, said once.
#include "clw/engine/build/BinaryCache.h"
#include "clw/engine/build/CacheFolder.h"
#include "clw/engine/runtime/VendorsFolder.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>
#include <memory>

#include <sys/stat.h>

using namespace clw::engine;
namespace fs = std::filesystem;

namespace {

unsigned modeOf(const fs::path& path) {
    struct stat status {};
    if (::lstat(path.c_str(), &status) != 0)
        return 01000000; // no such file: matches no mode
    return status.st_mode & 07777;
}

// Every folder and file under `root`, `root` included, with a mode other than the private ones.
std::map<std::string, unsigned> notPrivate(const fs::path& root) {
    std::map<std::string, unsigned> found;
    if (modeOf(root) != 0700)
        found[root.string()] = modeOf(root);
    for (const auto& item : fs::recursive_directory_iterator(root)) {
        const unsigned mode = modeOf(item.path());
        if ((item.is_directory() && mode != 0700) || (item.is_regular_file() && mode != 0600))
            found[item.path().string()] = mode;
    }
    return found;
}

QString described(const std::map<std::string, unsigned>& modes) {
    QStringList lines;
    for (const auto& [path, mode] : modes)
        lines << QStringLiteral("%1 %2").arg(mode, 4, 8, QLatin1Char('0')).arg(path.c_str());
    return lines.join(QLatin1Char('\n'));
}

Binary someBinary() {
    return Binary(100, 7);
}

void writeReadableByAll(const fs::path& path) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << "bytes";
    fs::permissions(path.parent_path(), fs::perms(0755));
    fs::permissions(path, fs::perms(0644));
}

} // namespace

class TestPrivateCache : public QObject {
    Q_OBJECT
private slots:
    void init() {
        // The umask most systems have: the cache must not follow it.
        m_umask = ::umask(022);
        m_home = std::make_unique<QTemporaryDir>();
        QVERIFY(m_home->isValid());
        qputenv("XDG_CACHE_HOME", m_home->path().toLocal8Bit());
    }
    void cleanup() { ::umask(m_umask); }

    void whatTheCacheWritesIsTheUsersAlone() {
        const fs::path root = fs::path(m_home->path().toStdString()) / "clworkbench";
        BinaryCache cache; // the default folder, under XDG_CACHE_HOME
        QCOMPARE(cache.folder(), root / "binaries");
        const CacheKey key = CacheKey::fromFields({{"source", "a"}});
        QVERIFY(cache.store(key, someBinary(), "log"));
        QVERIFY(cache.load(key)); // records the use: the .hits file
        QVERIFY(cache.lockFor(key.digest).held());
        cache.refuse("a device", "a test"); // a counter file
        QCOMPARE(writeVendorsFolder(root / "icd-vendors", {{"a.icd", "liba.so\n"}}), std::string());
        QVERIFY(fs::exists(cache.entryPath(key.digest)));
        QVERIFY(fs::exists(root / "binaries" / "locks"));
        QVERIFY(fs::exists(root / "icd-vendors" / "a.icd"));
        const auto found = notPrivate(root);
        QVERIFY2(found.empty(), qPrintable(described(found)));
        // A person's own files keep following the umask.
        const fs::path session = fs::path(m_home->path().toStdString()) / "mine" / "k.clwb";
        QCOMPARE(writeFileAtomically(session, "{}"), std::string());
        QCOMPARE(modeOf(session), 0644u);
        QCOMPARE(modeOf(session.parent_path()), 0755u);
    }

    void aCacheReadableByOthersIsMadePrivateAndSaidOnce() {
        const fs::path root = fs::path(m_home->path().toStdString()) / "clworkbench";
        writeReadableByAll(root / "binaries" / "ab" / "ab12.clwb");
        writeReadableByAll(root / "binaries" / "locks" / "ab.lock");
        writeReadableByAll(root / "icd-vendors" / "pocl.icd");
        fs::permissions(root, fs::perms(0755));
        QCOMPARE(notPrivate(root).size(), size_t(8)); // 5 folders and 3 files

        BinaryCache opened;
        QVERIFY2(notPrivate(root).empty(), qPrintable(described(notPrivate(root))));
        const std::vector<std::string> problems = opened.takeProblems();
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(problems[0], "binary cache: made 5 folders and 3 files under " + root.string() +
                                  " readable by you alone (other users could read them)");
        QVERIFY(opened.takeProblems().empty());

        // Opened again, there is nothing to change and nothing to say.
        BinaryCache again;
        QVERIFY(again.takeProblems().empty());
        // A person's symbolic link in the cache is not followed out of it.
        const fs::path outside = fs::path(m_home->path().toStdString()) / "outside.txt";
        std::ofstream(outside) << "theirs";
        fs::permissions(outside, fs::perms(0644));
        fs::create_symlink(outside, root / "binaries" / "link");
        fs::permissions(root, fs::perms(0755));
        BinaryCache third;
        QCOMPARE(third.takeProblems().size(), size_t(1));
        QCOMPARE(modeOf(outside), 0644u);
        QCOMPARE(modeOf(root), 0700u);
    }

private:
    std::unique_ptr<QTemporaryDir> m_home; // a new one for each test
    mode_t m_umask = 022;
};

QTEST_GUILESS_MAIN(TestPrivateCache)
#include "tst_privatecache.moc"
