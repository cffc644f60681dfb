// The binary cache's entries: round trip, every kind of damage detected and reported once, an
// unwritable folder, least-recently-used eviction, listing, entries that outlive their files, and
// uses recorded after the hit.
#include "clw/engine/build/BinaryCache.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <optional>

using namespace clw::engine;
namespace fs = std::filesystem;

namespace {

CacheKey keyNamed(const std::string& name) {
    return CacheKey::fromFields({{"format", "1"}, {"device.name", "test"}, {"source", name}});
}

Binary binaryOf(size_t size, unsigned char seed) {
    Binary binary(size);
    for (size_t i = 0; i < size; ++i)
        binary[i] = static_cast<unsigned char>(seed + i * 7);
    return binary;
}

std::string fileBytes(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), {});
}

void writeBytes(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

bool problemsMention(const std::vector<std::string>& problems, const QString& text) {
    for (const std::string& problem : problems)
        if (QString::fromStdString(problem).contains(text))
            return true;
    return false;
}

} // namespace

class TestBinaryCache : public QObject {
    Q_OBJECT
private slots:
    void storeAndLoad() {
        QTemporaryDir dir;
        BinaryCache cache(dir.path().toStdString());
        const CacheKey key = keyNamed("a");
        QVERIFY(!cache.load(key));
        QVERIFY(cache.store(key, binaryOf(5000, 3), "warning: the log"));
        const auto entry = cache.load(key);
        QVERIFY(entry);
        QVERIFY(std::ranges::equal(entry->binary, binaryOf(5000, 3)));
        QCOMPARE(entry->log, std::string("warning: the log"));
        QVERIFY(fs::exists(cache.entryPath(key.digest)));
        QCOMPARE(cache.stats().hits, 1u);
        QCOMPARE(cache.stats().misses, 1u);
        // No temporary file is left behind.
        int files = 0;
        for (const auto& item : fs::recursive_directory_iterator(dir.path().toStdString()))
            files +=
                item.is_regular_file() && item.path().string().find(".tmp.") != std::string::npos;
        QCOMPARE(files, 0);
    }

