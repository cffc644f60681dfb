// Differential runs' comparison (issue 19): ULP distances and their buckets, tolerance texts and
// their errors, and two runs' outputs compared on hand-made arrays: float with NaN and -0.0, half,
// float4, float3, int, ulong past 2^53, a struct, 2-D and 3-D coordinates, buffers missing from a
// run or of another type, shape or size; the JSON and the text written from them.
#include "clw/engine/inspect/BufferComparer.h"
#include "clw/engine/inspect/ComparisonReport.h"
#include "clw/engine/inspect/HalfFloat.h"
#include "clw/engine/inspect/OutputComparison.h"
#include "clw/engine/inspect/ToleranceError.h"
#include "clw/engine/inspect/ToleranceRules.h"
#include "clw/engine/inspect/UlpDistance.h"

#include "JsonToString.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace clw::engine;

namespace {

using Count = std::uint64_t;
using Indices = std::vector<Count>;

template <class T>
std::optional<Count> ulps(ScalarType type, T a, T b) {
    unsigned char x[sizeof(T)], y[sizeof(T)];
    std::memcpy(x, &a, sizeof a);
    std::memcpy(y, &b, sizeof b);
    return ulpDistance(type, x, y);
}

float floatBits(std::uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, 4);
    return value;
}

SessionBuffer buffer(const std::string& name, const std::string& type,
                     std::vector<std::uint64_t> shape) {
    SessionBuffer out;
    out.name = name;
    out.elementType = type;
    out.shape = std::move(shape);
    return out;
}

Session sessionOf(std::vector<SessionBuffer> buffers) {
    Session session;
    session.buffers = std::move(buffers);
    return session;
}

OutputComparison compareOne(const Session& session, NpyArray a, NpyArray b,
                            const std::vector<std::string>& tolerances = {}) {
    ToleranceRules rules;
    for (const std::string& text : tolerances)
        rules.add(text);
    const std::string name = session.buffers.front().name;
    return OutputComparison::compare(session, {{name, std::move(a)}}, session,
                                     {{name, std::move(b)}}, rules);
}

Indices differingIndices(const BufferComparison& buffer) {
    Indices out;
    for (const DifferingElement& element : buffer.firstDifferences)
        out.push_back(element.index);
    return out;
}

std::vector<Count> bucketCounts(const UlpHistogram& histogram) {
    std::vector<Count> out;
    for (int bucket = 0; bucket < UlpHistogram::kBuckets; ++bucket)
        out.push_back(histogram.count(bucket));
    return out;
}

