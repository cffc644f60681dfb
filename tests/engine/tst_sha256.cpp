// SHA-256 against the FIPS 180-4 example vectors and against the system's sha256sum; copies and
// threads, since the hash is libcrypto's context behind the engine's class.
#include "clw/engine/build/Sha256.h"

#include <QtTest>

#include <string>
#include <thread>
#include <vector>

using namespace clw::engine;

namespace {

std::string hexOf(std::string_view text) {
    return Sha256::hex(Sha256::digest(text));
}

} // namespace

class TestSha256 : public QObject {
    Q_OBJECT
private slots:
    void fipsVectors_data() {
        QTest::addColumn<QByteArray>("message");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("empty") << QByteArray()
                               << QByteArray("e3b0c44298fc1c149afbf4c8996fb924"
                                             "27ae41e4649b934ca495991b7852b855");
        QTest::newRow("abc") << QByteArray("abc")
                             << QByteArray("ba7816bf8f01cfea414140de5dae2223"
                                           "b00361a396177a9cb410ff61f20015ad");
        QTest::newRow("448 bits") << QByteArray(
                                         "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                                  << QByteArray("248d6a61d20638b8e5c026930c3e6039"
                                                "a33ce45964ff2167f6ecedd419db06c1");
        QTest::newRow("896 bits")
            << QByteArray("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                          "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
            << QByteArray("cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    }

    void fipsVectors() {
        QFETCH(QByteArray, message);
        QFETCH(QByteArray, expected);
        QCOMPARE(hexOf(std::string_view(message.constData(), size_t(message.size()))),
                 expected.toStdString());
    }

    void millionAsInOddChunks() {
        // Chunk sizes that straddle the 64-byte block in every way, cycling until 10^6 bytes.
        const std::string as(1000, 'a');
        const size_t chunks[] = {1, 63, 64, 65, 7, 127, 129, 3, 500, 55, 56, 57};
        Sha256 hash;
        size_t fed = 0;
        for (size_t i = 0; fed < 1000000; ++i) {
            const size_t n = std::min(chunks[i % std::size(chunks)], size_t(1000000) - fed);
            hash.update(as.data(), n);
            fed += n;
        }
        QCOMPARE(Sha256::hex(hash.finish()),
                 std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }

    void millionAsInOneUpdate() {
        QCOMPARE(hexOf(std::string(1000000, 'a')),
                 std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }

    void copyContinuesFromTheSameMessage() {
        Sha256 original;
        original.update("ab");
        Sha256 copy(original);
        Sha256 assigned;
        assigned.update("something to be replaced");
        assigned = original;
        original.update("c");
        copy.update("c");
        assigned.update("c");
        const std::string abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        QCOMPARE(Sha256::hex(original.finish()), abc);
        QCOMPARE(Sha256::hex(copy.finish()), abc);
        QCOMPARE(Sha256::hex(assigned.finish()), abc);
    }

    void threadsHashAtOnce() {
        // Builds hash on a thread pool: every thread gets the same digests as one thread alone.
        std::vector<std::string> messages;
        for (int i = 0; i < 8; ++i)
            messages.push_back(std::string(size_t(1000 + 4099 * i), char('a' + i)));
        std::vector<std::string> expected;
        for (const std::string& message : messages)
            expected.push_back(hexOf(message));
        std::vector<int> wrong(messages.size(), 0);
        std::vector<std::thread> threads;
        for (size_t t = 0; t < messages.size(); ++t)
            threads.emplace_back([&, t] {
                for (int round = 0; round < 200; ++round)
                    if (hexOf(messages[t]) != expected[t])
                        ++wrong[t];
            });
        for (std::thread& thread : threads)
            thread.join();
        for (size_t t = 0; t < messages.size(); ++t)
            QCOMPARE(wrong[t], 0);
    }

    void finishResetsForReuse() {
        Sha256 hash;
        hash.update("some other message");
        hash.finish();
        hash.update("abc");
        QCOMPARE(Sha256::hex(hash.finish()),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    }

    void everyPaddingLengthMatchesOneShot() {
        // Lengths 0..200 cover both padding branches (one or two final blocks); feeding byte by
        // byte must agree with the one-shot digest.
        std::string message;
        for (int length = 0; length <= 200; ++length) {
            Sha256 hash;
            for (char c : message)
                hash.update(&c, 1);
            QCOMPARE(Sha256::hex(hash.finish()), hexOf(message));
            message.push_back(char('A' + length % 26));
        }
    }

    void matchesSha256sum() {
        // A generated file with every byte value and a length that is no multiple of 64.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("data.bin"));
        std::string content;
        for (unsigned i = 0; i < 300007; ++i) // unsigned: i * 7919 wraps, which int may not
            content.push_back(char((i * 7919u + i / 251u) & 0xffu));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(content.data(), qint64(content.size())), qint64(content.size()));
        file.close();

        QProcess process;
        process.start(QStringLiteral("sha256sum"), {path});
        QVERIFY2(process.waitForFinished(30000), "sha256sum did not run (coreutils missing?)");
        QCOMPARE(process.exitCode(), 0);
        const QByteArray output = process.readAllStandardOutput();
        const std::string expected = output.left(64).toStdString();
        QCOMPARE(expected.size(), size_t(64));
        QCOMPARE(hexOf(content), expected);
    }
};

QTEST_GUILESS_MAIN(TestSha256)
#include "tst_sha256.moc"