    void damagedEntriesAreDiscardedAndReportedOnce_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("said");
        QTest::newRow("truncated") << "truncate"
                                   << "truncated";
        QTest::newRow("zero bytes") << "empty"
                                    << "zero-byte";
        QTest::newRow("bit flipped") << "flip"
                                     << "checksum";
        QTest::newRow("wrong format version") << "version"
                                              << "format version 99";
        QTest::newRow("foreign") << "foreign"
                                 << "foreign";
        QTest::newRow("not an entry") << "garbage"
                                      << "not a cache entry";
    }

    void damagedEntriesAreDiscardedAndReportedOnce() {
        QFETCH(QString, damage);
        QFETCH(QString, said);
        QTemporaryDir dir;
        BinaryCache cache(dir.path().toStdString());
        const CacheKey key = keyNamed("victim");
        QVERIFY(cache.store(key, binaryOf(4096, 9), "log"));
        const fs::path path = cache.entryPath(key.digest);
        std::string bytes = fileBytes(path);
        if (damage == QLatin1String("truncate")) {
            bytes.resize(bytes.size() / 2);
        } else if (damage == QLatin1String("empty")) {
            bytes.clear();
        } else if (damage == QLatin1String("flip")) {
            bytes[bytes.size() - 100] ^= 0x10;
        } else if (damage == QLatin1String("version")) {
            bytes[8] = 99; // the format version field follows the 8-byte magic
        } else if (damage == QLatin1String("foreign")) {
            const CacheKey other = keyNamed("other");
            QVERIFY(cache.store(other, binaryOf(100, 1), "x"));
            bytes = fileBytes(cache.entryPath(other.digest)); // another key's entry under this name
        } else {
            bytes = std::string(300, 'z');
        }
        writeBytes(path, bytes);
        QVERIFY(!cache.load(key));
        QVERIFY(!fs::exists(path)); // discarded, never trusted
        const auto problems = cache.takeProblems();
        QCOMPARE(problems.size(), size_t(1));
        QVERIFY2(problemsMention(problems, said), problems.front().c_str());
        QCOMPARE(cache.stats().discarded, 1u);
        // Rebuilt and stored again, it is sound; nothing more is said.
        QVERIFY(cache.store(key, binaryOf(4096, 9), "log"));
        QVERIFY(cache.load(key));
        QVERIFY(cache.takeProblems().empty());
    }

    void unwritableOrMissingFolder() {
        // A folder that cannot be created (under /proc even root cannot write): store fails,
        // says why once, and loads are misses.
        BinaryCache blocked("/proc/clworkbench-cache-test/binaries");
        const CacheKey key = keyNamed("x");
        QVERIFY(!blocked.store(key, binaryOf(10, 1), ""));
        QVERIFY(!blocked.store(keyNamed("y"), binaryOf(10, 1), ""));
        const auto problems = blocked.takeProblems();
        QCOMPARE(problems.size(), size_t(1));
        QVERIFY(problemsMention(problems, QStringLiteral("cannot create")));
        QVERIFY(problemsMention(problems, QStringLiteral("without caching")));
        QCOMPARE(blocked.stats().writeFailures, 2u);
        QVERIFY(!blocked.load(key));
        QVERIFY(blocked.list().empty());

        // A folder that does not exist yet is made on the first store.
        QTemporaryDir dir;
        BinaryCache fresh((fs::path(dir.path().toStdString()) / "not" / "yet").string());
        QVERIFY(fresh.store(key, binaryOf(10, 1), ""));
        QVERIFY(fresh.load(key));
    }

    void leastRecentlyUsedEntriesAreEvicted() {
        QTemporaryDir dir;
        BinaryCache cache(dir.path().toStdString(), 2 * 20000);
        const CacheKey a = keyNamed("a"), b = keyNamed("b"), c = keyNamed("c");
        QVERIFY(cache.store(a, binaryOf(15000, 1), ""));
        QVERIFY(cache.store(b, binaryOf(15000, 2), ""));
        // a was used longest ago; b is used now.
        fs::last_write_time(cache.entryPath(a.digest),
                            fs::file_time_type::clock::now() - std::chrono::hours(2));
        fs::last_write_time(cache.entryPath(b.digest),
                            fs::file_time_type::clock::now() - std::chrono::hours(1));
        QVERIFY(cache.load(b));
        QVERIFY(cache.store(c, binaryOf(15000, 3), ""));
        QVERIFY(!fs::exists(cache.entryPath(a.digest)));
        QVERIFY(fs::exists(cache.entryPath(b.digest)));
        QVERIFY(fs::exists(cache.entryPath(c.digest)));
        QVERIFY(cache.stats().bytes <= 2 * 20000);
    }

    // Stores keep the folder's size in a record: only the first store of a process (no record
    // yet) walks the folder, not every store; eviction stays right across processes.
    void storesDoNotWalkTheFolder() {
        QTemporaryDir dir;
        BinaryCache cache(dir.path().toStdString(), 40 * 1000);
        for (int i = 0; i < 30; ++i)
            QVERIFY(cache.store(keyNamed("entry" + std::to_string(i)), binaryOf(1000, i), ""));
        QCOMPARE(cache.stats().scans, 1u);
        // Another process (another cache on the same folder) adds to the same record and walks
        // the folder only once it is over the limit, then evicts down to it.
        BinaryCache other(dir.path().toStdString(), 40 * 1000);
        for (int i = 30; i < 45; ++i)
            QVERIFY(other.store(keyNamed("entry" + std::to_string(i)), binaryOf(1000, i), ""));
        QVERIFY(other.stats().scans >= 1u);
        QVERIFY2(other.stats().scans <= 5u, qPrintable(QString::number(other.stats().scans)));
        QVERIFY(other.stats().bytes <= 40 * 1000);
        // Removing an entry is recorded too: the record matches the folder.
        const std::uint64_t before = other.stats().bytes;
        other.remove(keyNamed("entry44"));
        QVERIFY(other.stats().bytes < before);
    }

    void listExplainsEntries() {
        QTemporaryDir dir;
        BinaryCache cache(dir.path().toStdString());
        const CacheKey key = keyNamed("listed");
        QVERIFY(cache.store(key, binaryOf(1000, 5), "log"));
        QVERIFY(cache.load(key));
        QVERIFY(cache.load(key));
        const auto entries = cache.list();
        QCOMPARE(entries.size(), size_t(1));
        QCOMPARE(entries[0].digest, key.digest);
        QCOMPARE(entries[0].hits, 2u);
        QVERIFY(entries[0].bytes > 1000);
        QVERIFY(entries[0].keyFields == key.fields);
        QVERIFY(entries[0].lastUseSeconds > 0);
        QCOMPARE(cache.clear(), 1u);
        QVERIFY(cache.list().empty());
    }

    // The binary is not copied out of the entry's file: it stays readable after the entry is
    // removed (or replaced by a writer's rename), in every copy of the entry.
    void entryOutlivesItsFile() {
        QTemporaryDir dir;
        BinaryCache cache(dir.path().toStdString());
        const CacheKey key = keyNamed("kept");
        QVERIFY(cache.store(key, binaryOf(70000, 4), "log"));
        std::optional<BinaryCache::Entry> copy;
        {
            const auto entry = cache.load(key);
            QVERIFY(entry);
            cache.remove(key);
            QVERIFY(!cache.contains(key));
            QVERIFY(cache.store(keyNamed("other"), binaryOf(70000, 8), "log"));
            copy = entry;
        }
        QVERIFY(std::ranges::equal(copy->binary, binaryOf(70000, 4)));
    }

    // A hit that the caller records later (off the hit's time) counts once it does.
    void useIsRecordedWhenAsked() {
        QTemporaryDir dir;
        BinaryCache cache(dir.path().toStdString());
        const CacheKey key = keyNamed("later");
        QVERIFY(!cache.contains(key));
        QVERIFY(cache.store(key, binaryOf(100, 1), ""));
        QVERIFY(cache.contains(key));
        fs::last_write_time(cache.entryPath(key.digest),
                            fs::file_time_type::clock::now() - std::chrono::hours(3));
        const std::int64_t before = cache.list().at(0).lastUseSeconds;
        QVERIFY(cache.load(key, false));
        QCOMPARE(cache.list().at(0).hits, 0u);
        QCOMPARE(cache.list().at(0).lastUseSeconds, before);
        cache.recordUse(key.digest);
        QCOMPARE(cache.list().at(0).hits, 1u);
        QVERIFY(cache.list().at(0).lastUseSeconds > before);
        QCOMPARE(cache.stats().hits, 1u);
    }

    // Sizes whose sum wraps around to the file's size (the checksum still matching) are a
    // damaged entry, not an invitation to read past the file.
    void sizesThatWrapAroundAreDiscarded() {
        QTemporaryDir dir;
        BinaryCache cache(dir.path().toStdString());
        const CacheKey key = keyNamed("wrapped");
        QVERIFY(cache.store(key, binaryOf(2000, 6), "the log"));
        const fs::path path = cache.entryPath(key.digest);
        std::string bytes = fileBytes(path);
        // fieldsSize and logSize follow the magic, version, reserved word, digest and checksum.
        constexpr size_t kFieldsSize = 8 + 4 + 4 + 64 + 8, kLogSize = kFieldsSize + 8;
        for (const size_t at : {kFieldsSize, kLogSize}) {
            std::uint64_t size = 0;
            std::memcpy(&size, bytes.data() + at, sizeof size);
            size += std::uint64_t(1) << 63; // the two halves add up to 2^64: nothing in the sum
            std::memcpy(bytes.data() + at, &size, sizeof size);
        }
        writeBytes(path, bytes);
        QVERIFY(!cache.load(key));
        QVERIFY(!fs::exists(path));
        QVERIFY(problemsMention(cache.takeProblems(), QStringLiteral("truncated")));
    }

    void keyIsLengthPrefixed() {
        // ("ab","c") and ("a","bc") must not collide.
        const auto one = CacheKey::fromFields({{"ab", "c"}});
        const auto two = CacheKey::fromFields({{"a", "bc"}});
        QVERIFY(one.digest != two.digest);
        QCOMPARE(one.digest.size(), size_t(64));
        QCOMPARE(normalizeOptions("  -D A=1 \t  -cl-fast-relaxed-math\n"),
                 std::string("-D A=1 -cl-fast-relaxed-math"));
    }
};

QTEST_GUILESS_MAIN(TestBinaryCache)
#include "tst_binarycache.moc"
