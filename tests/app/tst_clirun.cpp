// `clworkbench run`: every sample session of resources/samples run as a separate process with
// --out, its .npy outputs checked against values computed here from the same inputs (the
// session's fill rules), and the ways a run fails: a missing or malformed session, an unknown
// device, a build error, a failing launch, an output folder that cannot be made.
#include "clw/engine/inspect/ElementFill.h"
#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionFile.h"

#include "TestDevice.h"
#include "WorkbenchProcess.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

namespace engine = clw::engine;

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

QString samplePath(const QString& name) {
    return QDir(QStringLiteral(CLW_SAMPLES_DIR)).filePath(name);
}

engine::Session readSample(const QString& name) {
    return engine::SessionFile::read(samplePath(name).toStdString()).session;
}

const engine::SessionBuffer& bufferOf(const engine::Session& session, const std::string& name) {
    for (const engine::SessionBuffer& buffer : session.buffers)
        if (buffer.name == name)
            return buffer;
    qFatal("the sample has no buffer %s", name.c_str());
}

// A buffer's initial values as its fill rule makes them, `width` components an element.
template <class T>
std::vector<T> inputOf(const engine::Session& session, const std::string& name,
                       engine::ScalarType scalar, int width = 1) {
    const engine::SessionBuffer& buffer = bufferOf(session, name);
    const engine::ElementLayout layout = engine::ElementLayout::scalar(scalar, width);
    std::uint64_t count = 1;
    for (std::uint64_t size : buffer.shape)
        count *= size;
    std::vector<T> values(size_t(count) * size_t(width));
    engine::ElementFill(layout, buffer.init.fill)
        .generate(0, size_t(count), reinterpret_cast<unsigned char*>(values.data()), layout.size());
    return values;
}

engine::NpyArray readOutput(const QTemporaryDir& dir, const QString& name) {
    return engine::NpyFile::read(dir.filePath(name + QStringLiteral(".npy")).toStdString());
}

// Runs a sample with --out into `dir`; the test fails unless it succeeds.
Run runSample(const QString& name, const QTemporaryDir& dir) {
    return runWorkbench(
        {QStringLiteral("run"), samplePath(name), QStringLiteral("--out"), dir.path()});
}

// The runs happen in clworkbench; the test still requires a device so that, with none, it fails
// loudly instead of passing on error exits.
#define CLW_REQUIRE_ANY_DEVICE()                                                                   \
    CLW_REQUIRE_DEVICE(device);                                                                    \
    Q_UNUSED(device)

#define CLW_RUN_SAMPLE(run, name, dir)                                                             \
    const Run run = runSample(QStringLiteral(name), dir);                                          \
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)))

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text);
    return file.fileName();
}

// A session of one kernel file and one int buffer, for the failure cases.
QByteArray sessionText(const QByteArray& kernel, const QByteArray& launchExtra = {}) {
    QByteArray escaped = kernel;
    escaped.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    return "{ \"format\": \"clworkbench-session\", \"version\": 1, \"title\": \"t\",\n"
           "  \"sources\": { \"files\": [ { \"name\": \"k.cl\", \"text\": \"" +
           escaped +
           "\" } ] },\n"
           "  \"buffers\": [ { \"name\": \"out\", \"type\": \"int\", \"shape\": [100] } ],\n"
           "  \"launches\": [ { \"kernel\": \"k\", \"arguments\": [ { \"buffer\": \"out\" } ],\n"
           "                  \"global\": [100]" +
           launchExtra + " } ] }\n";
}

const QByteArray kGoodKernel = "__kernel void k(__global int* out) {\n"
                               "    out[get_global_id(0)] = (int)get_global_id(0);\n"
                               "}\n";

} // namespace

class TestCliRun : public QObject {
    Q_OBJECT

