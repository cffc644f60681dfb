// Eight processes build the same 25 kernels at once into one cache folder, twice: no build fails,
// no kernel gives another's value, and the second wave is answered by the cache.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <vector>

class TestCacheStress : public QObject {
    Q_OBJECT
private:
    // Runs the wave and returns the total of hits.
    int runWave(const QString& folder, const QString& nonce) {
        std::vector<std::unique_ptr<QProcess>> processes;
        for (int i = 0; i < 8; ++i) {
            auto process = std::make_unique<QProcess>();
            process->start(QStringLiteral(CLW_CACHE_WORKER), {folder, nonce});
            processes.push_back(std::move(process));
        }
        int hits = 0;
        for (auto& process : processes) {
            if (!process->waitForFinished(300000)) {
                qWarning("a worker did not finish in 5 minutes");
                return -1;
            }
            const QString out = QString::fromUtf8(process->readAllStandardOutput()).trimmed();
            const QString err = QString::fromUtf8(process->readAllStandardError());
            if (process->exitCode() != 0 || !out.contains(QStringLiteral("failed=0 wrong=0"))) {
                qWarning("worker: %s exit %d%s: %s %s", qPrintable(process->program()),
                         process->exitCode(),
                         process->exitStatus() == QProcess::CrashExit ? " (crashed)" : "",
                         qPrintable(out), qPrintable(err));
                return -1;
            }
            hits += out.section(QStringLiteral("hits="), 1).section(QLatin1Char(' '), 0, 0).toInt();
            qInfo("worker: %s", qPrintable(out));
        }
        return hits;
    }

private slots:
    void eightProcessesShareOneCache() {
        QTemporaryDir dir;
        const QString folder = dir.path() + QStringLiteral("/cache");
        const QString nonce = QString::number(QDateTime::currentMSecsSinceEpoch());
        const int firstHits = runWave(folder, nonce);
        QVERIFY(firstHits >= 0);
        const int secondHits = runWave(folder, nonce);
        QCOMPARE(secondHits, 8 * 25);
        // The folder holds exactly one entry per kernel, no temporary files.
        int entries = 0, temporaries = 0;
        QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            entries += path.endsWith(QStringLiteral(".clwb"));
            temporaries += path.contains(QStringLiteral(".tmp."));
        }
        QCOMPARE(entries, 25);
        QCOMPARE(temporaries, 0);
    }
};

QTEST_GUILESS_MAIN(TestCacheStress)
#include "tst_cachestress.moc"
