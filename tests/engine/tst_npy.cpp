// .npy files: round trips of every element type and version, files NumPy wrote read back exactly
// (and files this engine wrote read by NumPy), and malformed files rejected with a clear message.
#include "TestPython.h"
#include "clw/engine/session/NpyFile.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <fstream>

using namespace clw::engine;
namespace fs = std::filesystem;

namespace {

constexpr NpyType kAllTypes[] = {NpyType::Bool,    NpyType::Int8,    NpyType::UInt8,
                                 NpyType::Int16,   NpyType::UInt16,  NpyType::Int32,
                                 NpyType::UInt32,  NpyType::Int64,   NpyType::UInt64,
                                 NpyType::Float16, NpyType::Float32, NpyType::Float64};

// np.arange(count) as `type` (float16 values as their bits: small integers are exact).
NpyArray arange(NpyType type, size_t count, std::vector<size_t> shape = {}) {
    NpyArray array;
    array.type = type;
    array.shape = shape.empty() ? std::vector<size_t>{count} : shape;
    array.data.resize(count * npyItemSize(type));
    for (size_t i = 0; i < count; ++i) {
        unsigned char* at = array.data.data() + i * npyItemSize(type);
        auto put = [&](auto value) { std::memcpy(at, &value, sizeof value); };
        switch (type) {
        case NpyType::Bool:
            put(std::uint8_t(i % 2));
            break;
        case NpyType::Int8:
        case NpyType::UInt8:
            put(std::uint8_t(i));
            break;
        case NpyType::Int16:
        case NpyType::UInt16:
            put(std::uint16_t(i));
            break;
        case NpyType::Int32:
        case NpyType::UInt32:
            put(std::uint32_t(i));
            break;
        case NpyType::Int64:
        case NpyType::UInt64:
            put(std::uint64_t(i));
            break;
        case NpyType::Float16: // i < 2048 is exact: sign 0, exponent and mantissa from i
            put(std::uint16_t(i == 0 ? 0 : [&] {
                int e = 0;
                while ((size_t(1) << (e + 1)) <= i)
                    ++e;
                const unsigned mantissa = unsigned((i - (size_t(1) << e)) << (10 - e));
                return unsigned((e + 15) << 10) | mantissa;
            }()));
            break;
        case NpyType::Float32:
            put(float(i));
            break;
        case NpyType::Float64:
            put(double(i));
            break;
        }
    }
    return array;
}

struct PythonRun {
    int exitCode = -1;
    QString output;
};

PythonRun python(const QString& script, const QStringList& args = {}) {
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(clw::test::testPython(), QStringList{QStringLiteral("-c"), script} + args);
    PythonRun run;
    if (!process.waitForFinished(60000))
        return run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.output = QString::fromUtf8(process.readAll());
    return run;
}

std::vector<unsigned char> bytesOf(const std::string& text) {
    return {text.begin(), text.end()};
}

// A version 1.0 file with `header` (padded) and `data`.
std::vector<unsigned char> fileWith(std::string header, const std::string& data) {
    header += '\n';
    std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
    bytes += char(header.size() & 0xff);
    bytes += char(header.size() >> 8);
    return bytesOf(bytes + header + data);
}

QString rejection(const std::vector<unsigned char>& bytes) {
    try {
        NpyFile::parse(bytes);
    } catch (const NpyError& error) {
        return QString::fromUtf8(error.what());
    }
    return QStringLiteral("(accepted)");
}

} // namespace

class TestNpy : public QObject {
    Q_OBJECT
private slots:
    void roundTripsEveryTypeAndVersion() {
        for (NpyType type : kAllTypes) {
            for (int major : {0, 1, 2, 3}) {
                const NpyArray array = arange(type, 37);
                const NpyArray back = NpyFile::parse(NpyFile::serialize(array, major));
                QVERIFY2(back == array, npyTypeName(type));
            }
            const NpyArray matrix = arange(type, 24, {6, 4}); // a vector buffer: (n, 4)
            QVERIFY(NpyFile::parse(NpyFile::serialize(matrix)) == matrix);
            const NpyArray scalar = arange(type, 1, {});
            NpyArray zeroD = scalar;
            zeroD.shape.clear();
            QVERIFY(NpyFile::parse(NpyFile::serialize(zeroD)) == zeroD);
            NpyArray empty;
            empty.type = type;
            empty.shape = {0, 3};
            QVERIFY(NpyFile::parse(NpyFile::serialize(empty)) == empty);
        }
        // Data starts on a 64-byte boundary, as numpy writes it.
        const auto bytes = NpyFile::serialize(arange(NpyType::Float32, 5));
        QCOMPARE(bytes.size() % 64, size_t(5 * 4));
        QCOMPARE(char(bytes[bytes.size() - 21]), '\n');
    }