    QTemporaryDir m_cache;

private Q_SLOTS:
    void initTestCase() {
        // Builds go to a cache of this test's own.
        qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8());
    }

    void everySampleRuns() {
        CLW_REQUIRE_ANY_DEVICE();
        const QStringList samples = QDir(QStringLiteral(CLW_SAMPLES_DIR))
                                        .entryList({QStringLiteral("*.clwb")}, QDir::Files);
        QVERIFY(samples.size() >= 5);
        for (const QString& name : samples) {
            QTemporaryDir out;
            const Run run = runSample(name, out);
            QVERIFY2(run.exitCode == 0, qPrintable(name + QLatin1Char('\n') + describe(run)));
            QVERIFY2(run.out.contains(QStringLiteral("device: ")), qPrintable(run.out));
            QVERIFY2(run.out.contains(QStringLiteral("build: ")), qPrintable(run.out));
            const engine::Session session = readSample(name);
            QVERIFY2(!session.title.empty() && !session.description.empty(), qPrintable(name));
            for (const engine::SessionLaunch& launch : session.launches)
                QVERIFY2(run.out.contains(QStringLiteral("launch %1: 1 run, min ")
                                              .arg(QString::fromStdString(launch.name))),
                         qPrintable(run.out));
            for (const engine::SessionBuffer& buffer : session.buffers) {
                const QString file =
                    out.filePath(QString::fromStdString(buffer.name) + QStringLiteral(".npy"));
                QCOMPARE(QFile::exists(file), buffer.output);
            }
        }
    }

    void vectorAdd() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir out;
        CLW_RUN_SAMPLE(run, "vector_add.clwb", out);
        QVERIFY2(run.out.contains(QStringLiteral("launch vector_add: 1 run, min ")),
                 qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral(" µs, median ")), qPrintable(run.out));
        const engine::Session session = readSample(QStringLiteral("vector_add.clwb"));
        const auto a = inputOf<float>(session, "a", engine::ScalarType::Float);
        const auto b = inputOf<float>(session, "b", engine::ScalarType::Float);
        const engine::NpyArray c = readOutput(out, QStringLiteral("c"));
        QCOMPARE(c.type, engine::NpyType::Float32);
        QCOMPARE(c.shape, std::vector<size_t>{1024});
        const std::vector<float> values = c.values<float>();
        for (size_t i = 0; i < values.size(); ++i)
            QCOMPARE(values[i], a[i] + b[i]);
        QCOMPARE(values[10], 30.0f);
    }

    void matmulLocal() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir out;
        CLW_RUN_SAMPLE(run, "matmul_local.clwb", out);
        const engine::Session session = readSample(QStringLiteral("matmul_local.clwb"));
        const auto a = inputOf<float>(session, "A", engine::ScalarType::Float);
        const auto b = inputOf<float>(session, "B", engine::ScalarType::Float);
        const engine::NpyArray c = readOutput(out, QStringLiteral("C"));
        QCOMPARE(c.shape, (std::vector<size_t>{64, 64}));
        const std::vector<float> values = c.values<float>();
        const size_t n = 64;
        for (size_t row = 0; row < n; ++row)
            for (size_t col = 0; col < n; ++col) {
                double sum = 0;
                for (size_t k = 0; k < n; ++k)
                    sum += double(a[row * n + k]) * double(b[k * n + col]);
                QVERIFY2(std::fabs(values[row * n + col] - sum) < 1e-4,
                         qPrintable(QStringLiteral("C[%1][%2] = %3, expected %4")
                                        .arg(row)
                                        .arg(col)
                                        .arg(values[row * n + col])
                                        .arg(sum)));
            }
    }

    void imageBlur() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir out;
        CLW_RUN_SAMPLE(run, "image_blur.clwb", out);
        const engine::Session session = readSample(QStringLiteral("image_blur.clwb"));
        const auto pixels =
            inputOf<unsigned char>(session, "picture", engine::ScalarType::UChar, 4);
        const engine::NpyArray blurred = readOutput(out, QStringLiteral("blurred"));
        const int width = 64, height = 48;
        QCOMPARE(blurred.type, engine::NpyType::Float32);
        QCOMPARE(blurred.shape, (std::vector<size_t>{48, 64, 4}));
        const std::vector<float> values = blurred.values<float>();
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                for (int c = 0; c < 4; ++c) {
                    // clamp_to_edge: coordinates outside repeat the border pixel.
                    double sum = 0;
                    for (int dy = -1; dy <= 1; ++dy)
                        for (int dx = -1; dx <= 1; ++dx) {
                            const int sx = std::clamp(x + dx, 0, width - 1);
                            const int sy = std::clamp(y + dy, 0, height - 1);
                            sum += pixels[size_t((sy * width + sx) * 4 + c)] / 255.0;
                        }
                    const float got = values[size_t((y * width + x) * 4 + c)];
                    QVERIFY2(std::fabs(got - sum / 9.0) < 1e-5,
                             qPrintable(QStringLiteral("pixel (%1, %2) channel %3: %4, expected %5")
                                            .arg(x)
                                            .arg(y)
                                            .arg(c)
                                            .arg(got)
                                            .arg(sum / 9.0)));
                }
    }

    void reduction() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir out;
        CLW_RUN_SAMPLE(run, "reduction.clwb", out);
        const engine::Session session = readSample(QStringLiteral("reduction.clwb"));
        const auto in = inputOf<float>(session, "in", engine::ScalarType::Float);
        QCOMPARE(in.size(), size_t(4096));
        const engine::NpyArray partial = readOutput(out, QStringLiteral("partial"));
        QCOMPARE(partial.shape, std::vector<size_t>{32});
        const std::vector<float> sums = partial.values<float>();
        for (size_t group = 0; group < 32; ++group) {
            double sum = 0;
            for (size_t i = 0; i < 128; ++i)
                sum += in[group * 128 + i];
            QVERIFY2(std::fabs(sums[group] - sum) < 1e-3,
                     qPrintable(QStringLiteral("group %1: %2, expected %3")
                                    .arg(group)
                                    .arg(sums[group])
                                    .arg(sum)));
        }
    }

    void race() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir out;
        CLW_RUN_SAMPLE(run, "race.clwb", out);
        // What the racy kernel leaves depends on the device and the run: only its shape is
        // known. The fixed one rotates each work-group's slice of `in` (0, 1, 2, ...) by one.
        const engine::NpyArray racy = readOutput(out, QStringLiteral("racy"));
        QCOMPARE(racy.type, engine::NpyType::Int32);
        QCOMPARE(racy.shape, std::vector<size_t>{256});
        const engine::NpyArray fixed = readOutput(out, QStringLiteral("fixed"));
        QCOMPARE(fixed.shape, std::vector<size_t>{256});
        const std::vector<std::int32_t> values = fixed.values<std::int32_t>();
        for (int i = 0; i < 256; ++i)
            QCOMPARE(values[size_t(i)], i / 64 * 64 + (i % 64 + 1) % 64);
    }

    void builtInSampleAndNoOut() {
        CLW_REQUIRE_ANY_DEVICE();
        const Run run =
            runWorkbench({QStringLiteral("run"), QStringLiteral(":/samples/vector_add.clwb")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("output c: float32 (1024)")), qPrintable(run.out));
        QVERIFY(run.out.contains(QStringLiteral("--out DIR")));
        const Run missing =
            runWorkbench({QStringLiteral("run"), QStringLiteral(":/samples/nothing.clwb")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains(QStringLiteral("nothing.clwb")),
                 qPrintable(describe(missing)));
    }

    void namedDevice() {
        CLW_REQUIRE_DEVICE(device);
        QTemporaryDir out;
        const QString name = QString::fromStdString(device.name());
        const Run run =
            runWorkbench({QStringLiteral("run"), samplePath(QStringLiteral("race.clwb")),
                          QStringLiteral("--device"), name});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("device: ") + name), qPrintable(run.out));
    }

    // Failures.

    void missingSession() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("absent.clwb"));
        const Run run = runWorkbench({QStringLiteral("run"), path});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("absent.clwb")), qPrintable(describe(run)));
    }

    void malformedSession() {
        QTemporaryDir dir;
        const QString path =
            writeFile(dir, QStringLiteral("broken.clwb"), "{ \"format\": \"clworkbench-sess");
        const Run run = runWorkbench({QStringLiteral("run"), path});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("broken.clwb")), qPrintable(describe(run)));
        QVERIFY(run.out.isEmpty());
    }

    void unknownDevice() {
        const Run run =
            runWorkbench({QStringLiteral("run"), samplePath(QStringLiteral("vector_add.clwb")),
                          QStringLiteral("--device"), QStringLiteral("no-such-device-xyz")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("no-such-device-xyz")), qPrintable(describe(run)));
    }

    void buildError() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("bad.clwb"),
                                       sessionText("__kernel void k(__global int* out) {\n"
                                                   "    out[0] = missing_name;\n"
                                                   "}\n"));
        const Run run = runWorkbench({QStringLiteral("run"), path});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("build failed")), qPrintable(describe(run)));
        QVERIFY2(run.err.contains(QStringLiteral("k.cl:2:")), qPrintable(describe(run)));
        QVERIFY2(run.err.contains(QStringLiteral("missing_name")), qPrintable(describe(run)));
    }

    void launchError() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir dir;
        const QString good = writeFile(dir, QStringLiteral("good.clwb"), sessionText(kGoodKernel));
        const Run ok = runWorkbench({QStringLiteral("run"), good, QStringLiteral("--out"),
                                     dir.filePath(QStringLiteral("out"))});
        QVERIFY2(ok.exitCode == 0, qPrintable(describe(ok)));
        QCOMPARE(engine::NpyFile::read(dir.filePath(QStringLiteral("out/out.npy")).toStdString())
                     .values<std::int32_t>()[99],
                 99);
        // A local size above any device's limit.
        const QString path = writeFile(dir, QStringLiteral("local.clwb"),
                                       sessionText(kGoodKernel, ", \"local\": [100000000]"));
        const Run run = runWorkbench({QStringLiteral("run"), path});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("launch 'k'")), qPrintable(describe(run)));
    }

    void mismatchesAreWarned() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir dir;
        // The session's buffer is int; this kernel takes a float*.
        QByteArray text = sessionText("__kernel void k(__global float* out) {\n"
                                      "    out[get_global_id(0)] = 1.0f;\n"
                                      "}\n");
        text.replace("\"title\": \"t\",", "\"title\": \"t\", \"options\": \"-I nowhere-dir\",");
        const Run run =
            runWorkbench({QStringLiteral("run"), writeFile(dir, QStringLiteral("m.clwb"), text)});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY2(run.err.contains(
                     QStringLiteral("warning: options: -I nowhere-dir: the folder does not exist")),
                 qPrintable(describe(run)));
        QVERIFY2(run.err.contains(QStringLiteral(
                     "warning: launch 'k': argument 0 '__global float *out': buffer 'out' holds "
                     "int, the kernel reads float: it runs")),
                 qPrintable(describe(run)));
    }

    void numpyArraysComeBackInTheirShape() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir dir;
        const QString folder = dir.path();
        auto python = [&](const QString& script) {
            QProcess process;
            process.setProcessChannelMode(QProcess::MergedChannels);
            process.start(QStringLiteral("/usr/bin/python3"),
                          {QStringLiteral("-c"), script, folder});
            process.waitForFinished(60000);
            return std::make_pair(process.exitCode(), QString::fromUtf8(process.readAll()));
        };
        const auto written = python(QStringLiteral(R"PY(
import sys, numpy as np
d = sys.argv[1]
np.save(d + '/a.npy', np.arange(15, dtype='<f4').reshape(3, 5))
np.save(d + '/f.npy', np.asfortranarray(np.arange(15, dtype='<f4').reshape(3, 5)))
np.save(d + '/c.npy', np.arange(24, dtype='<i4').reshape(2, 3, 4))
np.save(d + '/s.npy', np.arange(12, dtype='<u2').reshape(2, 6))
)PY"));
        QVERIFY2(written.first == 0, qPrintable(written.second));
        // Session shapes are width first: [5, 3] is numpy's (3, 5).
        auto session = [](const QByteArray& buffers) {
            return "{ \"format\": \"clworkbench-session\", \"version\": 1,\n"
                   "  \"sources\": { \"files\": [ { \"name\": \"k.cl\", \"text\": "
                   "\"__kernel void k(__global float* a) {}\" } ] },\n"
                   "  \"buffers\": [ " +
                   buffers +
                   " ],\n"
                   "  \"launches\": [ { \"kernel\": \"k\", \"arguments\": [ { \"buffer\": "
                   "\"a\" } ], \"global\": [1] } ] }\n";
        };
        const QByteArray buffers =
            "{ \"name\": \"a\", \"type\": \"float\", \"shape\": [5, 3], \"init\": { \"file\": "
            "\"a.npy\" } },\n"
            "{ \"name\": \"f\", \"type\": \"float\", \"shape\": [5, 3], \"init\": { \"file\": "
            "\"f.npy\" } },\n"
            "{ \"name\": \"c\", \"type\": \"int\", \"shape\": [4, 3, 2], \"init\": { \"file\": "
            "\"c.npy\" } },\n"
            "{ \"name\": \"s\", \"type\": \"ushort\", \"shape\": [6, 2], \"init\": { \"file\": "
            "\"s.npy\" } },\n"
            "{ \"name\": \"flat\", \"type\": \"float\", \"shape\": [15], \"init\": { \"file\": "
            "\"a.npy\" } }";
        const Run run = runWorkbench({QStringLiteral("run"),
                                      writeFile(dir, QStringLiteral("s.clwb"), session(buffers)),
                                      QStringLiteral("--out"), folder + QStringLiteral("/out")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        const auto compared = python(QStringLiteral(R"PY(
import sys, numpy as np
d = sys.argv[1]
a = np.load(d + '/a.npy')
for name, want in [('a', a), ('f', a), ('c', np.load(d + '/c.npy')), ('s', np.load(d + '/s.npy')),
                   ('flat', a.ravel())]:
    got = np.load(d + '/out/' + name + '.npy')
    assert got.shape == want.shape, (name, got.shape, want.shape)
    assert got.dtype == want.dtype, (name, got.dtype, want.dtype)
    assert np.array_equal(got, want), name
print('same')
)PY"));
        QVERIFY2(compared.first == 0 && compared.second.contains(QStringLiteral("same")),
                 qPrintable(compared.second));
        // The 1-D buffer took the (3, 5) array and says that it dropped the shape; the 2-D ones
        // say nothing.
        QVERIFY2(run.err.contains(QStringLiteral(
                     "warning: buffer 'flat': data file 'a.npy': the file holds float32 (3, 5); "
                     "the 1-D buffer takes its 15 elements row by row, as numpy's ravel() gives "
                     "them; give the buffer 2 dimensions to keep the array's shape")),
                 qPrintable(describe(run)));
        QCOMPARE(run.err.count(QStringLiteral("warning:")), 1);

        // A (3, 5) array for a buffer of numpy's (5, 3): refused, naming both.
        const Run refused = runWorkbench(
            {QStringLiteral("run"),
             writeFile(dir, QStringLiteral("t.clwb"),
                       session("{ \"name\": \"a\", \"type\": \"float\", \"shape\": [3, 5], "
                               "\"init\": { \"file\": \"a.npy\" } }"))});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QStringLiteral(
                     "the file holds float32 (3, 5); the buffer is (5, 3) in numpy's order (rows "
                     "first)")),
                 qPrintable(describe(refused)));
    }

    void outputFolderCannotBeMade() {
        CLW_REQUIRE_ANY_DEVICE();
        QTemporaryDir dir;
        const QString file = writeFile(dir, QStringLiteral("plain-file"), "x");
        const Run run =
            runWorkbench({QStringLiteral("run"), samplePath(QStringLiteral("vector_add.clwb")),
                          QStringLiteral("--out"), file + QStringLiteral("/sub")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("plain-file")), qPrintable(describe(run)));
    }

    void usageErrors() {
        const Run none = runWorkbench({QStringLiteral("run")});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.err.contains(QStringLiteral("session file")), qPrintable(describe(none)));
        const Run bogus =
            runWorkbench({QStringLiteral("run"), samplePath(QStringLiteral("race.clwb")),
                          QStringLiteral("--bogus")});
        QCOMPARE(bogus.exitCode, 2);
        QVERIFY2(bogus.err.contains(QStringLiteral("--bogus")), qPrintable(describe(bogus)));
        const Run help = runWorkbench({QStringLiteral("--help")});
        QVERIFY(help.out.contains(QStringLiteral("  run SESSION.clwb")));
        const Run verb = runWorkbench({QStringLiteral("frobnicate")});
        QVERIFY(
            verb.err.contains(QStringLiteral("build, run, check, diff, watch, capture, cache")));
    }
};

QTEST_GUILESS_MAIN(TestCliRun)
#include "tst_clirun.moc"
