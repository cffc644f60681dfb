// The buffer inspector's data paths without a device: packed columns, CSV out and in, .npy arrays
// of every dtype NumPy writes for OpenCL types (in both byte orders), fills (zeros, constants,
// ramps, seeded random) and diffs with tolerances and next / previous difference.
#include "TestPython.h"
#include "clw/engine/inspect/CsvTable.h"
#include "clw/engine/inspect/ElementDiff.h"
#include "clw/engine/inspect/ElementFill.h"
#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/inspect/NpyConversion.h"
#include "clw/engine/inspect/PackedColumns.h"
#include "clw/engine/inspect/ScalarValue.h"
#include "clw/engine/session/NpyFile.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <set>

using namespace clw::engine;

namespace {

QString importError(const std::function<void()>& f) {
    try {
        f();
    } catch (const ImportError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

// NumPy writes one file per (dtype, byte order, shape) and the same values as raw little-endian
// bytes beside it.
constexpr const char* kWriteNpy = R"PY(
import sys, numpy as np
out = sys.argv[1]
names = ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64',
         'float16', 'float32', 'float64']
for name in names:
    base = np.arange(24) * 37 - 300
    if name == 'bool':
        values = (base % 3 == 0)
    elif name.startswith('uint'):
        values = np.abs(base).astype(name)
    elif name.startswith('float'):
        values = (base / 7).astype(name)
        values[5] = np.nan
        values[6] = -np.inf
    else:
        values = base.astype(name)
    values.astype(values.dtype.newbyteorder('<')).tofile(f'{out}/{name}.bin')
    np.save(f'{out}/{name}_le.npy', values.astype(values.dtype.newbyteorder('<')))
    np.save(f'{out}/{name}_be_6x4.npy', values.astype(values.dtype.newbyteorder('>')).reshape(6, 4))
    np.save(f'{out}/{name}_fortran.npy', np.asfortranarray(values))
)PY";

const char* const kOpenClType[] = {"bool", "char", "uchar", "short", "ushort", "int",
                                   "uint", "long", "ulong", "half",  "float",  "double"};
const char* const kNumpyName[] = {"bool",   "int8",  "uint8",  "int16",   "uint16",  "int32",
                                  "uint32", "int64", "uint64", "float16", "float32", "float64"};

} // namespace

class TestInspectorData : public QObject {
    Q_OBJECT
private slots:
    void packsColumnsWithoutPadding() {
        const ElementLayout layout = ElementLayout::parse("struct { float3 p; uchar c; }");
        QCOMPARE(layout.size(), size_t(32));
        QCOMPARE(PackedColumns::packedSize(layout), size_t(13));
        std::vector<unsigned char> elements(64, 0xEE);
        const float p[3] = {1, 2, 3};
        std::memcpy(elements.data() + 32, p, 12);
        elements[32 + 16] = 9;
        std::vector<unsigned char> packed(26);
        PackedColumns::pack(layout, elements.data(), 2, 32, packed.data());
        QCOMPARE(std::memcmp(packed.data() + 13, p, 12), 0);
        QCOMPARE(packed[25], 9);
        std::vector<unsigned char> back(64, 0xAA);
        PackedColumns::unpack(layout, packed.data(), 2, back.data(), 32);
        QCOMPARE(std::memcmp(back.data() + 32, p, 12), 0);
        QCOMPARE(back[12], 0xAA); // padding left alone
    }

