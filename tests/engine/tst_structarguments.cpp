// Structs and unions passed by value (issue 23): the engine lays them out from the source as the
// device's compiler does (checked against sizeof and offsetof on the device), a session gives
// their values field by field, and every way such a value can be wrong says which field and why.
#include "TestDevice.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/launch/SourceSignatures.h"
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionFile.h"
#include "clw/engine/session/SessionRunner.h"
#include "clw/engine/session/StructValue.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <optional>

using namespace clw::engine;

namespace {

const char* const kTypes = R"CLC(
typedef struct { float x; int4 v; float3 p; } Plain;
struct Inner { short s; float b[2]; };
typedef struct { char c; struct Inner in[2]; uint tail; } Nested;
typedef struct __attribute__((packed)) { char c; int i; long d; } Packed;
typedef union { float f; uint u; uchar4 bytes; } Bits;
typedef struct __attribute__((aligned(32))) { int a; } Wide;
typedef struct { struct { float lo, hi; } range; union { int i; float f; }; } Anonymous;
)CLC";

const char* const kKernels = R"CLC(
#define OFF(T, m) (uint)__builtin_offsetof(T, m)
__kernel void layout(__global uint* out) {
    const uint v[] = {
        sizeof(Plain), OFF(Plain, x), OFF(Plain, v), OFF(Plain, p),
        sizeof(Nested), OFF(Nested, c), OFF(Nested, in[0].s), OFF(Nested, in[0].b),
            OFF(Nested, in[1].s), OFF(Nested, in[1].b), OFF(Nested, tail),
        sizeof(Packed), OFF(Packed, c), OFF(Packed, i), OFF(Packed, d),
        sizeof(Bits), OFF(Bits, f), OFF(Bits, u), OFF(Bits, bytes),
        sizeof(Wide), OFF(Wide, a),
        sizeof(Anonymous), OFF(Anonymous, range.lo), OFF(Anonymous, range.hi),
            OFF(Anonymous, i), OFF(Anonymous, f)};
    for (int k = 0; k < 26; ++k)
        out[k] = v[k];
}
__kernel void take(__global float* out, Plain a, Nested b, Packed c, Bits d, Anonymous f) {
    const float v[] = {a.x, a.v.x, a.v.w, a.p.z, b.c, b.in[1].s, b.in[1].b[1], b.tail,
                       b.in[0].s, c.c, c.i, (float)c.d, d.f, f.range.hi, f.f};
    for (int k = 0; k < 15; ++k)
        out[k] = v[k];
}
__kernel void wide(__global float* out, Wide e, float after) {
    out[0] = e.a;
    out[1] = after;
}
)CLC";

const char* const kPlainValue = R"({ "x": 1.5, "v": [1, 2, 3, 4], "p": "5, 6, 7" })";

// The session of the tests, as JSON: `take` with the values given field by field.
std::string sessionText(const std::string& plainValue = kPlainValue,
                        const std::string& bitsValue = R"({ "u": 1065353216 })") {
    const std::string source = std::string(kTypes) + kKernels;
    std::string escaped;
    for (char c : source)
        escaped += c == '\n'  ? std::string("\\n")
                   : c == '"' ? std::string("\\\"")
                              : std::string(1, c);
    return R"({ "format": "clworkbench-session", "version": 1,
  "sources": { "main": "s.cl", "files": [ { "name": "s.cl", "text": ")" +
           escaped + R"(" } ] },
  "buffers": [ { "name": "out", "type": "float", "shape": [15], "init": { "fill": "zeros" } },
               { "name": "wideOut", "type": "float", "shape": [2], "init": { "fill": "zeros" } },
               { "name": "sizes", "type": "uint", "shape": [26], "init": { "fill": "zeros" } } ],
  "launches": [
    { "kernel": "layout", "arguments": [ { "buffer": "sizes" } ], "global": [1] },
    { "kernel": "take", "global": [1], "arguments": [ { "buffer": "out" },
      { "value": )" +
           plainValue + R"( },
      { "value": { "c": 9, "in": [ {}, { "s": -3, "b": [0, 2.5] } ], "tail": 77 } },
      { "value": { "c": 1, "i": 100000, "d": 123456 } },
      { "value": )" +
           bitsValue + R"( },
      { "value": { "range": { "hi": 0.75 }, "f": 2 } } ] },
    { "kernel": "wide", "global": [1], "arguments": [ { "buffer": "wideOut" },
      { "value": { "a": 42 } }, { "value": 0.5 } ] } ] })";
}

