// `clworkbench diff` (issue 19, differential runs): the samples on PoCL against Oclgrind, every
// output buffer compared and within its tolerance; the vector-add sample against a copy whose
// kernel is changed at known elements (--other), which must report exactly those elements; a
// run that fails; the usage errors. PoCL and Oclgrind must be installed (scripts/setup): without
// them these tests fail.
#include "WorkbenchProcess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

// The devices compared: A, and B, the reference. Substrings of the platform names.
const QString kTested = QStringLiteral("Portable Computing Language");
const QString kReference = QStringLiteral("Oclgrind");

// The samples run on both, each with the tolerance its arithmetic needs on these two devices
// (none: exact). A 3x3 blur of unorm pixels divides by 9 and converts, which the two compilers
// round apart by a few ULPs.
struct Sample {
    const char* name;
    const char* tolerance;
};
const Sample kSamples[] = {
    {"vector_add", nullptr},
    {"matmul_local", nullptr},
    {"reduction", nullptr},
    {"image_blur", "16ulp"},
    // exp, sin and a division: each device within the specification's few ULPs.
    {"ulp_drift", "4ulp"},
    // Its missing barrier shows only on a GPU: both run a group's work-items in turn.
    {"missing_barrier", nullptr},
    {"printf_groups", nullptr},
    // The defects' samples: the store past the end and the reads of unwritten memory leave the
    // outputs alike on both devices (Check finds them); the race sample has a test of its own.
    {"out_of_bounds", nullptr},
    {"uninitialized", nullptr},
};

QJsonObject readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonObject sampleSession(const char* name) {
    return readJson(QStringLiteral(CLW_SAMPLES_DIR "/%1.clwb").arg(QLatin1String(name)));
}

Run diff(const QString& session, const QStringList& more = {}) {
    return runWorkbench(QStringList{QStringLiteral("diff"), session, QStringLiteral("--device"),
                                    kTested, QStringLiteral("--device"), kReference} +
                        more);
}

