// Kernel signatures read from source, without a device: type names as drivers spell them,
// typedefs, structs, every qualifier, attributes, and errors that name the kernel, argument and
// line. tst_sourcesignatures_driver checks the same parser against the driver.
#include "ClTestUtil.h"
#include "SignatureCorpus.h"

#include "clw/engine/launch/SourceSignatures.h"

#include <QtTest>

#include <stdexcept>

using namespace clw::engine;
using clw::test::contains;

Q_DECLARE_METATYPE(ArgKind)
Q_DECLARE_METATYPE(ScalarType)

namespace {

const KernelSignature& kernelNamed(const std::vector<KernelSignature>& kernels,
                                   const std::string& name) {
    for (const KernelSignature& kernel : kernels)
        if (kernel.name == name)
            return kernel;
    throw std::runtime_error("no kernel " + name);
}

// The one kernel of a source with one kernel.
KernelSignature only(const std::string& source, const std::string& options = {}) {
    const auto kernels = signaturesFromSource(SourceSet::single(source), options);
    if (kernels.size() != 1)
        throw std::runtime_error("expected one kernel, got " + std::to_string(kernels.size()));
    return kernels.front();
}

} // namespace

class TestSourceSignatures : public QObject {
    Q_OBJECT
private slots:
    void parseArgTypeReadsDriverNames_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("pipe");
        QTest::addColumn<ArgKind>("kind");
        QTest::addColumn<ScalarType>("element");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("size");
        QTest::newRow("float*") << "float*" << false << ArgKind::Pointer << ScalarType::Float << 1
                                << 0;
        QTest::newRow("float4") << "float4" << false << ArgKind::Vector << ScalarType::Float << 4
                                << 16;
        QTest::newRow("float3") << "float3" << false << ArgKind::Vector << ScalarType::Float << 3
                                << 16;
        QTest::newRow("uint") << "uint" << false << ArgKind::Scalar << ScalarType::UInt << 1 << 4;
        QTest::newRow("unsigned int*")
            << "unsigned int *" << false << ArgKind::Pointer << ScalarType::UInt << 1 << 0;
        QTest::newRow("uchar16") << "uchar16" << false << ArgKind::Vector << ScalarType::UChar << 16
                                 << 16;
        QTest::newRow("double8") << "double8" << false << ArgKind::Vector << ScalarType::Double << 8
                                 << 64;
        QTest::newRow("half") << "half" << false << ArgKind::Scalar << ScalarType::Half << 1 << 2;
        QTest::newRow("long3*") << "long3*" << false << ArgKind::Pointer << ScalarType::Long << 3
                                << 0;
        QTest::newRow("image2d_t")
            << "image2d_t" << false << ArgKind::Image << ScalarType::Unknown << 1 << 0;
        QTest::newRow("sampler_t")
            << "sampler_t" << false << ArgKind::Sampler << ScalarType::Unknown << 1 << 0;
        QTest::newRow("queue_t") << "queue_t" << false << ArgKind::Queue << ScalarType::Unknown << 1
                                 << 0;
        QTest::newRow("struct*") << "struct Particle*" << false << ArgKind::Pointer
                                 << ScalarType::Struct << 1 << 0;
        QTest::newRow("struct") << "struct Particle" << false << ArgKind::Struct
                                << ScalarType::Struct << 1 << 0;
        QTest::newRow("union") << "union Bits" << false << ArgKind::Struct << ScalarType::Struct
                               << 1 << 0;
        QTest::newRow("enum") << "enum Mode" << false << ArgKind::Scalar << ScalarType::Int << 1
                              << 4;
        QTest::newRow("size_t*") << "size_t*" << false << ArgKind::Pointer << ScalarType::SizeT << 1
                                 << 0;
        QTest::newRow("void*") << "void*" << false << ArgKind::Pointer << ScalarType::Void << 1
                               << 0;
        QTest::newRow("const float*")
            << "const float*" << false << ArgKind::Pointer << ScalarType::Float << 1 << 0;
        QTest::newRow("pipe int") << "int" << true << ArgKind::Pipe << ScalarType::Int << 1 << 0;
        QTest::newRow("pipe float4")
            << "float4" << true << ArgKind::Pipe << ScalarType::Float << 4 << 0;
        QTest::newRow("user typedef")
            << "vec_t" << false << ArgKind::Unknown << ScalarType::Unknown << 1 << 0;
        QTest::newRow("user typedef*")
            << "vec_t*" << false << ArgKind::Pointer << ScalarType::Unknown << 1 << 0;
        QTest::newRow("float**") << "float**" << false << ArgKind::Unknown << ScalarType::Unknown
                                 << 1 << 0;
    }

    void parseArgTypeReadsDriverNames() {
        QFETCH(QString, name);
        QFETCH(bool, pipe);
        const ArgType type = parseArgType(name.toStdString(), CL_KERNEL_ARG_ADDRESS_PRIVATE,
                                          pipe ? CL_KERNEL_ARG_TYPE_PIPE : CL_KERNEL_ARG_TYPE_NONE);
        QCOMPARE(type.typeName, name.toStdString());
        QTEST(type.kind, "kind");
        QTEST(type.element, "element");
        QTEST(type.vectorWidth, "width");
        QTEST(int(type.size), "size");
        QCOMPARE(type.imageType, std::string(type.kind == ArgKind::Image ? "image2d_t" : ""));
    }

    void declarationsReadLikeSource() {
        const auto kernel =
            only("kernel void k(__global const float *in, float4 scale, read_only image2d_t src,"
                 " global volatile int* restrict v, constant float* table, local uint* s, int) {}");
        std::vector<std::string> declarations;
        for (const KernelArgSignature& arg : kernel.args)
            declarations.push_back(arg.declaration());
        QCOMPARE(declarations, (std::vector<std::string>{
                                   "__global const float *in", "float4 scale",
                                   "__read_only image2d_t src", "__global volatile int *restrict v",
                                   "__constant float *table", "__local uint *s", "int"}));
    }

    void typedefsResolveToTheirTypes() {
        const auto kernels =
            signaturesFromSource(SourceSet::single(clw::test::corpusSource("typedefs")));
        const auto& args = kernelNamed(kernels, "typedefs").args;
        QCOMPARE(args.size(), size_t(18));
        struct Expected {
            const char* typeName;
            const char* base;
            ArgKind kind;
            ScalarType element;
            int width;
            size_t size;
        };
        const Expected expected[] = {
            {"vec_t*", "float4*", ArgKind::Pointer, ScalarType::Float, 4, 0},
            {"vec_t", "float4", ArgKind::Vector, ScalarType::Float, 4, 16},
            {"vec2_t", "float4", ArgKind::Vector, ScalarType::Float, 4, 16},
            {"myuint", "uint", ArgKind::Scalar, ScalarType::UInt, 1, 4},
            {"myuint*", "uint*", ArgKind::Pointer, ScalarType::UInt, 1, 0},
            {"float*", "float*", ArgKind::Pointer, ScalarType::Float, 1, 0},
            {"vec2_t*", "float4*", ArgKind::Pointer, ScalarType::Float, 4, 0},
            {"img_t", "image2d_t", ArgKind::Image, ScalarType::Unknown, 1, 0},
            {"real", "float", ArgKind::Scalar, ScalarType::Float, 1, 4},
            {"real4", "float4", ArgKind::Vector, ScalarType::Float, 4, 16},
            {"real4*", "float4*", ArgKind::Pointer, ScalarType::Float, 4, 0},
            {"myint2", "int2", ArgKind::Vector, ScalarType::Int, 2, 8},
            {"float*", "float*", ArgKind::Pointer, ScalarType::Float, 1, 0}, // cfloat*
            {"int*", "int*", ArgKind::Pointer, ScalarType::Int, 1, 0},       // vint*
            {"float*", "float*", ArgKind::Pointer, ScalarType::Float, 1, 0},
            {"float*", "float*", ArgKind::Pointer, ScalarType::Float, 1, 0},
            {"wimg_t", "image2d_t", ArgKind::Image, ScalarType::Unknown, 1, 0},
            {"float*", "float*", ArgKind::Pointer, ScalarType::Float, 1, 0}, // lfloat*
        };
        for (size_t i = 0; i < std::size(expected); ++i) {
            const ArgType& type = args[i].type;
            const QByteArray where = QByteArray("argument ") + QByteArray::number(int(i));
            QVERIFY2(type.typeName == expected[i].typeName, where + " " + type.typeName.c_str());
            QVERIFY2(type.baseTypeName == expected[i].base,
                     where + " " + type.baseTypeName.c_str());
            QVERIFY2(type.kind == expected[i].kind, where);
            QVERIFY2(type.element == expected[i].element, where);
            QVERIFY2(type.vectorWidth == expected[i].width, where);
            QVERIFY2(type.size == expected[i].size, where);
        }
        QCOMPARE(args[7].type.imageType, std::string("image2d_t"));
        QCOMPARE(args[7].accessQualifier,
                 cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_READ_ONLY));
        QCOMPARE(args[6].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_CONST));
        // Qualifiers a typedef carries: const / volatile pointees, a restrict pointer, an
        // image's access; const on the pointer itself is not reported.
        QCOMPARE(args[12].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_CONST));
        QCOMPARE(args[13].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_VOLATILE));
        QCOMPARE(args[14].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_RESTRICT));
        QCOMPARE(args[15].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_NONE));
        QCOMPARE(args[16].accessQualifier,
                 cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_WRITE_ONLY));
        QCOMPARE(args[17].addressQualifier,
                 cl_kernel_arg_address_qualifier(CL_KERNEL_ARG_ADDRESS_LOCAL));
    }

    void structsAndEnums() {
        const auto structs =
            signaturesFromSource(SourceSet::single(clw::test::corpusSource("structs")))[0];
        QCOMPARE(structs.args[1].type.kind, ArgKind::Struct);
        QCOMPARE(structs.args[1].type.baseTypeName, std::string("struct Particle"));
        QCOMPARE(structs.args[1].type.size, size_t(32)); // float4 + float, aligned to 16
        QCOMPARE(structs.args[3].type.baseTypeName, std::string("struct Particle"));
        QCOMPARE(structs.args[3].type.size, size_t(32));
        QCOMPARE(structs.args[4].type.element, ScalarType::Struct); // const Anon*
        QCOMPARE(structs.args[5].type.kind, ArgKind::Struct);       // Anon by value
        QCOMPARE(structs.args[5].type.size, size_t(8));
        QCOMPARE(structs.args[7].type.size, size_t(4)); // union Bits
        const auto enums = only(clw::test::corpusSource("enums"));
        QCOMPARE(enums.args[0].type.kind, ArgKind::Scalar);
        QCOMPARE(enums.args[1].type.element, ScalarType::Int);
        QCOMPARE(enums.args[1].type.size, size_t(4));
        QCOMPARE(enums.args[2].type.element, ScalarType::Int);
        // A struct the parser cannot lay out has size 0, never a guess.
        const auto bitfield = only("struct F { int a : 3; int b; };\nkernel void k(struct F f) {}");
        QCOMPARE(bitfield.args[0].type.kind, ArgKind::Struct);
        QCOMPARE(bitfield.args[0].type.size, size_t(0));
    }

    void enumConstantsAreRead() {
        const auto kernels = signaturesFromSource(SourceSet::single(R"CLC(
typedef enum { A = 1, B, C = B + 4, D = C << 1, } Scale;
enum Colour { RED, GREEN = 10 };
enum Odd { FIRST = sizeof(int) };
kernel void k(Scale s, enum Colour c, enum Odd o) {}
)CLC"));
        const auto names = [](const ArgType& type) {
            std::string text;
            for (const EnumConstant& constant : type.enumerators)
                text += constant.name + "=" + std::to_string(constant.value) + " ";
            return text;
        };
        QCOMPARE(names(kernels[0].args[0].type), std::string("A=1 B=2 C=6 D=12 "));
        QCOMPARE(names(kernels[0].args[1].type), std::string("RED=0 GREEN=10 "));
        // A value the engine cannot work out: no names, never a wrong value.
        QVERIFY(kernels[0].args[2].type.enumerators.empty());
        QCOMPARE(kernels[0].args[2].type.element, ScalarType::Int);
    }

    void attributesAreRead() {
        const auto kernels =
            signaturesFromSource(SourceSet::single(clw::test::corpusSource("attributes")));
        QCOMPARE(kernels.size(), size_t(6));
        const auto sizes = [](size_t x, size_t y, size_t z) {
            return std::array<size_t, 3>{x, y, z};
        };
        QCOMPARE(kernelNamed(kernels, "a1").reqdWorkGroupSize, sizes(16, 2, 1));
        QCOMPARE(kernelNamed(kernels, "a1").attributes,
                 std::string("reqd_work_group_size(8*2,8/4,1)"));
        const KernelSignature& a2 = kernelNamed(kernels, "a2");
        QCOMPARE(a2.workGroupSizeHint, sizes(64, 1, 1));
        QCOMPARE(a2.reqdWorkGroupSize, sizes(0, 0, 0));
        QCOMPARE(a2.vecTypeHint, std::string("float4"));
        QCOMPARE(a2.attributes, std::string("work_group_size_hint(64,1,1) vec_type_hint(float4)"));
        QCOMPARE(kernelNamed(kernels, "a3").reqdWorkGroupSize, sizes(4, 4, 4));
        QCOMPARE(kernelNamed(kernels, "a4").workGroupSizeHint, sizes(32, 1, 1));
        QCOMPARE(kernelNamed(kernels, "a4").vecTypeHint, std::string("float4"));
        QCOMPARE(kernelNamed(kernels, "a5").reqdWorkGroupSize, sizes(1, 1, 1));
        QVERIFY(kernelNamed(kernels, "a5").args.empty());
        QCOMPARE(kernelNamed(kernels, "a6").reqdWorkGroupSize, sizes(2, 1, 1));
    }

    void qualifierCombinations_data() {
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<QString>("typeName");
        QTest::addColumn<uint>("address");
        QTest::addColumn<uint>("access");
        QTest::addColumn<qulonglong>("qualifiers");
        const uint g = CL_KERNEL_ARG_ADDRESS_GLOBAL, l = CL_KERNEL_ARG_ADDRESS_LOCAL,
                   c = CL_KERNEL_ARG_ADDRESS_CONSTANT, p = CL_KERNEL_ARG_ADDRESS_PRIVATE;
        const uint none = CL_KERNEL_ARG_ACCESS_NONE, ro = CL_KERNEL_ARG_ACCESS_READ_ONLY,
                   wo = CL_KERNEL_ARG_ACCESS_WRITE_ONLY, rw = CL_KERNEL_ARG_ACCESS_READ_WRITE;
        const qulonglong k = CL_KERNEL_ARG_TYPE_CONST, v = CL_KERNEL_ARG_TYPE_VOLATILE,
                         r = CL_KERNEL_ARG_TYPE_RESTRICT, pipe = CL_KERNEL_ARG_TYPE_PIPE;
        const auto row = [](const char* parameter, const char* type, uint address, uint access,
                            qulonglong qualifiers) {
            QTest::newRow(parameter) << QString::fromLatin1(parameter) << QString::fromLatin1(type)
                                     << address << access << qualifiers;
        };
        row("global float* x", "float*", g, none, 0);
        row("__global float *x", "float*", g, none, 0);
        row("global const float* x", "float*", g, none, k);
        row("const global float* x", "float*", g, none, k);
        row("float const __global* x", "float*", g, none, k);
        row("global volatile float* x", "float*", g, none, v);
        row("global float* restrict x", "float*", g, none, r);
        row("global float* __restrict x", "float*", g, none, r);
        row("global float*restrict x", "float*", g, none, r);
        row("global const volatile float* restrict x", "float*", g, none, k | v | r);
        row("global float* const x", "float*", g, none, 0);
        row("global const float* const restrict x", "float*", g, none, k | r);
        row("constant float* x", "float*", c, none, k);
        row("__constant const float* x", "float*", c, none, k);
        row("constant float* restrict x", "float*", c, none, k | r);
        row("local float* x", "float*", l, none, 0);
        row("__local volatile float4* x", "float4*", l, none, v);
        row("local const float* restrict x", "float*", l, none, k | r);
        row("const int x", "int", p, none, 0);
        row("volatile int x", "int", p, none, 0);
        row("__private int x", "int", p, none, 0);
        row("private float4 x", "float4", p, none, 0);
        row("image2d_t x", "image2d_t", g, ro, 0);
        row("read_only image2d_t x", "image2d_t", g, ro, 0);
        row("__read_only image3d_t x", "image3d_t", g, ro, 0);
        row("write_only image2d_t x", "image2d_t", g, wo, 0);
        row("__write_only image1d_buffer_t x", "image1d_buffer_t", g, wo, 0);
        row("read_write image2d_array_t x", "image2d_array_t", g, rw, 0);
        row("__read_write image1d_t x", "image1d_t", g, rw, 0);
        row("image2d_t __write_only x", "image2d_t", g, wo, 0);
        row("sampler_t x", "sampler_t", p, none, 0);
        row("pipe int x", "int", g, ro, pipe);
        row("read_only pipe float4 x", "float4", g, ro, pipe);
        row("__write_only pipe uint x", "uint", g, wo, pipe);
        row("queue_t x", "queue_t", p, none, 0);
        row("half x", "half", p, none, 0);
    }

    void qualifierCombinations() {
        QFETCH(QString, parameter);
        QFETCH(QString, typeName);
        const auto kernel = only("kernel void k(" + parameter.toStdString() + ") {}");
        QCOMPARE(kernel.args.size(), size_t(1));
        const KernelArgSignature& arg = kernel.args[0];
        QCOMPARE(arg.name, std::string("x"));
        QCOMPARE(QString::fromStdString(arg.type.typeName), typeName);
        QTEST(uint(arg.addressQualifier), "address");
        QTEST(uint(arg.accessQualifier), "access");
        QTEST(qulonglong(arg.typeQualifier), "qualifiers");
    }

    void pipesQueuesAndHalf() {
        // PoCL has no pipes, device queues or cl_khr_fp16: the parser is checked on its own.
        const auto kernel = only("kernel void k(pipe int a, read_only pipe float4 b, queue_t q,"
                                 " half h, global half* hp) {}",
                                 "-cl-std=CL2.0");
        QCOMPARE(kernel.args[0].type.kind, ArgKind::Pipe);
        QCOMPARE(kernel.args[0].type.element, ScalarType::Int);
        QCOMPARE(kernel.args[1].type.vectorWidth, 4);
        QCOMPARE(kernel.args[1].declaration(), std::string("__read_only pipe float4 b"));
        QCOMPARE(kernel.args[2].type.kind, ArgKind::Queue);
        QCOMPARE(kernel.args[3].type.kind, ArgKind::Scalar);
        QCOMPARE(kernel.args[3].type.size, size_t(2));
        QCOMPARE(kernel.args[4].type.element, ScalarType::Half);
    }

    void malformedSignaturesThrow_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, const char* source, const char* message) {
            QTest::newRow(name) << QString::fromLatin1(source) << QString::fromLatin1(message);
        };
        row("pointer to pointer", "kernel void k(global float** p) {}",
            "argument 0 'p': a pointer to a pointer");
        row("typedef pointer to pointer",
            "typedef global float* gfp;\nkernel void k(global gfp* p) {}",
            "a pointer to a pointer");
        row("private pointer", "kernel void k(float* p) {}",
            "must point to __global, __constant or __local");
        row("explicit private pointer", "kernel void k(__private float* p) {}",
            "must point to __global");
        row("generic pointer", "kernel void k(generic float* p) {}", "must point to __global");
        row("unknown type", "kernel void k(Unknown x) {}", "unknown type 'Unknown'");
        row("non-void return", "kernel int k(int x) {}", "a kernel must return void");
        row("global by value", "kernel void k(global int x) {}", "cannot be in __global memory");
        row("access on a scalar", "kernel void k(read_only int x) {}",
            "access qualifiers are for images");
        row("bool by value", "kernel void k(bool b) {}", "'bool' cannot be passed by value");
        row("size_t by value", "kernel void k(int a, size_t n) {}",
            "argument 1 'n': 'size_t' cannot");
        row("void parameter", "kernel void k(int a, void v) {}",
            "'void' cannot be passed by value");
        row("empty parameter", "kernel void k(int a,, int b) {}", "expected a type");
        row("two names", "kernel void k(int a b) {}", "unexpected 'b'");
        row("long long", "kernel void k(global long long* p) {}", "'long long' is reserved");
        row("function pointer", "kernel void k(int (*f)(int)) {}", "parenthesized declarators");
        row("unreadable typedef", "typedef void (*fn)(int);\nkernel void k(fn f) {}",
            "its typedef could not be read");
        row("junk after parameters", "kernel void k(int a) junk {}",
            "unexpected 'junk' after the parameters");
        row("two sizes", "__attribute__((reqd_work_group_size(16, 16))) kernel void k() {}",
            "needs three sizes");
        row("unknown size", "__attribute__((reqd_work_group_size(N, 1, 1))) kernel void k() {}",
            "'N' is not a positive constant");
    }

    void malformedSignaturesThrow() {
        QFETCH(QString, source);
        QFETCH(QString, message);
        CLW_EXPECT_CL_ERROR(only(source.toStdString()), CL_INVALID_KERNEL_DEFINITION,
                            "parseKernelSignatures");
        try {
            only(source.toStdString());
        } catch (const ClError& error) {
            const std::string what = error.what();
            QVERIFY2(contains(what, message.toStdString()), what.c_str());
            QVERIFY2(contains(what, "kernel.cl line "), what.c_str());
        }
    }

    void errorsNameTheFileAndLine() {
        SourceSet set;
        set.mainFile = "main.cl";
        set.files = {{"main.cl", "// first\n#include \"bad.h\"\n\nkernel void good(int a) {}\n"},
                     {"bad.h", "#define X 1\n\nkernel void bad(\n    global float** p) {}\n"}};
        try {
            signaturesFromSource(set);
            QFAIL("expected a ClError");
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(),
                              "reading kernel 'bad' at bad.h line 4 failed: argument 0 'p'"),
                     error.what());
        }
        set.files[1].text = "typedef int myint;\n";
        set.files[0].text += "\nkernel void late(myint a,\n  float b c) {}\n";
        try {
            signaturesFromSource(set);
            QFAIL("expected a ClError");
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "reading kernel 'late' at main.cl line 7"),
                     error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSourceSignatures)
#include "tst_sourcesignatures.moc"