    void csvRoundTripsAndRejectsBadLines() {
        const ElementLayout layout = ElementLayout::parse("struct { float a; int b; }");
        std::vector<unsigned char> elements(16);
        const float a[2] = {0.1f, -INFINITY};
        const std::int32_t b[2] = {-7, 2147483647};
        for (int i = 0; i < 2; ++i) {
            std::memcpy(elements.data() + 8 * i, &a[i], 4);
            std::memcpy(elements.data() + 8 * i + 4, &b[i], 4);
        }
        std::string csv = CsvTable::header(layout);
        CsvTable::appendRows(layout, elements.data(), 2, 8, csv);
        QCOMPARE(csv, std::string("a,b\n0.1,-7\n-inf,2147483647\n"));
        QCOMPARE(CsvTable::parse(csv, layout, 2), elements);
        QCOMPARE(CsvTable::parse("0.1;-7\r\n-inf\t2147483647\r\n\r\n", layout, 2), elements);
        QCOMPARE(QString::fromStdString(std::string(importError([&] {
                                                        CsvTable::parse("a,b\n1,2\n3\n", layout, 2);
                                                    }).toStdString())),
                 QStringLiteral("line 3: 1 values; the element (struct { ... }) has 2 columns"));
        QCOMPARE(importError([&] { CsvTable::parse("1,2\n3,x\n", layout, 2); }),
                 QStringLiteral("line 2, column 2 (b): 'x' is not an integer"));
        QCOMPARE(importError([&] { CsvTable::parse("1,2\n", layout, 2); }),
                 QStringLiteral("the file has 1 rows; the buffer shows 2 elements"));
        QVERIFY(importError([&] {
                    CsvTable::parse("1,2\n\n3,4\n", layout, 2);
                }).contains(QStringLiteral("line 2 is blank")));
        QVERIFY(importError([&] {
                    CsvTable::parse("1,99999999999\n3,4\n", layout, 2);
                }).contains(QStringLiteral("out of range")));
    }

    void npyFilesOfEveryDtypeOpen() {
        QTemporaryDir dir;
        QProcess numpy;
        numpy.start(clw::test::testPython(),
                    {QStringLiteral("-c"), QString::fromUtf8(kWriteNpy), dir.path()});
        QVERIFY2(numpy.waitForFinished(60000) && numpy.exitCode() == 0,
                 numpy.readAllStandardError().constData());
        for (size_t t = 0; t < std::size(kNumpyName); ++t) {
            const std::string base = dir.path().toStdString() + "/" + kNumpyName[t];
            QFile raw(QString::fromStdString(base + ".bin"));
            QVERIFY(raw.open(QIODevice::ReadOnly));
            const QByteArray expected = raw.readAll();
            const std::vector<unsigned char> want(expected.begin(), expected.end());
            const QByteArray what = kNumpyName[t];
            // 24 scalars, 6 float4-like elements of 4, and a fortran-ordered 1D array.
            const ElementLayout scalar = ElementLayout::parse(kOpenClType[t]);
            QVERIFY2(NpyConversion::fromArray(NpyFile::read(base + "_le.npy"), scalar, 24) == want,
                     what);
            QVERIFY2(NpyConversion::fromArray(NpyFile::read(base + "_fortran.npy"), scalar, 24) ==
                         want,
                     what);
            if (std::string(kOpenClType[t]) != "bool") {
                const ElementLayout vec4 = ElementLayout::parse(std::string(kOpenClType[t]) + "4");
                QVERIFY2(NpyConversion::fromArray(NpyFile::read(base + "_be_6x4.npy"), vec4, 6) ==
                             want,
                         what);
            }
        }
        // The wrong dtype or count changes nothing and says what would fit.
        const NpyArray doubles = NpyFile::read(dir.path().toStdString() + "/float64_le.npy");
        QCOMPARE(importError(
                     [&] { NpyConversion::fromArray(doubles, ElementLayout::parse("float"), 24); }),
                 QStringLiteral("the file holds float64 (24); the buffer shows 24 elements of "
                                "float: pick a format of float64 or convert the file"));
        QVERIFY(importError([&] {
                    NpyConversion::fromArray(doubles, ElementLayout::parse("double"), 25);
                }).contains(QStringLiteral("24 values; the buffer shows 25 elements")));
        QVERIFY(importError([&] {
                    NpyConversion::fromArray(doubles, ElementLayout::parse("double3"), 8);
                }).contains(QStringLiteral("last axis")) == false); // (24,) is flat: accepted
        const NpyArray grid = NpyFile::read(dir.path().toStdString() + "/float64_be_6x4.npy");
        QVERIFY(importError([&] {
                    NpyConversion::fromArray(grid, ElementLayout::parse("double2"), 12);
                }).contains(QStringLiteral("last axis")));
        QVERIFY(importError([&] {
                    NpyConversion::arrayType(ElementLayout::parse("struct { float a; int b; }"));
                }).contains(QStringLiteral("mixes scalar types")));
    }