QJsonObject report(const Run& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QJsonObject bufferOf(const QJsonObject& report, const QString& name) {
    for (const QJsonValue& buffer : report.value(QStringLiteral("buffers")).toArray())
        if (buffer.toObject().value(QStringLiteral("name")).toString() == name)
            return buffer.toObject();
    return {};
}

qint64 elementCount(const QJsonObject& buffer) {
    qint64 count = 1;
    for (const QJsonValue& size : buffer.value(QStringLiteral("shape")).toArray())
        count *= size.toInteger();
    return count;
}

// The vector-add sample with its kernel changed at every i with i % 7 == 3, written to `dir`.
QString writeChangedVectorAdd(const QTemporaryDir& dir) {
    QJsonObject session = sampleSession("vector_add");
    QJsonObject sources = session.value(QStringLiteral("sources")).toObject();
    QJsonArray files = sources.value(QStringLiteral("files")).toArray();
    QJsonObject file = files.at(0).toObject();
    QString text = file.value(QStringLiteral("text")).toString();
    const QString line = QStringLiteral("c[i] = a[i] + b[i];");
    if (!text.contains(line))
        return {};
    text.replace(line, line + QStringLiteral("\n    if (i % 7 == 3)\n        c[i] += 1.0f;"));
    file.insert(QStringLiteral("text"), text);
    files.replace(0, file);
    sources.insert(QStringLiteral("files"), files);
    session.insert(QStringLiteral("sources"), sources);
    const QString path = dir.filePath(QStringLiteral("changed.clwb"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(session).toJson());
    return path;
}

} // namespace

class TestCliDiff : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void samplesAgreeOnBothDevices_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("tolerance");
        for (const Sample& sample : kSamples)
            QTest::newRow(sample.name)
                << QString::fromLatin1(sample.name) << QString::fromLatin1(sample.tolerance);
    }

    void samplesAgreeOnBothDevices() {
        QFETCH(QString, name);
        QFETCH(QString, tolerance);
        QStringList more{QStringLiteral("--json")};
        if (!tolerance.isEmpty())
            more << QStringLiteral("--tolerance") << tolerance;
        const Run run = diff(QStringLiteral(":/samples/%1.clwb").arg(name), more);
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        const QJsonObject json = report(run);
        QCOMPARE(json.value(QStringLiteral("format")).toString(),
                 QStringLiteral("clworkbench-diff"));
        QVERIFY(json.value(QStringLiteral("compared")).toBool());
        QVERIFY(!json.value(QStringLiteral("differs")).toBool());
        const QJsonObject runs = json.value(QStringLiteral("runs")).toObject();
        QCOMPARE(runs.value(QStringLiteral("a")).toObject().value(QStringLiteral("platform")),
                 kTested);
        QCOMPARE(runs.value(QStringLiteral("b")).toObject().value(QStringLiteral("platform")),
                 kReference);

        // Every output buffer of the session, each compared in full.
        QStringList outputs;
        for (const QJsonValue& buffer :
             sampleSession(name.toLatin1().constData()).value(QStringLiteral("buffers")).toArray())
            if (buffer.toObject().value(QStringLiteral("output")).toBool(true))
                outputs << buffer.toObject().value(QStringLiteral("name")).toString();
        QVERIFY(!outputs.isEmpty());
        QStringList compared;
        for (const QJsonValue& value : json.value(QStringLiteral("buffers")).toArray()) {
            const QJsonObject buffer = value.toObject();
            compared << buffer.value(QStringLiteral("name")).toString();
            QCOMPARE(buffer.value(QStringLiteral("status")).toString(), QStringLiteral("within"));
            QVERIFY(elementCount(buffer) > 0);
            QCOMPARE(buffer.value(QStringLiteral("compared")).toInteger(), elementCount(buffer));
            QCOMPARE(buffer.value(QStringLiteral("differing")).toInteger(), 0);
            QCOMPARE(buffer.value(QStringLiteral("tolerance")).toString(),
                     tolerance.isEmpty() ? QStringLiteral("exact") : tolerance);
        }
        QCOMPARE(compared, outputs);
    }

    // A program in CLBlast's style (issue 61) whose unused fast kernels call __builtin_assume,
    // which Oclgrind 21.10 cannot run: y = 2.5 x + y agrees on both devices, element for element.
    void aBlasStyleProgramWithAssumptionsAgrees() {
        const Run run =
            diff(qEnvironmentVariable("CLW_TEST_DATA") + QStringLiteral("/blas_style/axpy.clwb"),
                 {QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        const QJsonObject y = bufferOf(report(run), QStringLiteral("y"));
        QCOMPARE(y.value(QStringLiteral("status")).toString(), QStringLiteral("within"));
        QCOMPARE(y.value(QStringLiteral("compared")).toInteger(), 1005);
        QCOMPARE(y.value(QStringLiteral("differing")).toInteger(), 0);
    }

    // The race sample: its fixed kernel gives the same on both devices; what its racy kernel
    // reads depends on the order each device runs the work-items in, and the status follows it.
    void theRaceSamplesFixAgrees() {
        const Run run = diff(QStringLiteral(":/samples/race.clwb"), {QStringLiteral("--json")});
        const QJsonObject json = report(run);
        QVERIFY2(json.value(QStringLiteral("compared")).toBool(), qPrintable(describe(run)));
        bool racyDiffers = false;
        for (const QJsonValue& value : json.value(QStringLiteral("buffers")).toArray()) {
            const QJsonObject buffer = value.toObject();
            const QString name = buffer.value(QStringLiteral("name")).toString();
            if (name == QLatin1String("fixed"))
                QCOMPARE(buffer.value(QStringLiteral("differing")).toInteger(), 0);
            else
                racyDiffers = buffer.value(QStringLiteral("differing")).toInteger() > 0;
        }
        QCOMPARE(run.exitCode, racyDiffers ? 1 : 0);
    }

    void aChangedKernelDiffersWhereItWasChanged() {
        const QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString changed = writeChangedVectorAdd(dir);
        QVERIFY(!changed.isEmpty());
        const QStringList other{QStringLiteral("--other"), changed};
        const Run run = diff(QStringLiteral(":/samples/vector_add.clwb"),
                             other + QStringList{QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
        const QJsonObject json = report(run);
        QVERIFY(json.value(QStringLiteral("differs")).toBool());
        QCOMPARE(json.value(QStringLiteral("differingBuffers")).toInt(), 1);
        QCOMPARE(json.value(QStringLiteral("runs"))
                     .toObject()
                     .value(QStringLiteral("b"))
                     .toObject()
                     .value(QStringLiteral("session"))
                     .toString(),
                 changed);

        std::vector<qint64> expected; // c[i] = 3i, and 3i + 1 where the kernel was changed
        for (qint64 i = 0; i < 1024; ++i)
            if (i % 7 == 3)
                expected.push_back(i);
        const QJsonObject c = bufferOf(json, QStringLiteral("c"));
        QCOMPARE(c.value(QStringLiteral("status")).toString(), QStringLiteral("differs"));
        QCOMPARE(c.value(QStringLiteral("compared")).toInteger(), 1024);
        QCOMPARE(c.value(QStringLiteral("differing")).toInteger(), qint64(expected.size()));
        const QJsonArray first = c.value(QStringLiteral("firstDifferences")).toArray();
        QCOMPARE(first.size(), 10);
        for (int k = 0; k < first.size(); ++k) {
            const QJsonObject element = first.at(k).toObject();
            const qint64 i = expected[size_t(k)];
            QCOMPARE(element.value(QStringLiteral("index")).toInteger(), i);
            QCOMPARE(element.value(QStringLiteral("coordinates")).toArray(), (QJsonArray{i, 0, 0}));
            QCOMPARE(element.value(QStringLiteral("a")).toString(), QString::number(3 * i));
            QCOMPARE(element.value(QStringLiteral("b")).toString(), QString::number(3 * i + 1));
            QCOMPARE(element.value(QStringLiteral("absError")).toDouble(), 1.0);
        }
        // The mask: exactly the changed elements, one range each.
        std::vector<qint64> masked;
        for (const QJsonValue& range : c.value(QStringLiteral("mismatchRanges")).toArray()) {
            const QJsonArray bounds = range.toArray();
            for (qint64 i = bounds.at(0).toInteger(); i < bounds.at(1).toInteger(); ++i)
                masked.push_back(i);
        }
        QCOMPARE(masked, expected);
        QCOMPARE(c.value(QStringLiteral("maxAbsError")).toDouble(), 1.0);
        QCOMPARE(c.value(QStringLiteral("maxAbsErrorElement")).toInteger(), 3);
        QCOMPARE(c.value(QStringLiteral("maxRelError")).toDouble(), 0.1); // 9 against 10
        const QJsonObject histogram = c.value(QStringLiteral("ulpHistogram")).toObject();
        const QJsonArray buckets = histogram.value(QStringLiteral("buckets")).toArray();
        QCOMPARE(buckets.at(0).toObject().value(QStringLiteral("count")).toInteger(),
                 qint64(1024 - expected.size()));
        qint64 total = histogram.value(QStringLiteral("nanAgainstNumber")).toInteger();
        for (const QJsonValue& bucket : buckets)
            total += bucket.toObject().value(QStringLiteral("count")).toInteger();
        QCOMPARE(total, 1024);

        // The same as text; and a tolerance of 1 lets every change through.
        const Run text = diff(QStringLiteral(":/samples/vector_add.clwb"), other);
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains(QStringLiteral("c (float): differs: %1 of 1024 elements "
                                                  "beyond exact\n")
                                       .arg(expected.size())),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("  [3] (3)  A 9  B 10  abs 1, 1048576 ulp\n")),
                 qPrintable(text.out));
        QVERIFY2(text.out.endsWith(QStringLiteral("diff: 1 of 1 buffers differs\n")),
                 qPrintable(text.out));
        const Run loose =
            diff(QStringLiteral(":/samples/vector_add.clwb"),
                 other + QStringList{QStringLiteral("--tolerance"), QStringLiteral("c=abs=1")});
        QVERIFY2(loose.exitCode == 0, qPrintable(describe(loose)));
        QVERIFY2(loose.out.contains(QStringLiteral("c (float): within abs=1 (1024 elements)\n")),
                 qPrintable(loose.out));
    }

    void aRunThatFailsSaysWhichAndWhy() {
        const QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QJsonObject session = sampleSession("vector_add");
        QJsonObject sources = session.value(QStringLiteral("sources")).toObject();
        QJsonArray files = sources.value(QStringLiteral("files")).toArray();
        QJsonObject file = files.at(0).toObject();
        file.insert(QStringLiteral("text"),
                    QStringLiteral("__kernel void vector_add(__global const float* a, __global "
                                   "const float* b, __global float* c) { c[0] = undeclared; }\n"));
        files.replace(0, file);
        sources.insert(QStringLiteral("files"), files);
        session.insert(QStringLiteral("sources"), sources);
        const QString broken = dir.filePath(QStringLiteral("broken.clwb"));
        QFile out(broken);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(session).toJson());
        out.close();

        const Run run = diff(QStringLiteral(":/samples/vector_add.clwb"),
                             {QStringLiteral("--other"), broken, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
        const QJsonObject json = report(run);
        QVERIFY(!json.value(QStringLiteral("compared")).toBool());
        const QJsonObject b =
            json.value(QStringLiteral("runs")).toObject().value(QStringLiteral("b")).toObject();
        QVERIFY(!b.value(QStringLiteral("ok")).toBool());
        QVERIFY2(
            b.value(QStringLiteral("failure")).toString().contains(QStringLiteral("undeclared")),
            qPrintable(describe(run)));
        QVERIFY(json.value(QStringLiteral("runs"))
                    .toObject()
                    .value(QStringLiteral("a"))
                    .toObject()
                    .value(QStringLiteral("ok"))
                    .toBool());
        QVERIFY2(run.err.contains(QStringLiteral("clworkbench diff: the run on B (Oclgrind "
                                                 "Simulator) failed: ")),
                 qPrintable(run.err));

        const Run nowhere =
            runWorkbench({QStringLiteral("diff"), QStringLiteral(":/samples/vector_add.clwb"),
                          QStringLiteral("--device"), QStringLiteral("no-such-device"),
                          QStringLiteral("--device"), kReference});
        QCOMPARE(nowhere.exitCode, 1);
        QVERIFY2(nowhere.out.contains(QStringLiteral("A failed: no OpenCL device matches "
                                                     "'no-such-device'")),
                 qPrintable(describe(nowhere)));
    }

    void usageErrors() {
        const QString sample = QStringLiteral(":/samples/vector_add.clwb");
        const struct {
            QStringList arguments;
            const char* says;
        } cases[] = {
            {{sample, QStringLiteral("--device"), kTested}, "give exactly two devices"},
            {{sample}, "give exactly two devices"},
            {{sample, QStringLiteral("--device"), kTested, QStringLiteral("--device"), kReference,
              QStringLiteral("--device"), kTested},
             "give exactly two devices"},
            {{QStringLiteral("--device"), kTested, QStringLiteral("--device"), kReference},
             "name a session file"},
            {{sample, QStringLiteral("--device"), kTested, QStringLiteral("--device"), kReference,
              QStringLiteral("--tolerance"), QStringLiteral("4ulpp")},
             "write exact, 4ulp, rel=1e-6 or abs=1e-3"},
            {{sample, QStringLiteral("--device"), kTested, QStringLiteral("--device"), kReference,
              QStringLiteral("--tolerance"), QStringLiteral("nothere=4ulp")},
             "--tolerance names no buffer of the session: nothere (its buffers: a, b, c)"},
            {{sample, QStringLiteral("--device"), kTested, QStringLiteral("--device"), kReference,
              QStringLiteral("--tolerance")},
             "--tolerance needs a value"},
            {{sample, QStringLiteral("--device"), kTested, QStringLiteral("--device"), kReference,
              QStringLiteral("--frobnicate")},
             "unknown option '--frobnicate'"},
        };
        for (const auto& usage : cases) {
            const Run run = runWorkbench(QStringList{QStringLiteral("diff")} + usage.arguments);
            QVERIFY2(run.exitCode == 2, qPrintable(describe(run)));
            QVERIFY2(run.err.contains(QLatin1String(usage.says)), qPrintable(describe(run)));
            QVERIFY(run.out.isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliDiff)
#include "tst_clidiff.moc"
