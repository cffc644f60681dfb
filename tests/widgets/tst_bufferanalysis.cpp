// Statistics, histograms and plot envelopes of the buffer inspector, computed off the GUI thread
// by AnalysisRunner, against NumPy's answers for the same bytes (python3 through QProcess), and
// over ranges and pitched 2D shapes.
#include "bridge/DeviceBufferSource.h"
#include "bridge/EngineBridge.h"
#include "bridge/HostBufferSource.h"
#include "models/AnalysisRunner.h"

#include "clw/engine/inspect/HalfFloat.h"

#include "TestDevice.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>

using namespace clw;
using namespace clw::ui;

namespace {

constexpr const char* kStruct = "struct { float f; int i; half h; double d; }";
constexpr size_t kElementSize = 24;

// NumPy's statistics of each column's finite values, in float64, as JSON.
constexpr const char* kNumpyScript = R"PY(
import json, sys
import numpy as np
dt = np.dtype({'names': ['f', 'i', 'h', 'd'], 'formats': ['<f4', '<i4', '<f2', '<f8'],
               'offsets': [0, 4, 8, 16], 'itemsize': 24})
a = np.fromfile(sys.argv[1], dtype=dt)
out = []
for name in dt.names:
    x = a[name]
    finite = x[np.isfinite(x)].astype(np.float64)
    tiny = np.finfo(x.dtype).tiny if x.dtype.kind == 'f' else 0
    denormal = int(np.sum((x != 0) & np.isfinite(x) & (np.abs(x) < tiny))) if tiny else 0
    hist, _ = np.histogram(finite, bins=128, range=(finite.min(), finite.max()))
    out.append({'count': int(x.size), 'finite': int(finite.size),
                'nan': int(np.sum(np.isnan(x))) if x.dtype.kind == 'f' else 0,
                'inf': int(np.sum(np.isinf(x))) if x.dtype.kind == 'f' else 0,
                'denormal': denormal, 'zero': int(np.sum(x == 0)),
                'min': float(finite.min()), 'max': float(finite.max()),
                'mean': float(finite.mean()), 'std': float(finite.std()),
                'hist': [int(v) for v in hist]})
print(json.dumps(out))
)PY";

std::vector<unsigned char> makeElements(size_t count) {
    std::mt19937_64 random(1234);
    std::normal_distribution<double> normal(3.0, 1000.0);
    std::vector<unsigned char> bytes(count * kElementSize, 0);
    for (size_t e = 0; e < count; ++e) {
        unsigned char* p = bytes.data() + e * kElementSize;
        float f = float(normal(random));
        std::int32_t i = std::int32_t(normal(random) * 1000);
        std::uint16_t h = engine::floatToHalf(float(normal(random) / 100));
        double d = 1e6 + normal(random); // far from zero: a naive variance loses digits
        switch (e % 997) {
        case 1:
            f = NAN;
            h = 0x7e00;
            d = NAN;
            break;
        case 2:
            f = INFINITY;
            h = 0x7c00;
            d = -INFINITY;
            break;
        case 3:
            f = 1e-40f;
            h = 0x0003;
            d = 1e-310;
            break;
        case 4:
            f = 0.0f;
            i = 0;
            h = 0x8000;
            d = 0.0;
            break;
        default:
            break;
        }
        std::memcpy(p, &f, 4);
        std::memcpy(p + 4, &i, 4);
        std::memcpy(p + 8, &h, 2);
        std::memcpy(p + 16, &d, 8);
    }
    return bytes;
}

bool runAnalysis(AnalysisRunner& runner, std::shared_ptr<BufferSource> source,
                 const engine::ElementLayout& layout, const engine::BufferShape& shape,
                 std::uint64_t first, std::uint64_t count) {
    QSignalSpy finished(&runner, &AnalysisRunner::finished);
    runner.start(std::move(source), layout, shape, first, count);
    return finished.wait(30000);
}

} // namespace

class TestBufferAnalysis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void statisticsMatchNumpy();
    void rangesAndPitchedShapes();
    void cancelledRunsDeliverNothing();
};