QString toleranceError(const std::string& text) {
    try {
        ToleranceRules rules;
        rules.add(text);
    } catch (const ToleranceError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

const float kNaN = std::numeric_limits<float>::quiet_NaN();

// A: 0, 1, 2 + 1 ulp, -0, NaN, NaN, 5, 1e30; B: 0, 1, 2, 0, NaN, 6, 5.5, 1e30.
NpyArray floatsA() {
    return NpyArray::of(NpyType::Float32, std::vector<float>{0, 1, std::nextafter(2.0f, 3.0f),
                                                             -0.0f, kNaN, kNaN, 5, 1e30f});
}
NpyArray floatsB() {
    return NpyArray::of(NpyType::Float32,
                        std::vector<float>{0, 1, 2, 0.0f, floatBits(0x7fc00123), 6, 5.5f, 1e30f});
}

} // namespace

class TestOutputComparison : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ulpDistances() {
        QCOMPARE(ulps(ScalarType::Float, 1.0f, std::nextafter(1.0f, 2.0f)), Count(1));
        QCOMPARE(ulps(ScalarType::Float, std::nextafter(1.0f, 0.0f), 1.0f), Count(1));
        QCOMPARE(ulps(ScalarType::Float, -0.0f, 0.0f), Count(0));
        QCOMPARE(ulps(ScalarType::Float, 1.0f, -1.0f), Count(2) * 0x3f800000);
        const float tiny = std::numeric_limits<float>::denorm_min();
        QCOMPARE(ulps(ScalarType::Float, tiny, -tiny), Count(2));
        QCOMPARE(ulps(ScalarType::Float, std::numeric_limits<float>::max(),
                      std::numeric_limits<float>::infinity()),
                 Count(1));
        // Two NaNs are equal whatever their payloads; a NaN against a number has no distance.
        QCOMPARE(ulps(ScalarType::Float, floatBits(0x7fc00001), floatBits(0xffc00002)), Count(0));
        QCOMPARE(ulps(ScalarType::Float, kNaN, 1.0f), std::nullopt);
        QCOMPARE(ulps(ScalarType::Float, std::numeric_limits<float>::infinity(), kNaN),
                 std::nullopt);
        QCOMPARE(ulps(ScalarType::Double, 1.0, std::nextafter(1.0, 2.0)), Count(1));
        QCOMPARE(ulps(ScalarType::Double, -std::numeric_limits<double>::max(),
                      std::numeric_limits<double>::max()),
                 Count(2) * 0x7fefffffffffffffull);
        QCOMPARE(ulps(ScalarType::Half, std::uint16_t(0x3c00), std::uint16_t(0x3c03)), Count(3));
        QCOMPARE(ulps(ScalarType::Half, std::uint16_t(0x8000), std::uint16_t(0x0001)), Count(1));
        QCOMPARE(ulps(ScalarType::Half, std::uint16_t(0x7e00), std::uint16_t(0x3c00)),
                 std::nullopt);
        QCOMPARE(ulps(ScalarType::Int, 1, 2), std::nullopt); // not a float
    }

    void ulpBuckets() {
        const std::pair<Count, int> cases[] = {
            {0, 0},  {1, 1},  {2, 2},   {3, 3},   {4, 3},     {5, 4},     {8, 4},        {9, 5},
            {16, 5}, {17, 6}, {256, 6}, {257, 7}, {65536, 7}, {65537, 8}, {~Count(0), 8}};
        for (const auto& [distance, bucket] : cases)
            QCOMPARE(UlpHistogram::bucketOf(distance), bucket);
        QStringList labels;
        for (int bucket = 0; bucket < UlpHistogram::kBuckets; ++bucket)
            labels << QString::fromStdString(UlpHistogram::label(bucket));
        QCOMPARE(labels.join(QLatin1Char(' ')),
                 QStringLiteral("0 1 2 3-4 5-8 9-16 17-256 257-65536 >65536"));
    }

    void toleranceTexts() {
        QCOMPARE(Tolerance::parse("exact"), Tolerance::exact());
        QCOMPARE(Tolerance::parse(" EXACT "), Tolerance::exact());
        QCOMPARE(Tolerance::parse("4ulp"), Tolerance::ofUlps(4));
        QCOMPARE(Tolerance::parse("4 ULPs"), Tolerance::ofUlps(4));
        QCOMPARE(Tolerance::parse("0ulp"), Tolerance::ofUlps(0));
        QCOMPARE(Tolerance::parse("rel=1e-6"), Tolerance::relative(1e-6));
        QCOMPARE(Tolerance::parse("abs = 0.001"), Tolerance::absolute(0.001));
        for (const char* text : {"exact", "4ulp", "rel=1e-06", "abs=0.001"})
            QCOMPARE(Tolerance::parse(text).text(), std::string(text));

        // Errors say what would work.
        for (const char* bad : {"", "4ulpp", "ulp", "-3ulp", "1.5ulp", "rel=", "rel=-1", "abs=nan",
                                "abs=inf", "close", "rel=1e-6x", "4"}) {
            const QString error = toleranceError(bad);
            QVERIFY2(error.contains(QStringLiteral("write exact, 4ulp, rel=1e-6 or abs=1e-3")),
                     qPrintable(QStringLiteral("'%1': %2").arg(QLatin1String(bad), error)));
        }
        QVERIFY(toleranceError("rel=-1").contains(QStringLiteral("a number of 0 or more")));
        QVERIFY(toleranceError("1.5ulp").contains(QStringLiteral("a whole number")));
        QCOMPARE(toleranceError("c=4ulpp").left(13), QStringLiteral("buffer 'c': '"));
        QVERIFY(toleranceError("1c=4ulp").contains(QStringLiteral("'1c' in '1c=4ulp' is no "
                                                                  "buffer name")));
    }

    void toleranceRules() {
        ToleranceRules rules;
        QCOMPARE(rules.forBuffer("c"), Tolerance::exact()); // none given: exact
        rules.add("c=rel=1e-6");
        rules.add("4ulp");
        rules.add("rel=4ulp"); // a buffer named rel
        rules.add("out_2 = abs=0.5");
        rules.add("c=2ulp"); // the later wins
        QCOMPARE(rules.forBuffer("c"), Tolerance::ofUlps(2));
        QCOMPARE(rules.forBuffer("rel"), Tolerance::ofUlps(4));
        QCOMPARE(rules.forBuffer("out_2"), Tolerance::absolute(0.5));
        QCOMPARE(rules.forBuffer("d"), Tolerance::ofUlps(4));
        QCOMPARE(rules.names(), (std::vector<std::string>{"c", "out_2", "rel"}));
        rules.add("abs=1e-3");
        QCOMPARE(rules.forBuffer("d"), Tolerance::absolute(1e-3));
        QCOMPARE(rules.general(), Tolerance::absolute(1e-3));
    }

    void floatsUnderEachTolerance() {
        const Session session = sessionOf({buffer("c", "float", {8})});
        const OutputComparison exact = compareOne(session, floatsA(), floatsB());
        QCOMPARE(exact.buffers().size(), size_t(1));
        const BufferComparison& c = exact.buffers().front();
        QCOMPARE(c.status, BufferComparison::Status::Differs);
        QCOMPARE(c.compared, Count(8));
        // -0.0 against 0.0 and NaN against NaN are equal; 2 + 1 ulp, NaN against 6 and 5 against
        // 5.5 are not.
        QCOMPARE(c.differing, Count(3));
        QCOMPARE(differingIndices(c), (Indices{2, 5, 6}));
        QVERIFY(c.floating);
        QCOMPARE(c.maxAbsolute, 0.5);
        QCOMPARE(c.maxAbsoluteElement, std::optional<Count>(6));
        QCOMPARE(c.maxRelative, 0.5 / 5.5);
        QCOMPARE(c.maxUlps, std::optional<Count>(0x40b00000 - 0x40a00000));
        QCOMPARE(bucketCounts(c.ulpHistogram), (std::vector<Count>{5, 1, 0, 0, 0, 0, 0, 0, 1}));
        QCOMPARE(c.ulpHistogram.nanAgainstNumber(), Count(1));
        QCOMPARE(c.ulpHistogram.total(), c.compared);
        const DifferingElement& nan = c.firstDifferences[1];
        QCOMPARE(nan.a, std::string("nan"));
        QCOMPARE(nan.b, std::string("6"));
        QCOMPARE(nan.ulps, std::nullopt);
        const DifferingElement& half = c.firstDifferences[2];
        QCOMPARE(half.a, std::string("5"));
        QCOMPARE(half.b, std::string("5.5"));
        QCOMPARE(half.absoluteError, 0.5);
        QCOMPARE(half.coordinates, (std::array<Count, 3>{6, 0, 0}));
        QCOMPARE(c.firstDifferences[0].ulps, std::optional<Count>(1));
        QCOMPARE(c.mismatches->ranges(), (std::vector<std::pair<Count, Count>>{{2, 3}, {5, 7}}));

        // 1 ulp lets 2 + 1 ulp through; abs=0.5 also 5 against 5.5; rel=0.1 too; the NaN stays.
        const auto differing = [&](const char* tolerance) {
            return differingIndices(
                compareOne(session, floatsA(), floatsB(), {tolerance}).buffers().front());
        };
        QCOMPARE(differing("1ulp"), (Indices{5, 6}));
        QCOMPARE(differing("0ulp"), (Indices{2, 5, 6}));
        QCOMPARE(differing("abs=0.5"), (Indices{5}));
        QCOMPARE(differing("abs=0.4"), (Indices{5, 6}));
        QCOMPARE(differing("rel=0.1"), (Indices{5}));
        QCOMPARE(differing("rel=1e-9"), (Indices{2, 5, 6}));
        QCOMPARE(differing("c=1ulp"), (Indices{5, 6}));
        QCOMPARE(differing("d=1ulp"), (Indices{2, 5, 6}));
        // The maxima cover every element, also under a tolerance that lets them through.
        const BufferComparison loose =
            compareOne(session, floatsA(), floatsB(), {"abs=1"}).buffers().front();
        QCOMPARE(loose.maxAbsolute, 0.5);
        QCOMPARE(loose.differing, Count(1));
    }

    void coordinatesByShape() {
        const Session flat = sessionOf({buffer("m", "float", {4, 3})});
        std::vector<float> a(12, 1.0f), b(12, 1.0f);
        a[5] = 2;
        a[11] = 3;
        const BufferComparison m = compareOne(flat, NpyArray::of(NpyType::Float32, a, {3, 4}),
                                              NpyArray::of(NpyType::Float32, b, {3, 4}))
                                       .buffers()
                                       .front();
        QCOMPARE(m.differing, Count(2));
        QCOMPARE(m.firstDifferences[0].coordinates, (std::array<Count, 3>{1, 1, 0}));
        QCOMPARE(m.firstDifferences[1].coordinates, (std::array<Count, 3>{3, 2, 0}));

        const Session cube = sessionOf({buffer("v", "int", {2, 2, 2})});
        std::vector<int> x(8, 0), y(8, 0);
        x[7] = 1;
        x[2] = -1;
        const BufferComparison v = compareOne(cube, NpyArray::of(NpyType::Int32, x, {2, 2, 2}),
                                              NpyArray::of(NpyType::Int32, y, {2, 2, 2}))
                                       .buffers()
                                       .front();
        QCOMPARE(differingIndices(v), (Indices{2, 7}));
        QCOMPARE(v.firstDifferences[0].coordinates, (std::array<Count, 3>{0, 1, 0}));
        QCOMPARE(v.firstDifferences[1].coordinates, (std::array<Count, 3>{1, 1, 1}));
    }

    void halves() {
        const Session session = sessionOf({buffer("h", "half", {4})});
        const std::vector<std::uint16_t> a = {floatToHalf(1.0f), 0x3c01, 0x8000, 0x7e00};
        const std::vector<std::uint16_t> b = {floatToHalf(1.0f), 0x3c00, 0x0000, 0x3c00};
        const BufferComparison h = compareOne(session, NpyArray::of(NpyType::Float16, a),
                                              NpyArray::of(NpyType::Float16, b))
                                       .buffers()
                                       .front();
        QCOMPARE(differingIndices(h), (Indices{1, 3}));
        QCOMPARE(bucketCounts(h.ulpHistogram), (std::vector<Count>{2, 1, 0, 0, 0, 0, 0, 0, 0}));
        QCOMPARE(h.ulpHistogram.nanAgainstNumber(), Count(1));
        QCOMPARE(h.maxAbsolute, double(halfToFloat(0x3c01)) - 1.0);
        QCOMPARE(h.firstDifferences[0].a, std::string("1.001"));
        QCOMPARE(h.firstDifferences[0].b, std::string("1"));
        QCOMPARE(differingIndices(compareOne(session, NpyArray::of(NpyType::Float16, a),
                                             NpyArray::of(NpyType::Float16, b), {"1ulp"})
                                      .buffers()
                                      .front()),
                 (Indices{3}));
    }

    void vectors() {
        const Session session = sessionOf({buffer("p", "float4", {3})});
        std::vector<float> a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        std::vector<float> b = a;
        a[6] = std::nextafter(std::nextafter(7.0f, 8.0f), 8.0f); // element 1, z, 2 ulp
        a[8] = kNaN;                                             // element 2, x
        const BufferComparison p = compareOne(session, NpyArray::of(NpyType::Float32, a, {3, 4}),
                                              NpyArray::of(NpyType::Float32, b, {3, 4}))
                                       .buffers()
                                       .front();
        QCOMPARE(differingIndices(p), (Indices{1, 2}));
        QCOMPARE(bucketCounts(p.ulpHistogram), (std::vector<Count>{1, 0, 1, 0, 0, 0, 0, 0, 0}));
        QCOMPARE(p.ulpHistogram.nanAgainstNumber(), Count(1));
        QCOMPARE(p.firstDifferences[0].ulps, std::optional<Count>(2));
        QCOMPARE(p.firstDifferences[0].b, std::string("(5, 6, 7, 8)"));
        QCOMPARE(p.firstDifferences[1].a, std::string("(nan, 10, 11, 12)"));
        QCOMPARE(p.maxUlps, std::optional<Count>(2));

        // A float3 travels packed (12 bytes an element), though it takes 16 on the device.
        const Session three = sessionOf({buffer("q", "float3", {2})});
        std::vector<float> c = {1, 2, 3, 4, 5, 6}, d = c;
        d[4] = 50;
        const BufferComparison q = compareOne(three, NpyArray::of(NpyType::Float32, c, {2, 3}),
                                              NpyArray::of(NpyType::Float32, d, {2, 3}))
                                       .buffers()
                                       .front();
        QCOMPARE(q.compared, Count(2));
        QCOMPARE(differingIndices(q), (Indices{1}));
        QCOMPARE(q.firstDifferences[0].b, std::string("(4, 50, 6)"));
        QCOMPARE(q.maxAbsolute, 45.0);
    }

    void integers() {
        const Session session = sessionOf({buffer("n", "int", {5})});
        const std::vector<int> a = {0, 5, -3, 100, 7}, b = {0, 2, -3, 101, 7};
        const BufferComparison exact =
            compareOne(session, NpyArray::of(NpyType::Int32, a), NpyArray::of(NpyType::Int32, b))
                .buffers()
                .front();
        QCOMPARE(differingIndices(exact), (Indices{1, 3}));
        QVERIFY(!exact.floating);
        QVERIFY(exact.ulpHistogram.isEmpty());
        QCOMPARE(exact.maxUlps, std::nullopt);
        QCOMPARE(exact.maxAbsolute, 3.0);
        QCOMPARE(exact.maxAbsoluteElement, std::optional<Count>(1));
        QCOMPARE(exact.firstDifferences[0].ulps, std::nullopt);
        // N ulp on integers: at most N apart.
        QCOMPARE(differingIndices(compareOne(session, NpyArray::of(NpyType::Int32, a),
                                             NpyArray::of(NpyType::Int32, b), {"2ulp"})
                                      .buffers()
                                      .front()),
                 (Indices{1}));
        // A ulong past 2^53, where doubles no longer tell neighbours apart.
        const Session big = sessionOf({buffer("u", "ulong", {2})});
        const std::vector<std::uint64_t> x = {Count(1) << 60, 3}, y = {(Count(1) << 60) + 1, 3};
        QCOMPARE(differingIndices(compareOne(big, NpyArray::of(NpyType::UInt64, x),
                                             NpyArray::of(NpyType::UInt64, y))
                                      .buffers()
                                      .front()),
                 (Indices{0}));
    }

    void structs() {
        const Session session = sessionOf({buffer("s", "struct { float f; int i; }", {2})});
        struct Element {
            float f;
            int i;
        };
        std::vector<Element> a = {{std::nextafter(1.0f, 2.0f), 2}, {3, 4}};
        std::vector<Element> b = {{1, 2}, {3, 6}};
        const auto rows = [](const std::vector<Element>& elements) {
            NpyArray array;
            array.type = NpyType::UInt8;
            array.shape = {elements.size(), sizeof(Element)};
            array.data.resize(elements.size() * sizeof(Element));
            std::memcpy(array.data.data(), elements.data(), array.data.size());
            return array;
        };
        const BufferComparison s = compareOne(session, rows(a), rows(b)).buffers().front();
        QCOMPARE(differingIndices(s), (Indices{0, 1}));
        QVERIFY(s.floating);
        QCOMPARE(bucketCounts(s.ulpHistogram), (std::vector<Count>{1, 1, 0, 0, 0, 0, 0, 0, 0}));
        QCOMPARE(s.firstDifferences[1].a, std::string("{f=3, i=4}"));
        QCOMPARE(s.firstDifferences[1].b, std::string("{f=3, i=6}"));
        QCOMPARE(s.maxAbsolute, 2.0);
        QCOMPARE(
            differingIndices(compareOne(session, rows(a), rows(b), {"1ulp"}).buffers().front()),
            (Indices{1}));
    }

    void differencesOfTheBuffersThemselves() {
        Session a = sessionOf({buffer("c", "float", {8}), buffer("only_a", "int", {2}),
                               buffer("t", "float", {2}), buffer("shape", "float", {4}),
                               buffer("bytes", "float", {2})});
        Session b = sessionOf({buffer("c", "float", {8}), buffer("only_b", "int", {2}),
                               buffer("t", "int", {2}), buffer("shape", "float", {2, 2}),
                               buffer("bytes", "float", {2})});
        const NpyArray ints = NpyArray::of(NpyType::Int32, std::vector<int>{1, 2});
        const NpyArray floats2 = NpyArray::of(NpyType::Float32, std::vector<float>{1, 2});
        const NpyArray floats4 = NpyArray::of(NpyType::Float32, std::vector<float>{1, 2, 3, 4});
        const RunOutputs outputsA = {{"c", floatsB()},
                                     {"only_a", ints},
                                     {"t", floats2},
                                     {"shape", floats4},
                                     {"bytes", floats4}};
        const RunOutputs outputsB = {{"only_b", ints},
                                     {"c", floatsB()},
                                     {"t", ints},
                                     {"shape", floats4},
                                     {"bytes", floats2}};
        const OutputComparison comparison = OutputComparison::compare(a, outputsA, b, outputsB);
        QStringList order;
        for (const BufferComparison& buffer : comparison.buffers())
            order << QString::fromStdString(buffer.name);
        QCOMPARE(order.join(QLatin1Char(' ')), QStringLiteral("c only_a t shape bytes only_b"));
        QCOMPARE(comparison.differingBuffers(), size_t(5));
        QVERIFY(comparison.differs());
        QCOMPARE(comparison.find("c")->status, BufferComparison::Status::Within);
        const auto problem = [&](const char* name) {
            return QString::fromStdString(comparison.find(name)->problem);
        };
        QCOMPARE(comparison.find("only_a")->status, BufferComparison::Status::Missing);
        QCOMPARE(problem("only_a"), QStringLiteral("only A's run has output 'only_a'; B's session "
                                                   "has no such buffer or does not mark it as an "
                                                   "output"));
        QCOMPARE(comparison.find("only_b")->status, BufferComparison::Status::Missing);
        QVERIFY(problem("only_b").startsWith(QStringLiteral("only B's run has output 'only_b'")));
        QCOMPARE(comparison.find("t")->status, BufferComparison::Status::Mismatched);
        QCOMPARE(problem("t"), QStringLiteral("A's elements are float, B's int: compare buffers of "
                                              "one element type"));
        QCOMPARE(problem("shape"), QStringLiteral("A's shape is 4 (4 elements), B's 2 x 2 (4 "
                                                  "elements)"));
        QCOMPARE(problem("bytes"), QStringLiteral("A's run gave 16 bytes for 2 elements of float"));
        QCOMPARE(comparison.find("bytes")->compared, Count(0));
        QVERIFY(!comparison.find("bytes")->mismatches);

        const OutputComparison same =
            OutputComparison::compare(a, {{"c", floatsA()}}, a, {{"c", floatsA()}});
        QVERIFY(!same.differs());
        QCOMPARE(same.find("c")->differing, Count(0));
    }

    void jsonAndText() {
        const Session session = sessionOf({buffer("c", "float", {8}), buffer("n", "int", {5})});
        const RunOutputs a = {{"c", floatsA()},
                              {"n", NpyArray::of(NpyType::Int32, std::vector<int>{1, 2, 3, 4, 5})}};
        const RunOutputs b = {{"c", floatsB()},
                              {"n", NpyArray::of(NpyType::Int32, std::vector<int>{1, 2, 3, 4, 5})}};
        ToleranceRules rules;
        rules.add("n=2ulp");
        const OutputComparison comparison =
            OutputComparison::compare(session, a, session, b, rules);
        const ComparedRun runA{"s.clwb", "cpu", "PoCL", ""};
        const ComparedRun runB{"s.clwb", "Oclgrind Simulator", "Oclgrind", ""};
        const nlohmann::json json = ComparisonReport::toJson(&comparison, runA, runB);
        QCOMPARE(json["format"], "clworkbench-diff");
        QCOMPARE(json["version"], 1);
        QCOMPARE(json["differs"], true);
        QCOMPARE(json["bufferCount"], 2);
        QCOMPARE(json["differingBuffers"], 1);
        QCOMPARE(json["runs"]["b"]["role"], "reference");
        QCOMPARE(json["runs"]["a"]["device"], "cpu");
        const nlohmann::json& c = json["buffers"][0];
        QCOMPARE(c["status"], "differs");
        QCOMPARE(c["tolerance"], "exact");
        QCOMPARE(c["compared"], 8);
        QCOMPARE(c["differing"], 3);
        QCOMPARE(c["maxAbsErrorElement"], 6);
        QCOMPARE(c["ulpHistogram"]["buckets"][1]["count"], 1);
        QCOMPARE(c["ulpHistogram"]["buckets"][8]["label"], ">65536");
        QVERIFY(c["ulpHistogram"]["buckets"][8]["high"].is_null());
        QCOMPARE(c["ulpHistogram"]["nanAgainstNumber"], 1);
        QCOMPARE(c["firstDifferences"][2]["index"], 6);
        QCOMPARE(c["firstDifferences"][2]["coordinates"], nlohmann::json({6, 0, 0}));
        QCOMPARE(c["firstDifferences"][1]["ulps"], nullptr);
        QCOMPARE(c["mismatchRanges"], nlohmann::json({{2, 3}, {5, 7}}));
        QCOMPARE(c["mismatchRangesTruncated"], false);
        const nlohmann::json& n = json["buffers"][1];
        QCOMPARE(n["status"], "within");
        QCOMPARE(n["tolerance"], "2ulp");
        QVERIFY(n["ulpHistogram"].is_null());
        QVERIFY(n["maxUlps"].is_null());

        const QString text =
            QString::fromStdString(ComparisonReport::toText(&comparison, runA, runB));
        QVERIFY2(text.contains(QStringLiteral("A = s.clwb on cpu (PoCL)\n")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("B = s.clwb on Oclgrind Simulator (Oclgrind), the "
                                              "reference\n")),
                 qPrintable(text));
        QVERIFY2(
            text.contains(QStringLiteral("c (float): differs: 3 of 8 elements beyond exact\n")),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("  ulp:  0: 5  1: 1  >65536: 1  NaN against a "
                                              "number: 1\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("  [6] (6)  A 5  B 5.5  abs 0.5, 1048576 ulp\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("n (int): within 2ulp (5 elements)\n")),
                 qPrintable(text));
        QVERIFY2(text.endsWith(QStringLiteral("diff: 1 of 2 buffers differs\n")), qPrintable(text));

        // A run that failed: nothing compared, said as such.
        const ComparedRun failed{"s.clwb", "cpu", "PoCL", "the build failed"};
        const nlohmann::json none = ComparisonReport::toJson(nullptr, failed, runB);
        QCOMPARE(none["compared"], false);
        QCOMPARE(none["differs"], true);
        QCOMPARE(none["runs"]["a"]["ok"], false);
        QCOMPARE(none["runs"]["a"]["failure"], "the build failed");
        QVERIFY(QString::fromStdString(ComparisonReport::toText(nullptr, failed, runB))
                    .contains(QStringLiteral("A failed: the build failed\n")));
    }
};

QTEST_APPLESS_MAIN(TestOutputComparison)
#include "tst_outputcomparison.moc"
