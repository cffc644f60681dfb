// Fills, diffs, imports and exports of the buffer inspector on device buffers (PoCL): one-command
// and chunked fills keeping padding, diffs against another buffer and a snapshot, .npy / CSV / raw
// round trips with NumPy reading our files and ours reading NumPy's, and bad files that change
// nothing.
#include "bridge/BufferFile.h"
#include "bridge/BufferOperations.h"
#include "bridge/DeviceBufferSource.h"

#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/session/NpyError.h"

#include "TestDevice.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <numeric>

using namespace clw;
using namespace clw::ui;

namespace {

struct DeviceFixture {
    explicit DeviceFixture(const engine::Device& device)
        : context(device)
        , queue(context, device) {}
    std::shared_ptr<DeviceBufferSource> buffer(const std::vector<float>& values) {
        engine::Buffer b(context, CL_MEM_READ_WRITE, values.size() * 4);
        queue.write(b, 0, values.size() * 4, values.data());
        return std::make_shared<DeviceBufferSource>(b, queue, values.size() * 4);
    }
    std::vector<float> contents(const DeviceBufferSource& source) {
        std::vector<float> values(source.size() / 4);
        queue.read(source.buffer(), 0, source.size(), values.data());
        return values;
    }
    engine::Context context;
    engine::CommandQueue queue;
};

std::vector<float> ramp(size_t n) {
    std::vector<float> v(n);
    std::iota(v.begin(), v.end(), 0.0f);
    return v;
}

engine::BufferShape linear(const BufferSource& source, const engine::ElementLayout& layout) {
    return engine::BufferShape{}.resolved(source.size(), layout.size());
}

QString python() {
    return QFileInfo::exists(QStringLiteral("/usr/bin/python3"))
               ? QStringLiteral("/usr/bin/python3")
               : QStringLiteral("python3");
}

QByteArray runPython(const QString& script, const QStringList& args) {
    QProcess process;
    process.start(python(), QStringList{QStringLiteral("-c"), script} + args);
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return "error: " + process.readAllStandardError();
    return process.readAllStandardOutput().trimmed();
}

template <class F>
QString errorOf(F f) {
    try {
        f();
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

} // namespace

class TestBufferOperations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fillsWriteTheDevice();
    void diffsAgainstABufferAndASnapshot();
    void exportsAndImportsRoundTrip();
    void badFilesChangeNothing();
};

void TestBufferOperations::fillsWriteTheDevice() {
    CLW_REQUIRE_DEVICE(device);
    DeviceFixture fx(device);
    auto source = fx.buffer(ramp(1024));
    const auto f = engine::ElementLayout::parse("float");
    engine::FillSpec constant;
    constant.kind = engine::FillSpec::Kind::Constant;
    constant.constant = "2.5";
    QVERIFY(BufferOperations::fill(*source, f, linear(*source, f), constant, 10, 20));
    auto values = fx.contents(*source);
    QCOMPARE(values[9], 9.0f);
    QCOMPARE(values[10], 2.5f);
    QCOMPARE(values[29], 2.5f);
    QCOMPARE(values[30], 30.0f);

    // A 2D float3 grid, 3 wide, rows of 64 bytes: the ramp leaves the pitch padding alone.
    auto grid = fx.buffer(std::vector<float>(64, -1.0f));
    engine::BufferShape shape;
    shape.dimensions = 2;
    shape.width = 3;
    shape.rowPitch = 64;
    const auto f3 = engine::ElementLayout::parse("float3");
    const auto resolved = shape.resolved(grid->size(), f3.size());
    QCOMPARE(resolved.elementCount(), std::uint64_t(12));
    engine::FillSpec ramp;
    ramp.kind = engine::FillSpec::Kind::Ramp;
    QVERIFY(BufferOperations::fill(*grid, f3, resolved, ramp, 0, 12));
    values = fx.contents(*grid);
    QCOMPARE(values[16 + 4], 4.0f);   // element 4 = (1, 1): row 1 at float 16, x 1 at float 4
    QCOMPARE(values[16 + 7], 0.0f);   // the float3 padding float: element padding is zeroed
    QCOMPARE(values[16 + 12], -1.0f); // past the row's three elements
    engine::FillSpec random;
    random.kind = engine::FillSpec::Kind::Random;
    random.seed = 7;
    QVERIFY(BufferOperations::fill(*source, f, linear(*source, f), random, 0, 1024));
    const auto first = fx.contents(*source);
    QVERIFY(BufferOperations::fill(*source, f, linear(*source, f), random, 0, 1024));
    QCOMPARE(fx.contents(*source), first);
    QVERIFY(std::all_of(first.begin(), first.end(), [](float v) { return v >= 0 && v < 1; }));
    constant.constant = "x";
    QVERIFY(errorOf([&] {
                BufferOperations::fill(*source, f, linear(*source, f), constant, 0, 1024);
            }).contains(QStringLiteral("not a number")));
    QCOMPARE(fx.contents(*source), first);
}

void TestBufferOperations::diffsAgainstABufferAndASnapshot() {
    CLW_REQUIRE_DEVICE(device);
    DeviceFixture fx(device);
    auto current = fx.buffer(ramp(100000));
    const auto before = current->snapshot();
    auto values = ramp(100000);
    values[7] = 7.5f;
    values[99999] = -1.0f;
    fx.queue.write(current->buffer(), 0, values.size() * 4, values.data());
    const auto f = engine::ElementLayout::parse("float");
    const auto diff = BufferOperations::diff(*current, *before, f, linear(*current, f), {});
    QCOMPARE(diff.compared(), std::uint64_t(100000));
    QCOMPARE(diff.changed(), std::uint64_t(2));
    QCOMPARE(diff.maxAbsolute(), 100000.0);
    QCOMPARE(diff.next(7), std::optional<std::uint64_t>(99999));
    const auto tolerant = BufferOperations::diff(*current, *before, f, linear(*current, f), {1, 0});
    QCOMPARE(tolerant.changed(), std::uint64_t(1));
    auto small = fx.buffer(ramp(10));
    QVERIFY(errorOf([&] {
                BufferOperations::diff(*current, *small, f, linear(*current, f), {});
            }).contains(QStringLiteral("the shape needs 400000")));
}

void TestBufferOperations::exportsAndImportsRoundTrip() {
    CLW_REQUIRE_DEVICE(device);
    DeviceFixture fx(device);
    QTemporaryDir dir;
    auto source = fx.buffer(ramp(4 * 30));
    const auto f3 = engine::ElementLayout::parse("float3"); // 30 elements of 16 bytes
    const auto shape = linear(*source, f3);
    const std::string npy = dir.filePath(QStringLiteral("a.npy")).toStdString();
    QCOMPARE(BufferFile::exportTo(*source, f3, shape, npy, BufferFile::formatOf(npy)),
             std::string("wrote 30 elements (float3) to 'a.npy'"));
    // NumPy sees (30, 3) float32 without the padding floats.
    QCOMPARE(runPython(QStringLiteral("import sys, numpy as np; a = np.load(sys.argv[1]); "
                                      "print(a.dtype, a.shape, a[2].tolist())"),
                       {QString::fromStdString(npy)}),
             QByteArray("float32 (30, 3) [8.0, 9.0, 10.0]"));
    // NumPy writes float64 (30, 3) big-endian; read into a double3 view of a new buffer.
    const std::string theirs = dir.filePath(QStringLiteral("b.npy")).toStdString();
    QCOMPARE(runPython(QStringLiteral("import sys, numpy as np; "
                                      "np.save(sys.argv[1], (np.arange(90).reshape(30, 3) * 0.5)"
                                      ".astype('>f8')); print('ok')"),
                       {QString::fromStdString(theirs)}),
             QByteArray("ok"));
    auto doubles = fx.buffer(std::vector<float>(30 * 8, 0.0f)); // 30 double3 of 32 bytes
    const auto d3 = engine::ElementLayout::parse("double3");
    QCOMPARE(
        BufferFile::importFrom(*doubles, d3, linear(*doubles, d3), theirs, BufferFile::Format::Npy),
        std::string("read 30 elements (double3) from 'b.npy'"));
    double element[4];
    fx.queue.read(doubles->buffer(), 32 * 5, 32, element);
    QCOMPARE(element[0], 7.5);
    QCOMPARE(element[2], 8.5);
    QCOMPARE(element[3], 0.0); // padding untouched
    // A 1-D buffer takes a (3, 5) array row by row, and says that it dropped the shape.
    const std::string grid = dir.filePath(QStringLiteral("g.npy")).toStdString();
    QCOMPARE(runPython(QStringLiteral("import sys, numpy as np; np.save(sys.argv[1], "
                                      "np.arange(15, dtype='<f4').reshape(3, 5)); print('ok')"),
                       {QString::fromStdString(grid)}),
             QByteArray("ok"));
    auto flat = fx.buffer(std::vector<float>(15, 0.0f));
    const auto f1 = engine::ElementLayout::parse("float");
    QCOMPARE(BufferFile::importFrom(*flat, f1, linear(*flat, f1), grid, BufferFile::Format::Npy),
             std::string("read 15 elements (float) from 'g.npy'; the file holds float32 (3, 5); "
                         "the 1-D buffer takes its 15 elements row by row, as numpy's ravel() "
                         "gives them; give the buffer 2 dimensions to keep the array's shape"));
    QCOMPARE(fx.contents(*flat)[7], 7.0f); // [1, 2] of the array

    // CSV and raw round trips through a second buffer.
    const std::string csv = dir.filePath(QStringLiteral("a.csv")).toStdString();
    BufferFile::exportTo(*source, f3, shape, csv, BufferFile::Format::Csv);
    QFile text(QString::fromStdString(csv));
    QVERIFY(text.open(QIODevice::ReadOnly));
    QCOMPARE(text.readLine(), QByteArray("x,y,z\n"));
    QCOMPARE(text.readLine(), QByteArray("0,1,2\n"));
    auto copy = fx.buffer(std::vector<float>(4 * 30, 0.0f));
    BufferFile::importFrom(*copy, f3, shape, csv, BufferFile::Format::Csv);
    auto back = fx.contents(*copy);
    QCOMPARE(back[4 * 29 + 2], float(4 * 29 + 2));
    QCOMPARE(back[3], 0.0f);
    const std::string raw = dir.filePath(QStringLiteral("a.bin")).toStdString();
    QCOMPARE(BufferFile::exportTo(*source, f3, shape, raw, BufferFile::Format::Raw),
             std::string("wrote 480 bytes to 'a.bin'"));
    BufferFile::importFrom(*copy, f3, shape, raw, BufferFile::Format::Raw);
    QCOMPARE(fx.contents(*copy), ramp(4 * 30));
    QVERIFY(!QFileInfo::exists(QString::fromStdString(raw + ".partial")));
}

void TestBufferOperations::badFilesChangeNothing() {
    CLW_REQUIRE_DEVICE(device);
    DeviceFixture fx(device);
    QTemporaryDir dir;
    auto target = fx.buffer(ramp(64));
    const auto f = engine::ElementLayout::parse("float");
    const auto shape = linear(*target, f);
    const auto write = [&](const char* name, const QByteArray& bytes) {
        QFile file(dir.filePath(QString::fromLatin1(name)));
        file.open(QIODevice::WriteOnly);
        file.write(bytes);
        return dir.filePath(QString::fromLatin1(name)).toStdString();
    };
    const auto import = [&](const std::string& path) {
        return errorOf(
            [&] { BufferFile::importFrom(*target, f, shape, path, BufferFile::formatOf(path)); });
    };
    QVERIFY(import(write("bad.npy", "\x93NUMPY garbage")).contains(QStringLiteral("bad.npy")));
    // A float32 file of 63 values, made by NumPy.
    const std::string short63 = dir.filePath(QStringLiteral("short.npy")).toStdString();
    runPython(QStringLiteral("import sys, numpy as np; np.save(sys.argv[1], np.zeros(63, 'f4'))"),
              {QString::fromStdString(short63)});
    QCOMPARE(import(short63),
             QStringLiteral("'short.npy': the file holds float32 (63) = 63 values; the buffer "
                            "shows 64 elements of float = 64 values"));
    QVERIFY(import(write("bad.csv", "1\n2\nthree\n")).contains(QStringLiteral("line 3")));
    QVERIFY(import(write("short.csv", "1\n2\n")).contains(QStringLiteral("has 2 rows")));
    QVERIFY(import(write("bad.bin", QByteArray(255, 'x'))).contains(QStringLiteral("255 bytes")));
    QVERIFY(import(dir.filePath(QStringLiteral("missing.npy")).toStdString())
                .contains(QStringLiteral("missing.npy")));
    QCOMPARE(fx.contents(*target), ramp(64));
    // A mixed struct has no .npy dtype: said before anything is read or written.
    const auto mixed = engine::ElementLayout::parse("struct { float a; int b; }");
    const std::string out = dir.filePath(QStringLiteral("mixed.npy")).toStdString();
    QVERIFY(errorOf([&] {
                BufferFile::exportTo(*target, mixed, linear(*target, mixed), out,
                                     BufferFile::Format::Npy);
            }).contains(QStringLiteral("mixes scalar types")));
    QVERIFY(!QFileInfo::exists(QString::fromStdString(out)));
}

QTEST_GUILESS_MAIN(TestBufferOperations)
#include "tst_bufferoperations.moc"