    void npyArraysHaveTheBufferShape() {
        BufferShape shape;
        shape.dimensions = 2;
        shape.width = 4;
        shape.height = 3;
        const BufferShape r = shape.resolved(1000, 16);
        const ElementLayout f4 = ElementLayout::parse("float4");
        const NpyArray array = NpyConversion::toArray(f4, r, std::vector<unsigned char>(12 * 16));
        QCOMPARE(array.shape, (std::vector<size_t>{3, 4, 4}));
        QCOMPARE(array.type, NpyType::Float32);
        const auto back = NpyFile::parse(NpyFile::serialize(array));
        QCOMPARE(back, array);
    }

    void fillsAreDeterministic() {
        const ElementLayout layout = ElementLayout::parse("struct { float3 p; int i; uchar c; }");
        const size_t stride = layout.size();
        FillSpec constant;
        constant.kind = FillSpec::Kind::Constant;
        constant.constant = "1.5, 2, 3, -4, 255";
        const ElementFill fill(layout, constant);
        QVERIFY(fill.isUniform());
        std::vector<unsigned char> out(stride * 3, 0xEE);
        fill.generate(0, 3, out.data(), stride);
        QCOMPARE(readScalar(ScalarType::Float, out.data() + stride), 1.5);
        QCOMPARE(readScalar(ScalarType::Int, out.data() + stride + 16), -4.0);
        QCOMPARE(readScalar(ScalarType::UChar, out.data() + 2 * stride + 20), 255.0);
        QCOMPARE(out[12], 0); // padding zeroed
        constant.constant = "1, 2";
        QVERIFY(importError([&] {
                    ElementFill(layout, constant);
                }).contains(QStringLiteral("5 values")));
        constant.constant = "300";
        QVERIFY(importError([&] {
                    ElementFill(layout, constant);
                }).contains(QStringLiteral("c: '300'")));

        FillSpec ramp;
        ramp.kind = FillSpec::Kind::Ramp;
        ramp.start = 10;
        ramp.step = 0.5;
        ElementFill(layout, ramp).generate(100, 2, out.data(), stride);
        QCOMPARE(readScalar(ScalarType::Float, out.data() + 8), 60.0);
        QCOMPARE(readScalar(ScalarType::Int, out.data() + stride + 16), 60.0); // 60.5 truncated
        FillSpec big;
        big.kind = FillSpec::Kind::Ramp;
        big.start = 9007199254740992.0; // 2^53: the next integer is no double
        const ElementLayout ul = ElementLayout::parse("ulong");
        std::vector<unsigned char> u(8);
        ElementFill(ul, big).generate(1, 1, u.data(), 8);
        QCOMPARE(formatScalar(ScalarType::ULong, u.data()), std::string("9007199254740993"));

        FillSpec random;
        random.kind = FillSpec::Kind::Random;
        random.seed = 42;
        random.low = -1;
        random.high = 1;
        std::vector<unsigned char> whole(stride * 100), parts(stride * 100);
        const ElementFill randomFill(layout, random);
        randomFill.generate(0, 100, whole.data(), stride);
        randomFill.generate(0, 37, parts.data(), stride);
        randomFill.generate(37, 63, parts.data() + 37 * stride, stride);
        QCOMPARE(whole, parts); // chunking does not matter
        std::set<double> ints;
        for (size_t e = 0; e < 100; ++e) {
            const double f = readScalar(ScalarType::Float, whole.data() + e * stride);
            QVERIFY(f >= -1 && f < 1);
            ints.insert(readScalar(ScalarType::Int, whole.data() + e * stride + 16));
        }
        QVERIFY(ints == (std::set<double>{-1, 0, 1}));
        random.seed = 43;
        ElementFill(layout, random).generate(0, 100, parts.data(), stride);
        QVERIFY(whole != parts);
        random.high = -1;
        QVERIFY(!importError([&] { ElementFill(layout, random); }).isEmpty());
    }