const KernelSignature& kernelNamed(const std::vector<KernelSignature>& all, const char* name) {
    for (const KernelSignature& signature : all)
        if (signature.name == name)
            return signature;
    throw std::runtime_error(std::string("no kernel ") + name);
}

// "path@offset" for every field, in order: "x@0 v@16 p@32".
QString layoutOf(const ArgType& type) {
    QStringList out;
    for (const StructField& field : type.fields)
        out << QStringLiteral("%1@%2").arg(QString::fromStdString(field.path)).arg(field.offset);
    return out.join(QLatin1Char(' '));
}

} // namespace

class TestStructArguments : public QObject {
    Q_OBJECT

    QTemporaryDir m_cacheDir;
    std::optional<BuildService> m_builds;

    // The error the session fails with, or "" when it runs.
    std::string failureOf(const std::string& text, const Device& device) {
        try {
            const Session session = SessionFile::parse(text).session;
            SessionRunner(session, std::filesystem::current_path(), &*m_builds).run(device);
        } catch (const SessionError& error) {
            return error.what();
        }
        return {};
    }

private slots:
    void initTestCase() {
        BuildService::Settings settings;
        settings.cacheFolder = m_cacheDir.filePath(QStringLiteral("cache")).toStdString();
        m_builds.emplace(settings);
    }
    void cleanupTestCase() { m_builds.reset(); }

    void theSourceGivesEveryFieldItsOffset() {
        const auto all = signaturesFromSource(SourceSet::single(std::string(kTypes) + kKernels));
        const KernelSignature& take = kernelNamed(all, "take");
        QCOMPARE(take.args[1].type.size, size_t(48));
        QCOMPARE(layoutOf(take.args[1].type), QStringLiteral("x@0 v@16 p@32"));
        QCOMPARE(take.args[2].type.size, size_t(32));
        QCOMPARE(layoutOf(take.args[2].type),
                 QStringLiteral("c@0 in[0].s@4 in[0].b@8 in[1].s@16 in[1].b@20 tail@28"));
        QCOMPARE(take.args[2].type.fields[2].count, size_t(2));
        QCOMPARE(take.args[3].type.size, size_t(13));
        QCOMPARE(layoutOf(take.args[3].type), QStringLiteral("c@0 i@1 d@5"));
        QCOMPARE(take.args[4].type.size, size_t(4));
        QCOMPARE(layoutOf(take.args[4].type), QStringLiteral("f@0 u@0 bytes@0"));
        QCOMPARE(kernelNamed(all, "wide").args[1].type.size, size_t(32));
        QCOMPARE(take.args[5].type.size, size_t(12));
        QCOMPARE(layoutOf(take.args[5].type), QStringLiteral("range.lo@0 range.hi@4 i@8 f@8"));
    }

    void theLayoutIsTheDeviceCompilers() {
        CLW_REQUIRE_DEVICE(device);
        const Session session = SessionFile::parse(sessionText()).session;
        const SessionRun run =
            SessionRunner(session, std::filesystem::current_path(), &*m_builds).run(device);
        std::vector<std::uint32_t> device_;
        for (const auto& [name, array] : run.outputs)
            if (name == "sizes")
                device_ = array.values<std::uint32_t>();
        QCOMPARE(device_.size(), size_t(26));
        // The engine's sizes and offsets, in the order the kernel `layout` writes them.
        const auto all = signaturesFromSource(session.sources);
        const KernelSignature& take = kernelNamed(all, "take");
        std::vector<std::uint32_t> engine;
        const KernelSignature& wide = kernelNamed(all, "wide");
        for (const ArgType* type_ : {&take.args[1].type, &take.args[2].type, &take.args[3].type,
                                     &take.args[4].type, &wide.args[1].type, &take.args[5].type}) {
            const ArgType& type = *type_;
            engine.push_back(std::uint32_t(type.size));
            for (const StructField& field : type.fields)
                engine.push_back(std::uint32_t(field.offset));
        }
        QCOMPARE(engine, device_);
    }

    void aSessionGivesTheValuesFieldByField() {
        CLW_REQUIRE_DEVICE(device);
        const Session session = SessionFile::parse(sessionText()).session;
        const SessionRun run =
            SessionRunner(session, std::filesystem::current_path(), &*m_builds).run(device);
        std::vector<float> out, wide;
        for (const auto& [name, array] : run.outputs) {
            if (name == "out")
                out = array.values<float>();
            else if (name == "wideOut")
                wide = array.values<float>();
        }
        const std::vector<float> expected = {1.5f, 1, 4,      7,      9,    -3,    2.5f, 77,
                                             0,    1, 100000, 123456, 1.0f, 0.75f, 2};
        QCOMPARE(out, expected);
        QCOMPARE(wide, (std::vector<float>{42, 0.5f}));
    }

