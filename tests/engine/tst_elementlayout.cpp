// Element formats of the buffer inspector: scalar decoding, printing and parsing against known
// bytes, half floats, vector and struct layouts with OpenCL C's alignment (checked against the
// device compiler's sizeof / offsetof), shapes with pitches, and the saved format text.
#include "TestDevice.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementFormat.h"
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/inspect/HalfFloat.h"
#include "clw/engine/inspect/LayoutError.h"
#include "clw/engine/inspect/ScalarValue.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Program.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <cstring>
#include <thread>

using namespace clw::engine;

namespace {

std::vector<unsigned char> bytesOf(std::initializer_list<int> values) {
    std::vector<unsigned char> out;
    for (int v : values)
        out.push_back(static_cast<unsigned char>(v));
    return out;
}

std::string columnsOf(const ElementLayout& layout) {
    std::string text;
    for (const ElementColumn& column : layout.columns())
        text += column.name + ":" + scalarTypeName(column.scalar) + "@" +
                std::to_string(column.offset) + " ";
    return text;
}

QString layoutError(const char* text) {
    try {
        ElementLayout::parse(text);
    } catch (const LayoutError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

// Declarations whose layout the device compiler reports through sizeof and offsetof.
struct CompilerCase {
    const char* declaration; // defines `struct T`
    const char* lastMember;  // a member whose offset is checked
};
const CompilerCase kCompilerCases[] = {
    {"struct T { float3 pos; uint id; };", "id"},
    {"struct T { char c; double d; };", "d"},
    {"struct T { char a; short b; char c; };", "c"},
    {"struct T { uchar u; float16 v; };", "v"},
    {"struct T { half h; int2 i; char3 c; };", "c"},
    {"struct In { char c; float4 f; }; struct T { char a; struct In in[2]; short s; };", "s"},
    {"struct T { char c; int i; } __attribute__((packed));", "i"},
    {"struct T { char c; int i __attribute__((aligned(16))); };", "i"},
    {"struct T { float f; } __attribute__((aligned(32)));", "f"},
    {"struct T { long l; union { char c[3]; short s; } u; char tail; };", "tail"},
};

} // namespace

class TestElementLayout : public QObject {
    Q_OBJECT
private slots:
    void halfConversionsMatchKnownBits() {
        QCOMPARE(halfToFloat(0x3c00), 1.0f);
        QCOMPARE(halfToFloat(0xc000), -2.0f);
        QCOMPARE(halfToFloat(0x7bff), 65504.0f);
        QCOMPARE(halfToFloat(0x0001), std::ldexp(1.0f, -24)); // smallest denormal
        QCOMPARE(halfToFloat(0x0400), std::ldexp(1.0f, -14)); // smallest normal
        QVERIFY(std::isinf(halfToFloat(0x7c00)) && halfToFloat(0xfc00) < 0);
        QVERIFY(std::isnan(halfToFloat(0x7e00)));
        QVERIFY(std::signbit(halfToFloat(0x8000)));
        QCOMPARE(floatToHalf(1.0f), std::uint16_t(0x3c00));
        QCOMPARE(floatToHalf(65520.0f), std::uint16_t(0x7c00)); // rounds past the max: inf
        QCOMPARE(floatToHalf(65519.0f), std::uint16_t(0x7bff));
        QCOMPARE(floatToHalf(1.0f + std::ldexp(1.0f, -11)), std::uint16_t(0x3c00)); // tie: even
        QCOMPARE(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), std::uint16_t(0x3c02));
        QCOMPARE(floatToHalf(std::ldexp(1.0f, -25)), std::uint16_t(0x0000)); // tie to even zero
        QCOMPARE(floatToHalf(std::ldexp(1.5f, -25)), std::uint16_t(0x0001));
        QCOMPARE(floatToHalf(-0.0f), std::uint16_t(0x8000));
        QCOMPARE(floatToHalf(std::nanf("")) & 0x7c00, 0x7c00);
        QVERIFY((floatToHalf(std::nanf("")) & 0x3ff) != 0);
        // Every half converts to float and back unchanged.
        for (unsigned bits = 0; bits < 0x10000; ++bits) {
            if ((bits & 0x7c00) == 0x7c00 && (bits & 0x3ff))
                continue; // NaN payloads: checked to stay NaN above
            QCOMPARE(floatToHalf(halfToFloat(std::uint16_t(bits))), std::uint16_t(bits));
        }
    }

    void scalarsDecodeKnownBytes() {
        const auto u32 = bytesOf({0x78, 0x56, 0x34, 0x12});
        QCOMPARE(formatScalar(ScalarType::UInt, u32.data()), std::string("305419896"));
        QCOMPARE(formatScalar(ScalarType::UInt, u32.data(), true), std::string("0x12345678"));
        QCOMPARE(formatScalar(ScalarType::Int, bytesOf({0xff, 0xff, 0xff, 0xff}).data()),
                 std::string("-1"));
        QCOMPARE(formatScalar(ScalarType::Char, bytesOf({0x80}).data()), std::string("-128"));
        QCOMPARE(formatScalar(ScalarType::UChar, bytesOf({0x80}).data()), std::string("128"));
        QCOMPARE(formatScalar(ScalarType::Short, bytesOf({0x00, 0x80}).data()),
                 std::string("-32768"));
        QCOMPARE(formatScalar(ScalarType::UShort, bytesOf({0x00, 0x80}).data()),
                 std::string("32768"));
        const auto l = bytesOf({0, 0, 0, 0, 0, 0, 0, 0x80});
        QCOMPARE(formatScalar(ScalarType::Long, l.data()), std::string("-9223372036854775808"));
        QCOMPARE(formatScalar(ScalarType::ULong, l.data()), std::string("9223372036854775808"));
        QCOMPARE(formatScalar(ScalarType::Bool, bytesOf({1}).data()), std::string("true"));
        // 0.1f is 0x3dcccccd; printed shortest.
        QCOMPARE(formatScalar(ScalarType::Float, bytesOf({0xcd, 0xcc, 0xcc, 0x3d}).data()),
                 std::string("0.1"));
        QCOMPARE(formatScalar(ScalarType::Double,
                              bytesOf({0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0x3f}).data()),
                 std::string("0.1"));
        QCOMPARE(formatScalar(ScalarType::Half, bytesOf({0x66, 0x2e}).data()),
                 std::string("0.1")); // 0x2e66 is the half nearest 0.1
        QCOMPARE(formatScalar(ScalarType::Float, bytesOf({0x00, 0x1b, 0x37, 0x4a}).data()),
                 std::string("3000000")); // plain, not 3e+06
        const float tiny = 1e-8f;
        QCOMPARE(formatScalar(ScalarType::Float, reinterpret_cast<const unsigned char*>(&tiny)),
                 std::string("1e-08"));
        QCOMPARE(formatScalar(ScalarType::Float, bytesOf({0, 0, 0xc0, 0x7f}).data()),
                 std::string("nan"));
        QCOMPARE(formatScalar(ScalarType::Float, bytesOf({0, 0, 0x80, 0xff}).data()),
                 std::string("-inf"));
        QCOMPARE(readScalar(ScalarType::Half, bytesOf({0x00, 0x3c}).data()), 1.0);

        QCOMPARE(classifyScalar(ScalarType::Float, bytesOf({1, 0, 0, 0}).data()),
                 ValueClass::Denormal);
        QCOMPARE(classifyScalar(ScalarType::Half, bytesOf({1, 0}).data()), ValueClass::Denormal);
        QCOMPARE(classifyScalar(ScalarType::Float, bytesOf({0, 0, 0, 0x80}).data()),
                 ValueClass::Zero);
        QCOMPARE(classifyScalar(ScalarType::Double, bytesOf({0, 0, 0, 0, 0, 0, 0xf0, 0x7f}).data()),
                 ValueClass::Infinity);
        QCOMPARE(classifyScalar(ScalarType::Half, bytesOf({0x01, 0x7c}).data()), ValueClass::NaN);
        QCOMPARE(classifyScalar(ScalarType::Int, bytesOf({0, 0, 0, 0}).data()), ValueClass::Zero);
    }

    void scalarsParseAndRejectText() {
        unsigned char out[8] = {};
        QCOMPARE(parseScalar(ScalarType::UChar, "255", out), std::string());
        QCOMPARE(out[0], 255);
        QCOMPARE(parseScalar(ScalarType::UChar, "256", out),
                 std::string("'256' is out of range for uchar (0 to 255)"));
        QCOMPARE(out[0], 255); // untouched on error
        QVERIFY(!parseScalar(ScalarType::UInt, "-1", out).empty());
        QCOMPARE(parseScalar(ScalarType::Int, "0xffffffff", out), std::string());
        QCOMPARE(readScalar(ScalarType::Int, out), -1.0);
        QCOMPARE(parseScalar(ScalarType::Char, "-128", out), std::string());
        QCOMPARE(readScalar(ScalarType::Char, out), -128.0);
        QVERIFY(!parseScalar(ScalarType::Char, "-129", out).empty());
        QCOMPARE(parseScalar(ScalarType::Long, "-9223372036854775808", out), std::string());
        QCOMPARE(formatScalar(ScalarType::Long, out), std::string("-9223372036854775808"));
        QCOMPARE(parseScalar(ScalarType::ULong, "18446744073709551615", out), std::string());
        QCOMPARE(formatScalar(ScalarType::ULong, out), std::string("18446744073709551615"));
        QVERIFY(!parseScalar(ScalarType::Int, "12abc", out).empty());
        QVERIFY(!parseScalar(ScalarType::Int, " ", out).empty());
        QCOMPARE(parseScalar(ScalarType::Float, " 1e-3 ", out), std::string());
        QCOMPARE(readScalar(ScalarType::Float, out), double(1e-3f));
        QCOMPARE(parseScalar(ScalarType::Float, "-inf", out), std::string());
        QVERIFY(std::isinf(readScalar(ScalarType::Float, out)));
        QCOMPARE(parseScalar(ScalarType::Float, "nan", out), std::string());
        QVERIFY(std::isnan(readScalar(ScalarType::Float, out)));
        QCOMPARE(parseScalar(ScalarType::Float, "1e39", out),
                 std::string("'1e39' is out of range for float"));
        QVERIFY(!parseScalar(ScalarType::Half, "70000", out).empty());
        QCOMPARE(parseScalar(ScalarType::Half, "0.1", out), std::string());
        QCOMPARE(formatScalar(ScalarType::Half, out), std::string("0.1"));
        QCOMPARE(parseScalar(ScalarType::Double, "1e300", out), std::string());
        QCOMPARE(parseScalar(ScalarType::Bool, "true", out), std::string());
        QVERIFY(!parseScalar(ScalarType::Bool, "yes", out).empty());
        // Every printed float reads back to the same bits.
        for (float value : {0.1f, 1.0f / 3, 3.4028235e38f, 1.4e-45f, -123.456f}) {
            unsigned char bytes[4];
            std::memcpy(bytes, &value, 4);
            const std::string text = formatScalar(ScalarType::Float, bytes);
            QCOMPARE(parseScalar(ScalarType::Float, text, out), std::string());
            QCOMPARE(std::memcmp(out, bytes, 4), 0);
        }
        writeScalar(ScalarType::UChar, 300.7, out);
        QCOMPARE(out[0], 255);
        writeScalar(ScalarType::Char, -3.9, out);
        QCOMPARE(readScalar(ScalarType::Char, out), -3.0);
    }

    void vectorsAreColumnsWithOpenClSizes() {
        const ElementLayout f4 = ElementLayout::parse("float4");
        QCOMPARE(columnsOf(f4), std::string("x:float@0 y:float@4 z:float@8 w:float@12 "));
        QCOMPARE(f4.size(), size_t(16));
        const ElementLayout f3 = ElementLayout::parse("float3");
        QCOMPARE(f3.size(), size_t(16)); // a 3-vector is a 4-vector's size
        QCOMPARE(f3.columnCount(), 3);
        QVERIFY(!f3.isPacked());
        const ElementLayout u16 = ElementLayout::parse("uchar16");
        QCOMPARE(u16.columns()[10].name, std::string("sa"));
        QCOMPARE(ElementLayout::parse("half").columns()[0].name, std::string("value"));
        QCOMPARE(ElementLayout::parse("unsigned short").columns()[0].scalar, ScalarType::UShort);
        QCOMPARE(ElementLayout::parse("cl_double2").size(), size_t(16));
        QCOMPARE(ElementLayout::parse("long").commonScalar(), std::optional(ScalarType::Long));
        const ElementLayout hex = ElementLayout::parse("hex 8");
        QVERIFY(hex.isHex());
        QCOMPARE(hex.size(), size_t(8));
        QCOMPARE(hex.columns()[7].name, std::string("+07"));
    }

    void structsFollowOpenClAlignment() {
        const ElementLayout p = ElementLayout::parse("struct { float3 pos; uint id; }");
        QCOMPARE(columnsOf(p),
                 std::string("pos.x:float@0 pos.y:float@4 pos.z:float@8 id:uint@16 "));
        QCOMPARE(p.size(), size_t(32));
        QCOMPARE(p.alignment(), size_t(16));
        QCOMPARE(ElementLayout::parse("struct { char c; double d; }").size(), size_t(16));
        QCOMPARE(ElementLayout::parse("struct { char a; short b; char c; }").size(), size_t(6));
        QCOMPARE(ElementLayout::parse("struct { char c; int i; } __attribute__((packed))").size(),
                 size_t(5));
        const ElementLayout nested =
            ElementLayout::parse("typedef struct { float2 uv; } Tex; // a comment\n"
                                 "struct Vertex { Tex t[2]; unsigned char flags; };");
        QCOMPARE(columnsOf(nested), std::string("t[0].uv.x:float@0 t[0].uv.y:float@4 "
                                                "t[1].uv.x:float@8 t[1].uv.y:float@12 "
                                                "flags:uchar@16 "));
        QCOMPARE(nested.size(), size_t(24));
        QCOMPARE(nested.name(), std::string("struct Vertex"));
        const ElementLayout u = ElementLayout::parse("union { float f; uint bits; }");
        QCOMPARE(columnsOf(u), std::string("f:float@0 bits:uint@0 "));
        QCOMPARE(ElementLayout::parse("struct __attribute__((aligned(32))) A { float f; }").size(),
                 size_t(32));
        QCOMPARE(ElementLayout::parse("struct { int m[2][3]; }").columns()[4].name,
                 std::string("m[1][1]"));

        // A struct's known bytes decode column by column.
        unsigned char element[32] = {};
        const float pos[3] = {1.5f, -2.0f, 0.25f};
        const std::uint32_t id = 42;
        std::memcpy(element, pos, sizeof pos);
        std::memcpy(element + 16, &id, 4);
        QStringList values;
        for (const ElementColumn& column : p.columns())
            values << QString::fromStdString(formatScalar(column.scalar, element + column.offset));
        QCOMPARE(values.join(QLatin1Char(' ')), QStringLiteral("1.5 -2 0.25 42"));
    }

    void badDeclarationsSayWhere() {
        QCOMPARE(layoutError("flaot4"),
                 QStringLiteral("column 1: unknown type 'flaot4' (found 'flaot4')"));
        QVERIFY(layoutError("struct { float x }").contains(QStringLiteral("expected ';'")));
        QVERIFY(layoutError("struct { int a : 3; }").contains(QStringLiteral("bit-fields")));
        QVERIFY(layoutError("struct { size_t n; }").contains(QStringLiteral("no fixed size")));
        QVERIFY(layoutError("struct { float* p; }").contains(QStringLiteral("pointers")));
        QVERIFY(layoutError("struct Missing").contains(QStringLiteral("not defined")));
        QVERIFY(layoutError("struct { }").contains(QStringLiteral("empty")));
        QVERIFY(layoutError("float5").contains(QStringLiteral("unknown type")));
        QVERIFY(layoutError("").contains(QStringLiteral("no type")));
        QVERIFY(layoutError("int a[0];").contains(QStringLiteral("positive")));
        QVERIFY(layoutError("struct { float f; } __attribute__((aligned(3)))")
                    .contains(QStringLiteral("power of two")));
        QVERIFY(layoutError("float @").startsWith(QStringLiteral("column 7:")));
        // An element of millions of columns would take the workbench's memory (found by
        // tests/fuzz): refused, whether one array, nested arrays or many members make them.
        const QString tooMany = QStringLiteral("more than 65536 columns");
        QVERIFY(layoutError("struct { float n[13007257]; }").contains(tooMany));
        QVERIFY(layoutError("struct { float4 m[4096][5]; }").contains(tooMany));
        QVERIFY(layoutError("typedef float A[40000]; struct { A a, b; }").contains(tooMany));
        QCOMPARE(ElementLayout::parse("struct { float4 m[4096][4]; }").columnCount(), 65536);
    }

    // parse() keeps the layouts it read (every run reads each buffer's type twice): the same text
    // gives its own layout from any thread, past the number of types kept and for structs too
    // wide to keep, and a text that fails fails again with the same words.
    void parsedTypesAreRightFromAnyThread() {
        const auto typeOf = [](int n) {
            return "struct { char c; uint a[" + std::to_string(n) + "]; }";
        };
        std::atomic<int> wrong{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int i = 0; i < 450; ++i) {
                    const int n = (i * 7 + t * 13) % 150 + 1;
                    const ElementLayout layout = ElementLayout::parse(typeOf(n));
                    if (layout.size() != 4 + 4 * size_t(n) || layout.columnCount() != n + 1 ||
                        layout.columns().back().offset != 4 * size_t(n))
                        ++wrong;
                }
            });
        for (std::thread& thread : threads)
            thread.join();
        QCOMPARE(wrong.load(), 0);
        for (int i = 0; i < 2; ++i)
            QCOMPARE(layoutError("flaot4"),
                     QStringLiteral("column 1: unknown type 'flaot4' (found 'flaot4')"));
    }

    void layoutsMatchTheDeviceCompiler() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const int cases = int(std::size(kCompilerCases));
        std::string source;
        for (int i = 0; i < cases; ++i) {
            std::string declaration = kCompilerCases[i].declaration;
            // Each case in a namespace of its own: rename the tags.
            for (const char* tag : {"struct T", "struct In"}) {
                const std::string renamed = std::string(tag) + std::to_string(i);
                for (size_t at = declaration.find(tag); at != std::string::npos;
                     at = declaration.find(tag, at + renamed.size()))
                    declaration.replace(at, std::strlen(tag), renamed);
            }
            source += declaration + "\n";
        }
        source += "__kernel void layouts(__global ulong* out) {\n";
        for (int i = 0; i < cases; ++i) {
            const std::string t = "struct T" + std::to_string(i);
            source += "  out[" + std::to_string(3 * i) + "] = sizeof(" + t + ");\n";
            source += "  out[" + std::to_string(3 * i + 1) + "] = __alignof__(" + t + ");\n";
            source += "  out[" + std::to_string(3 * i + 2) + "] = __builtin_offsetof(" + t + ", " +
                      kCompilerCases[i].lastMember + ");\n";
        }
        source += "}\n";
        const Program program = Program::fromSource(context, source);
        const BuildResult build = program.build();
        QVERIFY2(build.ok(), build.message().c_str());
        const Kernel kernel(program, "layouts");
        const Buffer out(context, CL_MEM_WRITE_ONLY, sizeof(cl_ulong) * 3 * cases);
        kernel.setArg(0, out);
        queue.ndRange(kernel, NDRange(1));
        std::vector<cl_ulong> facts(3 * cases);
        queue.read(out, 0, facts.size() * sizeof(cl_ulong), facts.data());
        for (int i = 0; i < cases; ++i) {
            const ElementLayout layout = ElementLayout::parse(kCompilerCases[i].declaration);
            const std::string member = kCompilerCases[i].lastMember;
            size_t offset = SIZE_MAX;
            for (const ElementColumn& column : layout.columns())
                if (column.name == member || column.name.starts_with(member + ".") ||
                    column.name.starts_with(member + "["))
                    offset = std::min(offset, column.offset);
            const QByteArray what = kCompilerCases[i].declaration;
            QVERIFY2(layout.size() == facts[3 * i], what);
            QVERIFY2(layout.alignment() == facts[3 * i + 1], what);
            QVERIFY2(offset == facts[3 * i + 2], what);
        }
    }

    void shapesWithPitches() {
        BufferShape shape;
        shape.dimensions = 2;
        shape.width = 3;
        shape.rowPitch = 16;
        shape.offset = 4;
        const BufferShape r = shape.resolved(68, 4);
        QCOMPARE(r.height, std::uint64_t(4)); // rows at 4, 20, 36, 52; the last ends at 64
        QCOMPARE(r.elementCount(), std::uint64_t(12));
        QCOMPARE(r.byteOffset(4, 4), std::uint64_t(4 + 16 + 4));
        QCOMPARE(r.coordinates(7), (std::array<std::uint64_t, 3>{1, 2, 0}));
        QVERIFY(!r.isContiguous(4));
        QCOMPARE(r.describe(), std::string("2D 3 x 4, row pitch 16 B"));
        shape.rowPitch = 8;
        QVERIFY_THROWS_EXCEPTION(LayoutError, shape.resolved(68, 4)); // pitch below 12 B a row
        BufferShape cube;
        cube.dimensions = 3;
        cube.width = 2;
        cube.height = 2;
        cube.depth = 2;
        cube.slicePitch = 32;
        const BufferShape c = cube.resolved(64, 4);
        QCOMPARE(c.byteOffset(5, 4), std::uint64_t(32 + 4));
        cube.depth = 3;
        QVERIFY_THROWS_EXCEPTION(LayoutError, cube.resolved(64, 4)); // needs 72 bytes
        const BufferShape linear = BufferShape{}.resolved(10, 4);
        QCOMPARE(linear.elementCount(), std::uint64_t(2)); // the 2 trailing bytes are no element
        QVERIFY(linear.isContiguous(4));
    }

    void formatTextRoundTrips() {
        ElementFormat format;
        format.type = "struct { float3 pos;\n uint id; }";
        format.shape.dimensions = 2;
        format.shape.width = 640;
        format.shape.rowPitch = 20480;
        format.hexIntegers = true;
        const auto back = ElementFormat::deserialize(format.serialize());
        QVERIFY(back.has_value());
        QCOMPARE(*back, format);
        QVERIFY(!ElementFormat::deserialize("clw-format 99 1 0 1 1 0 0 0 0\nfloat"));
        QVERIFY(!ElementFormat::deserialize("garbage"));
        QVERIFY(!ElementFormat::deserialize("clw-format 1 7 0 1 1 0 0 0 0\nfloat"));
    }
};

QTEST_APPLESS_MAIN(TestElementLayout)
#include "tst_elementlayout.moc"