    void diffsCountRangesAndTolerances() {
        const ElementLayout layout = ElementLayout::parse("float2");
        std::vector<float> a(200), b(200);
        for (size_t i = 0; i < 200; ++i)
            a[i] = b[i] = float(i);
        a[10] = 10.5f;         // element 5
        a[13] = 13.001f;       // element 6, within 0.01
        a[14] = a[15] = 99;    // element 7
        a[16] = 100;           // element 8 (a run of 7, 8)
        a[100] = NAN;          // element 50: NaN against a number
        a[150] = b[150] = NAN; // element 75: NaN against NaN, equal
        const std::uint32_t nanA = 0x7fc00001, nanB = 0x7fc00002; // element 99: NaN payloads
        std::memcpy(&a[199], &nanA, 4);
        std::memcpy(&b[199], &nanB, 4);
        const auto* pa = reinterpret_cast<const unsigned char*>(a.data());
        const auto* pb = reinterpret_cast<const unsigned char*>(b.data());
        ElementDiff whole(layout, {0.01, 0});
        whole.addRun(pa, pb, 100, 8, 0);
        QCOMPARE(whole.compared(), std::uint64_t(100));
        QCOMPARE(whole.changed(), std::uint64_t(4)); // 5, 7, 8, 50
        QCOMPARE(whole.ranges().size(), size_t(3));
        QCOMPARE(whole.maxAbsolute(), 99.0 - 14);
        QCOMPARE(whole.maxAbsoluteElement(), std::optional<std::uint64_t>(7));
        QCOMPARE(whole.maxRelative(), (99.0 - 14) / 14);
        QVERIFY(whole.isChanged(8) && !whole.isChanged(6) && !whole.isChanged(9));
        QCOMPARE(whole.next(0), std::optional<std::uint64_t>(5));
        QCOMPARE(whole.next(5), std::optional<std::uint64_t>(7));
        QCOMPARE(whole.next(7), std::optional<std::uint64_t>(8));
        QCOMPARE(whole.next(8), std::optional<std::uint64_t>(50));
        QCOMPARE(whole.next(50), std::nullopt);
        QCOMPARE(whole.previous(50), std::optional<std::uint64_t>(8));
        QCOMPARE(whole.previous(8), std::optional<std::uint64_t>(7));
        QCOMPARE(whole.previous(7), std::optional<std::uint64_t>(5));
        QCOMPARE(whole.previous(5), std::nullopt);
        QCOMPARE(whole.previous(1000), std::optional<std::uint64_t>(50));
        // In two runs merged: the same answer; a run across the join stays one range.
        ElementDiff first(layout, {0.01, 0}), second(layout, {0.01, 0});
        first.addRun(pa, pb, 8, 8, 0);
        second.addRun(pa + 64, pb + 64, 92, 8, 8);
        first.merge(second);
        QCOMPARE(first.changed(), whole.changed());
        QCOMPARE(first.ranges(), whole.ranges());
        // Without tolerance element 6 differs too; a relative tolerance of 1 hides all but 50.
        ElementDiff exact(layout, {});
        exact.addRun(pa, pb, 100, 8, 0);
        QCOMPARE(exact.changed(), std::uint64_t(5));
        ElementDiff loose(layout, {0, 10});
        loose.addRun(pa, pb, 100, 8, 0);
        QCOMPARE(loose.changed(), std::uint64_t(1));
    }
};

QTEST_APPLESS_MAIN(TestInspectorData)
#include "tst_inspectordata.moc"