    void aStructValueSurvivesSavingAndOpening() {
        const Session session = SessionFile::parse(sessionText()).session;
        const SessionArgument& nested = session.launches[1].arguments[2];
        QCOMPARE(nested.kind, SessionArgument::Kind::Struct);
        QCOMPARE(nested.fields.size(), size_t(4));
        QCOMPARE(nested.fields[1].path, std::string("in[1].b"));
        QCOMPARE(nested.fields[1].value, std::string("0, 2.5"));
        const std::string saved = SessionFile::serialize(session);
        QVERIFY2(saved.find(R"("in": [)") != std::string::npos, saved.c_str());
        QCOMPARE(SessionFile::parse(saved).session, session);
    }

    void aWrongFieldSaysWhichAndWhatThereIs() {
        CLW_REQUIRE_DEVICE(device);
        const std::string unknown = failureOf(sessionText(R"({ "x": 1, "q": 2 })"), device);
        QVERIFY2(unknown.find("argument 1 'Plain a': 'Plain' has no field 'q'; its fields are "
                              "x (float), v (int4), p (float3)") != std::string::npos,
                 unknown.c_str());
        const std::string count = failureOf(sessionText(R"({ "v": [1, 2] })"), device);
        QVERIFY2(count.find("field 'v' (int4): '1, 2' has 2 values; give 4") != std::string::npos,
                 count.c_str());
        const std::string text = failureOf(sessionText(R"({ "x": "fast" })"), device);
        QVERIFY2(text.find("field 'x': ") != std::string::npos, text.c_str());
        const std::string both =
            failureOf(sessionText(kPlainValue, R"({ "f": 1, "u": 2 })"), device);
        QVERIFY2(both.find("'f' and 'u' share bytes (members of one union): give one of them") !=
                     std::string::npos,
                 both.c_str());
        const std::string scalar = failureOf(sessionText("3"), device);
        QVERIFY2(scalar.find("the kernel takes a struct or union by value, field by field") !=
                     std::string::npos,
                 scalar.c_str());
    }

    void aStructTheEngineCannotLayOutSaysWhy() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(R"CLC(
typedef struct { char c; int b __attribute__((aligned(16))); } Spread;
__kernel void k(__global int* out, Spread b) { out[0] = b.b; }
)CLC");
        SessionBuffer out;
        out.name = "out";
        out.elementType = "int";
        session.buffers = {out};
        SessionLaunch launch;
        launch.kernel = "k";
        SessionArgument buffer;
        buffer.kind = SessionArgument::Kind::Buffer;
        buffer.buffer = "out";
        SessionArgument value;
        value.kind = SessionArgument::Kind::Struct;
        value.fields = {{"b", "1"}};
        launch.arguments = {buffer, value};
        session.launches = {launch};
        std::string message;
        try {
            SessionRunner(session, std::filesystem::current_path(), &*m_builds).run(device);
        } catch (const SessionError& error) {
            message = error.what();
        }
        QVERIFY2(message.find("the engine could not lay out") != std::string::npos &&
                     message.find("an attribute on a member") != std::string::npos,
                 message.c_str());
    }

    void packingWritesEachComponentAtItsOffset() {
        const auto all = signaturesFromSource(SourceSet::single(std::string(kTypes) + kKernels));
        const ArgType& plain = kernelNamed(all, "take").args[1].type;
        std::vector<unsigned char> bytes;
        QCOMPARE(packStructValue(plain, {{"p", "5, 6, 7"}, {"x", "-1"}}, bytes), std::string());
        QCOMPARE(bytes.size(), size_t(48));
        float values[4];
        std::memcpy(values, bytes.data() + 32, sizeof values);
        QCOMPARE(values[0], 5.0f);
        QCOMPARE(values[2], 7.0f);
        QCOMPARE(values[3], 0.0f); // the padding of a 3-vector
        std::memcpy(values, bytes.data(), 4);
        QCOMPARE(values[0], -1.0f);
        for (size_t i = 4; i < 32; ++i)
            QCOMPARE(int(bytes[i]), 0); // v not given: zero
    }
};

QTEST_GUILESS_MAIN(TestStructArguments)
#include "tst_structarguments.moc"