void TestBufferAnalysis::statisticsMatchNumpy() {
    CLW_REQUIRE_DEVICE(device);
    const engine::Context context(device);
    const engine::CommandQueue queue(context, device);
    constexpr size_t kCount = 400'000; // 9.6 MB: several scanner chunks
    const auto bytes = makeElements(kCount);
    const engine::Buffer buffer(context, CL_MEM_READ_WRITE, bytes.size());
    queue.write(buffer, 0, bytes.size(), bytes.data());

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("elements.bin"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
    file.close();
    // Debian's python3 has numpy (scripts/setup installs python3-numpy); another one on PATH
    // may not.
    QString python = QStringLiteral("/usr/bin/python3");
    if (!QFileInfo::exists(python))
        python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 with numpy is needed: run scripts/setup");
    QProcess numpy;
    numpy.start(python, {QStringLiteral("-c"), QString::fromUtf8(kNumpyScript), path});
    QVERIFY(numpy.waitForFinished(60000));
    QVERIFY2(numpy.exitCode() == 0, numpy.readAllStandardError().constData());
    const QJsonArray expected = QJsonDocument::fromJson(numpy.readAllStandardOutput()).array();
    QCOMPARE(expected.size(), 4);

    EngineBridge bridge;
    AnalysisRunner runner(bridge);
    QSignalSpy progress(&runner, &AnalysisRunner::progressChanged);
    const auto layout = engine::ElementLayout::parse(kStruct);
    const auto shape = engine::BufferShape{}.resolved(bytes.size(), layout.size());
    QVERIFY(runAnalysis(runner, std::make_shared<DeviceBufferSource>(buffer, queue, bytes.size()),
                        layout, shape, 0, kCount));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().first().toDouble(), 1.0);
    const BufferAnalysis& result = runner.result();
    QCOMPARE(result.statistics.size(), size_t(4));
    for (int c = 0; c < 4; ++c) {
        const QJsonObject want = expected[c].toObject();
        const engine::ColumnStatistics& s = result.statistics[size_t(c)];
        const QByteArray column = QByteArray("column ") + layout.columns()[size_t(c)].name.c_str();
        QVERIFY2(s.count == quint64(want[QStringLiteral("count")].toInteger()), column);
        QVERIFY2(s.finite == quint64(want[QStringLiteral("finite")].toInteger()), column);
        QVERIFY2(s.nanCount == quint64(want[QStringLiteral("nan")].toInteger()), column);
        QVERIFY2(s.infCount == quint64(want[QStringLiteral("inf")].toInteger()), column);
        QVERIFY2(s.denormalCount == quint64(want[QStringLiteral("denormal")].toInteger()), column);
        QVERIFY2(s.zeroCount == quint64(want[QStringLiteral("zero")].toInteger()), column);
        QVERIFY2(s.min == want[QStringLiteral("min")].toDouble(), column);
        QVERIFY2(s.max == want[QStringLiteral("max")].toDouble(), column);
        const auto close = [](double a, double b) {
            return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
        };
        QVERIFY2(close(s.mean, want[QStringLiteral("mean")].toDouble()), column);
        QVERIFY2(close(s.stddev(), want[QStringLiteral("std")].toDouble()), column);
        // Histogram bins: NumPy's edges for 128 bins over [min, max]; a value within rounding of
        // an edge may land one bin over, so bins are compared with a small slack.
        const engine::Histogram& h = result.histograms[size_t(c)];
        const QJsonArray bins = want[QStringLiteral("hist")].toArray();
        if (c == 1) {
            QCOMPARE(h.binCount(), size_t(128)); // the int range is far wider than 128
        }
        if (h.binCount() == size_t(bins.size())) {
            quint64 total = 0;
            qint64 slack = 0;
            for (int b = 0; b < bins.size(); ++b) {
                total += h.counts()[size_t(b)];
                slack += std::abs(qint64(h.counts()[size_t(b)]) - bins[b].toInteger());
            }
            QVERIFY2(total == s.finite, column);
            QVERIFY2(slack <= 4, column);
        }
        // The envelope holds the extremes.
        const engine::PlotEnvelope& envelope = result.envelopes[size_t(c)];
        QVERIFY(envelope.bucketCount() <= 2048);
        double top = -INFINITY;
        for (size_t b = 0; b < envelope.bucketCount(); ++b)
            top = std::fmax(top, envelope.max(b));
        QVERIFY2(top == s.max, column);
    }
}

void TestBufferAnalysis::rangesAndPitchedShapes() {
    // A 2D float grid, 5 wide with rows 8 floats apart: the padding (holding 1e9) is no element.
    std::vector<float> values(8 * 6, 1e9f);
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 5; ++x)
            values[size_t(y * 8 + x)] = float(y * 5 + x);
    std::vector<unsigned char> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    engine::BufferShape grid;
    grid.dimensions = 2;
    grid.width = 5;
    grid.rowPitch = 32;
    const auto layout = engine::ElementLayout::parse("float");
    const auto shape = grid.resolved(bytes.size(), 4);
    QCOMPARE(shape.elementCount(), std::uint64_t(30));
    EngineBridge bridge;
    AnalysisRunner runner(bridge);
    auto source = std::make_shared<HostBufferSource>(bytes);
    QVERIFY(runAnalysis(runner, source, layout, shape, 0, 30));
    const engine::ColumnStatistics all = runner.result().statistics[0];
    QCOMPARE(all.count, std::uint64_t(30));
    QCOMPARE(all.max, 29.0);
    QCOMPARE(all.mean, 14.5);
    QCOMPARE(all.zeroCount, std::uint64_t(1));
    // A selection: elements 7 to 16.
    QVERIFY(runAnalysis(runner, source, layout, shape, 7, 10));
    QCOMPARE(runner.result().statistics[0].min, 7.0);
    QCOMPARE(runner.result().statistics[0].max, 16.0);
    QCOMPARE(runner.result().firstElement, std::uint64_t(7));
    // Integers with a small range get a bin per value.
    const std::vector<unsigned char> small = {1, 2, 2, 3, 3, 3};
    QVERIFY(runAnalysis(runner, std::make_shared<HostBufferSource>(small),
                        engine::ElementLayout::parse("uchar"), engine::BufferShape{}.resolved(6, 1),
                        0, 6));
    const engine::Histogram& h = runner.result().histograms[0];
    QCOMPARE(h.counts(), (std::vector<std::uint64_t>{1, 2, 3}));
}

void TestBufferAnalysis::cancelledRunsDeliverNothing() {
    EngineBridge bridge;
    AnalysisRunner runner(bridge);
    QSignalSpy finished(&runner, &AnalysisRunner::finished);
    QSignalSpy failed(&runner, &AnalysisRunner::failed);
    std::vector<unsigned char> bytes(AnalysisRunner::kStepBytes * 2, 0);
    const auto layout = engine::ElementLayout::parse("float");
    const auto shape = engine::BufferShape{}.resolved(bytes.size(), 4);
    runner.start(std::make_shared<HostBufferSource>(std::move(bytes)), layout, shape, 0,
                 shape.elementCount());
    QVERIFY(runner.isRunning());
    runner.cancel();
    QVERIFY(!runner.isRunning());
    QTest::qWait(300);
    QCOMPARE(finished.count(), 0);
    QCOMPARE(failed.count(), 0);
}

QTEST_GUILESS_MAIN(TestBufferAnalysis)
#include "tst_bufferanalysis.moc"