    void readsWhatNumpyWrote() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const PythonRun run = python(QStringLiteral(R"PY(
import sys, numpy as np
d = sys.argv[1]
for t in ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64',
          'float16', 'float32', 'float64']:
    a = np.arange(37) % 2 if t == 'bool' else np.arange(37)
    np.save(d + '/' + t + '.npy', a.astype(t))
np.save(d + '/matrix.npy', np.arange(24, dtype='<f4').reshape(6, 4))
np.save(d + '/big_i4.npy', np.arange(37, dtype='>i4'))
np.save(d + '/big_f8.npy', np.arange(37, dtype='>f8'))
np.save(d + '/big_u2.npy', np.arange(37, dtype='>u2'))
np.save(d + '/pipe_i1.npy', np.arange(37, dtype='|i1'))
np.save(d + '/scalar.npy', np.float32(0))
np.save(d + '/fortran_1d.npy', np.asfortranarray(np.arange(37, dtype='<i4')))
for v in [(2, 0), (3, 0)]:
    with open(d + '/v%d.npy' % v[0], 'wb') as f:
        np.lib.format.write_array(f, np.arange(37, dtype='<i8'), version=v)
np.save(d + '/fortran_2d.npy', np.asfortranarray(np.arange(24, dtype='<f4').reshape(6, 4)))
np.save(d + '/fortran_3d.npy', np.asfortranarray(np.arange(60, dtype='<i2').reshape(3, 4, 5)))
np.save(d + '/complex.npy', np.arange(3, dtype='<c8'))
np.save(d + '/structured.npy', np.zeros(3, dtype=[('x', '<f4'), ('y', '<i4')]))
np.save(d + '/strings.npy', np.array(['ab', 'cd']))
print('ok')
)PY"),
                                     {dir.path()});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const fs::path d = dir.path().toStdString();
        for (NpyType type : kAllTypes) {
            const NpyArray read = NpyFile::read(d / (std::string(npyTypeName(type)) + ".npy"));
            QVERIFY2(read == arange(type, 37), npyTypeName(type));
        }
        QVERIFY(NpyFile::read(d / "matrix.npy") == arange(NpyType::Float32, 24, {6, 4}));
        QVERIFY(NpyFile::read(d / "big_i4.npy") == arange(NpyType::Int32, 37));
        QVERIFY(NpyFile::read(d / "big_f8.npy") == arange(NpyType::Float64, 37));
        QVERIFY(NpyFile::read(d / "big_u2.npy") == arange(NpyType::UInt16, 37));
        QVERIFY(NpyFile::read(d / "pipe_i1.npy") == arange(NpyType::Int8, 37));
        const NpyArray scalar = NpyFile::read(d / "scalar.npy");
        QVERIFY(scalar.shape.empty());
        QCOMPARE(scalar.count(), size_t(1));
        QVERIFY(NpyFile::read(d / "fortran_1d.npy") == arange(NpyType::Int32, 37));
        QVERIFY(NpyFile::read(d / "v2.npy") == arange(NpyType::Int64, 37));
        QVERIFY(NpyFile::read(d / "v3.npy") == arange(NpyType::Int64, 37));

        auto readError = [&](const char* name) {
            try {
                NpyFile::read(d / name);
            } catch (const NpyError& error) {
                return QString::fromUtf8(error.what());
            }
            return QStringLiteral("(accepted)");
        };
        // Fortran order: every element where a C-ordered array of the same shape has it.
        QVERIFY(NpyFile::read(d / "fortran_2d.npy") == arange(NpyType::Float32, 24, {6, 4}));
        QVERIFY(NpyFile::read(d / "fortran_3d.npy") == arange(NpyType::Int16, 60, {3, 4, 5}));
        QVERIFY2(readError("complex.npy").contains(QStringLiteral("unsupported dtype '<c8'")),
                 qPrintable(readError("complex.npy")));
        QVERIFY(readError("structured.npy").contains(QStringLiteral("structured arrays")));
        QVERIFY(readError("strings.npy").contains(QStringLiteral("unsupported dtype '<U2'")));
        QVERIFY(readError("missing.npy").contains(QStringLiteral("cannot open")));
    }

    void numpyReadsWhatWeWrote() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path d = dir.path().toStdString();
        for (NpyType type : kAllTypes)
            NpyFile::write(d / (std::string(npyTypeName(type)) + ".npy"), arange(type, 37));
        NpyFile::write(d / "matrix.npy", arange(NpyType::Float32, 24, {6, 4}));
        NpyFile::write(d / "v2.npy", arange(NpyType::Int16, 37), 2);
        NpyFile::write(d / "v3.npy", arange(NpyType::UInt32, 37), 3);
        const PythonRun run = python(QStringLiteral(R"PY(
import sys, numpy as np
d = sys.argv[1]
for t in ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64',
          'float16', 'float32', 'float64']:
    a = np.load(d + '/' + t + '.npy')
    want = (np.arange(37) % 2 if t == 'bool' else np.arange(37)).astype(t)
    assert a.dtype == np.dtype(t) and a.shape == (37,) and (a == want).all(), t
m = np.load(d + '/matrix.npy')
assert m.shape == (6, 4) and (m == np.arange(24, dtype='f4').reshape(6, 4)).all()
assert (np.load(d + '/v2.npy') == np.arange(37)).all()
assert (np.load(d + '/v3.npy') == np.arange(37)).all()
print('ok')
)PY"),
                                     {dir.path()});
        QVERIFY2(run.exitCode == 0 && run.output.trimmed() == QStringLiteral("ok"),
                 qPrintable(run.output));
    }

    void rejectsMalformedFiles() {
        const std::string good = "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }";
        const std::string eight(8, '\0');
        QVERIFY(NpyFile::parse(fileWith(good, eight)).count() == 2);

        QCOMPARE(rejection(bytesOf("PK\x03\x04 a zip file, not npy")),
                 QStringLiteral("not a .npy file (bad magic)"));
        QCOMPARE(rejection(bytesOf(std::string("\x93NUMPY\x01", 7))),
                 QStringLiteral("not a .npy file (bad magic)"));
        QVERIFY(rejection(bytesOf(std::string("\x93NUMPY\x04\x00\x10\x00", 10)))
                    .startsWith(QStringLiteral("unsupported .npy version 4.0")));
        // The header length announces more than the file holds.
        auto truncated = fileWith(good, eight);
        truncated.resize(40);
        QVERIFY2(rejection(truncated).startsWith(QStringLiteral("truncated header")),
                 qPrintable(rejection(truncated)));
        QVERIFY(rejection(bytesOf(std::string("\x93NUMPY\x01\x00\x10", 9)))
                    .startsWith(QStringLiteral("truncated header")));
        // Data that does not match the shape, short or long.
        QCOMPARE(rejection(fileWith(good, std::string(7, '\0'))),
                 QStringLiteral("shape (2,) x 4 bytes needs 8 data bytes, the file has 7"));
        QCOMPARE(rejection(fileWith(good, std::string(12, '\0'))),
                 QStringLiteral("shape (2,) x 4 bytes needs 8 data bytes, the file has 12"));
        QVERIFY(rejection(fileWith("{'descr': '<i4', 'fortran_order': False, 'shape': "
                                   "(4294967296, 4294967296, 4294967296), }",
                                   eight))
                    .contains(QStringLiteral("too large")));
        // Header problems.
        QCOMPARE(rejection(
                     fileWith("{'descr': '<c16', 'fortran_order': False, 'shape': (2,), }", eight)),
                 QStringLiteral("unsupported dtype '<c16': only bool, (u)int8..64 and "
                                "float16/32/64 arrays can be read"));
        QCOMPARE(rejection(fileWith("{'descr': '<i4', 'shape': (2,), }", eight)),
                 QStringLiteral("malformed header: no 'fortran_order' key"));
        QVERIFY(
            rejection(fileWith("{'descr': '<i4', 'fortran_order': False, 'shape': (-2,), }", eight))
                .startsWith(QStringLiteral("malformed header")));
        QVERIFY(rejection(fileWith("{'descr': '<i4', 'fortran_order': False, 'shape': (2,)", eight))
                    .startsWith(QStringLiteral("malformed header")));
        QVERIFY(rejection(fileWith("not a dict", eight)).startsWith(QStringLiteral("malformed")));
        // Double quotes and Python 2 longs are Python literals numpy reads too.
        QVERIFY(NpyFile::parse(
                    fileWith(R"({"descr": "<i4", "fortran_order": False, "shape": (2L,)})", eight))
                    .count() == 2);
    }

    void writeRejectsDataThatDoesNotMatchTheShape() {
        NpyArray array = arange(NpyType::Float32, 4);
        array.shape = {5};
        QVERIFY_THROWS_EXCEPTION(NpyError, NpyFile::serialize(array));
        QTemporaryDir dir;
        QVERIFY_THROWS_EXCEPTION(
            NpyError, NpyFile::write(fs::path(dir.path().toStdString()) / "x.npy", array));
        QVERIFY(!fs::exists(fs::path(dir.path().toStdString()) / "x.npy"));
    }
};

QTEST_GUILESS_MAIN(TestNpy)
#include "tst_npy.moc"
