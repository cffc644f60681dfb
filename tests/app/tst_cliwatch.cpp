// `clworkbench watch` (issue 19): a watch on the default device (PoCL here: the kernel
// instrumented in a device host) gives every work-item's value, checked against values worked out
// here for the missing-barrier sample (which PoCL runs correctly); the same request on Oclgrind
// gives the same values through its debugger; --reproducer writes the watched launch; what cannot
// be watched fails with its reason, a bad command line with usage.
#include "WorkbenchProcess.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

Run watch(const QStringList& arguments) {
    return runWorkbench(QStringList{QStringLiteral("watch")} + arguments);
}

// The values of the first launch of a --json watch, one a work-item.
std::vector<double> valuesOf(const Run& run) {
    const QJsonObject document = QJsonDocument::fromJson(run.out.toUtf8()).object();
    const QJsonObject launch =
        document.value(QStringLiteral("launches")).toArray().at(0).toObject();
    std::vector<double> values;
    for (const QJsonValue& value :
         launch.value(QStringLiteral("run")).toObject().value(QStringLiteral("values")).toArray())
        values.push_back(value.toDouble());
    return values;
}

const QString kSample = QStringLiteral(":/samples/missing_barrier.clwb");

} // namespace

class TestCliWatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void leftNeighboursOnTheDefaultDevice() {
        const Run run = watch({kSample, QStringLiteral("--line"), QStringLiteral("20"),
                               QStringLiteral("--expression"), QStringLiteral("left"),
                               QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY2(!run.out.contains(QStringLiteral("Oclgrind")), qPrintable(run.out));
        QVERIFY2(!run.err.contains(QStringLiteral("warning")), qPrintable(run.err));
        const std::vector<double> values = valuesOf(run);
        QCOMPARE(values.size(), size_t(4096));
        // The left neighbour's value, i - 1; a group's first work-item takes its own, i.
        for (std::size_t i : {0, 1, 255, 256, 257, 4095})
            QCOMPARE(values[i], double(i % 256 == 0 ? i : i - 1));
    }

    void theTextSaysWhatPassed() {
        const Run run = watch({kSample, QStringLiteral("--line"), QStringLiteral("17"),
                               QStringLiteral("--expression"), QStringLiteral("k"),
                               QStringLiteral("--pass"), QStringLiteral("3")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("watch: `k` at line 17 (pass 3 of each "
                                                 "work-item) on ")),
                 qPrintable(run.out));
        // Every work-item loops at least twice, so all pass a third time but the last of each
        // group (lid 255: 2 passes).
        QVERIFY2(run.out.contains(QStringLiteral("launch neighbour_difference: int, 4096 of 4096 "
                                                 "work-items passed (global 4096, local 256), "
                                                 "values from 2 to 2")),
                 qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("  work-item 0: 2 (512 passes)")),
                 qPrintable(run.out));
    }

    void oclgrindAgrees() {
        const Run run = watch({kSample, QStringLiteral("--line"), QStringLiteral("20"),
                               QStringLiteral("--expression"), QStringLiteral("left"),
                               QStringLiteral("--device"), QStringLiteral("Oclgrind"),
                               QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        const std::vector<double> values = valuesOf(run);
        QCOMPARE(values.size(), size_t(4096));
        for (std::size_t i : {0, 1, 256, 4095})
            QCOMPARE(values[i], double(i % 256 == 0 ? i : i - 1));
    }

    void reproducerOfTheWatchedLaunch() {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("repro"));
        const Run run = watch({kSample, QStringLiteral("--line"), QStringLiteral("20"),
                               QStringLiteral("--expression"), QStringLiteral("left"),
                               QStringLiteral("--reproducer"), folder});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY(QFile::exists(folder + QStringLiteral("/kernel.cl")));
        QVERIFY(QFile::exists(folder + QStringLiteral("/launch.json")));
        QVERIFY2(QDir(folder)
                         .entryList({QStringLiteral("*__clw_watch_expected.npy")}, QDir::Files)
                         .size() == 1,
                 qPrintable(QDir(folder).entryList().join(QLatin1Char(' '))));
    }

    void whatCannotBeWatchedFails() {
        Run run = watch({kSample, QStringLiteral("--line"), QStringLiteral("20"),
                         QStringLiteral("--expression"), QStringLiteral("tile")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("`tile` is an array")), qPrintable(run.err));
        run = watch({kSample, QStringLiteral("--line"), QStringLiteral("twenty"),
                     QStringLiteral("--expression"), QStringLiteral("left")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QStringLiteral("--line takes a whole number")),
                 qPrintable(run.err));
        run = watch({kSample, QStringLiteral("--expression"), QStringLiteral("left")});
        QCOMPARE(run.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliWatch)
#include "tst_cliwatch.moc"
