// The source signature parser against the driver: for a corpus of kernels, the names, type
// names and qualifiers it reads must be those clGetKernelArgInfo reports for the same source
// built with -cl-kernel-arg-info, and its struct sizes what sizeof says on the device.
#include "ClTestUtil.h"
#include "SignatureCorpus.h"
#include "TestDevice.h"

#include "clw/engine/launch/SignatureReader.h"
#include "clw/engine/launch/SourceSignatures.h"
#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Platform.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <set>
#include <string_view>

using namespace clw::engine;
using clw::test::contains;

namespace {

QByteArray where(const std::string& kernel, const KernelArgument& driver) {
    return QStringLiteral("kernel %1 argument %2 '%3'")
        .arg(QString::fromStdString(kernel))
        .arg(driver.index)
        .arg(QString::fromStdString(driver.declaration()))
        .toUtf8();
}

// Builds `source` with `options` on the device, parses it with the same options, and compares
// every kernel and argument. Fails the calling test on the first difference.
void expectAgreement(const Device& device, const std::string& source, const std::string& options) {
    const Context context(device);
    const Program program = Program::fromSource(context, source);
    CLW_BUILD_OR_FAIL(program, options + " -cl-kernel-arg-info");
    const std::vector<KernelSignature> parsed =
        signaturesFromSource(SourceSet::single(source), options);
    std::set<std::string> parsedNames;
    for (const KernelSignature& signature : parsed)
        parsedNames.insert(signature.name);
    const std::vector<std::string> driverNames = program.kernelNames();
    QCOMPARE(parsedNames, std::set<std::string>(driverNames.begin(), driverNames.end()));
    for (const KernelSignature& signature : parsed) {
        const Kernel kernel(program, signature.name);
        const std::vector<KernelArgument> driver = kernel.arguments();
        QVERIFY2(driver.size() == signature.args.size(), signature.name.c_str());
        for (size_t i = 0; i < driver.size(); ++i) {
            const KernelArgSignature& arg = signature.args[i];
            const QByteArray at = where(signature.name, driver[i]);
            QVERIFY2(arg.index == driver[i].index, at);
            QVERIFY2(arg.name == driver[i].name, at + ": name " + arg.name.c_str());
            // Drivers may spell one type two ways (NVIDIA "signed char", PoCL "char"): a
            // different spelling must name the same type, and is then compared as the driver's.
            const ArgType driverType = parseArgType(driver[i].typeName, driver[i].addressQualifier,
                                                    driver[i].typeQualifier);
            const bool sameType = driverType.kind != ArgKind::Unknown &&
                                  driverType.kind == arg.type.kind &&
                                  driverType.element == arg.type.element &&
                                  driverType.vectorWidth == arg.type.vectorWidth;
            QVERIFY2(arg.type.typeName == driver[i].typeName || sameType,
                     at + ": type " + arg.type.typeName.c_str());
            KernelArgSignature respelled = arg;
            respelled.type.typeName = driver[i].typeName;
            QVERIFY2(arg.addressQualifier == driver[i].addressQualifier,
                     at + ": address " + QByteArray::number(arg.addressQualifier, 16));
            QVERIFY2(arg.accessQualifier == driver[i].accessQualifier,
                     at + ": access " + QByteArray::number(arg.accessQualifier, 16));
            QVERIFY2(arg.typeQualifier == driver[i].typeQualifier,
                     at + ": qualifiers " + QByteArray::number(qulonglong(arg.typeQualifier)));
            QVERIFY2(respelled.declaration() == driver[i].declaration() ||
                         arg.type.kind == ArgKind::Image || arg.typeQualifier != 0,
                     at + ": declaration " + arg.declaration().c_str());
        }
        const std::vector<size_t> compiled =
            kernel.workGroupInfo<CL_KERNEL_COMPILE_WORK_GROUP_SIZE>(device);
        QCOMPARE(std::vector<size_t>(signature.reqdWorkGroupSize.begin(),
                                     signature.reqdWorkGroupSize.end()),
                 compiled);
        // The hints have no query of their own: CL_KERNEL_ATTRIBUTES must name the same ones.
        const std::string attributes = kernel.info<CL_KERNEL_ATTRIBUTES>();
        QCOMPARE(contains(attributes, "work_group_size_hint"), signature.workGroupSizeHint[0] != 0);
        QCOMPARE(contains(attributes, "vec_type_hint"), !signature.vecTypeHint.empty());
        if (signature.workGroupSizeHint[0] != 0)
            QVERIFY2(contains(attributes, "work_group_size_hint(" +
                                              std::to_string(signature.workGroupSizeHint[0]) +
                                              ", "),
                     attributes.c_str());
    }
}

// A corpus kernel that one vendor's compiler cannot build although it is valid OpenCL C: that
// driver's fault, checked as such (the build fails with this log) so that the kernel still
// tests every other driver. When the driver is fixed the check fails: remove the entry then.
struct KnownDriverFailure {
    const char* kernel;
    const char* platform; // a part of CL_PLATFORM_NAME
    const char* log;      // a part of the build log that says what failed
};

constexpr KnownDriverFailure kKnownDriverFailures[] = {
    // NVIDIA 580's PTX assembler rejects the PTX its own front end made of these kernels (both
    // have kernels with empty bodies, which is all they share).
    {"attributes", "NVIDIA", "ptxas application ptx input"},
    {"multipleKernels", "NVIDIA", "ptxas application ptx input"},
};

const KnownDriverFailure* knownFailure(const Device& device, const char* kernel) {
    const std::string platform = device.platform().name();
    for (const KnownDriverFailure& known : kKnownDriverFailures)
        if (std::string_view(known.kernel) == kernel && contains(platform, known.platform))
            return &known;
    return nullptr;
}

} // namespace

class TestSourceSignaturesDriver : public QObject {
    Q_OBJECT
private slots:
    void agreementWithDriver_data() {
        QTest::addColumn<int>("index");
        int index = 0;
        for (const auto& kernel : clw::test::kSignatureCorpus)
            QTest::newRow(kernel.name) << index++;
        QVERIFY(index >= 15);
    }

    void agreementWithDriver() {
        QFETCH(int, index);
        CLW_REQUIRE_DEVICE(device);
        const auto& entry = clw::test::kSignatureCorpus[index];
        if (const KnownDriverFailure* known = knownFailure(device, entry.name)) {
            const Context context(device);
            const BuildResult result =
                Program::fromSource(context, entry.source)
                    .build(std::string(entry.options) + " -cl-kernel-arg-info");
            QVERIFY2(!result.ok(),
                     "the driver builds it now: remove its kKnownDriverFailures entry");
            QCOMPARE(result.code, CL_BUILD_PROGRAM_FAILURE);
            QVERIFY2(contains(result.combinedLog(), known->log), result.message().c_str());
            qWarning("%s does not build '%s', a fault of its driver: %s", device.name().c_str(),
                     entry.name, known->log);
            return;
        }
        expectAgreement(device, entry.source, entry.options);
    }

    void agreementWithAnIncludedHeader() {
        CLW_REQUIRE_DEVICE(device);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::ofstream(dir.filePath(QStringLiteral("types.h")).toStdString())
            << "#ifndef TYPES_H\n#define TYPES_H\n"
               "typedef struct { float4 position; float4 velocity; } Body;\n"
               "typedef uint index_t;\n#define OUT(T) __global T* restrict\n#endif\n";
        const std::string source =
            "#include \"types.h\"\n#include \"types.h\"\n"
            "kernel void advance(OUT(Body) bodies, global const index_t* order,"
            " Body gravity, index_t count) {}\n";
        // (Not `step`: PoCL 3.1 reports a kernel named like a builtin as `_cl_step`.)
        expectAgreement(device, source, "-I " + dir.path().toStdString());
    }

    // readSignature keeps the driver's spelling of a typedef'd argument and types it from the
    // program's source; an argument the source cannot type either says why.
    void readSignatureTypesTypedefsFromTheSource() {
        CLW_REQUIRE_DEVICE(device);
        const std::string source = R"CLC(
typedef float DATA_TYPE;
typedef DATA_TYPE real;
typedef float4 v4;
typedef enum { A = 1, B = 2 } Choice;
typedef struct { float x; int n; } Pair;
kernel void k(global DATA_TYPE* out, real alpha, const v4 shift, Choice c, Pair p) {
    out[0] = alpha + shift.x + (float)c + p.x;
}
)CLC";
        const Context context(device);
        const Program program = Program::fromSource(context, source);
        CLW_BUILD_OR_FAIL(program, "-cl-kernel-arg-info");
        const KernelSignature signature = readSignature(Kernel(program, "k"), device);
        QCOMPARE(signature.args.size(), size_t(5));
        const ArgType& out = signature.args[0].type;
        QCOMPARE(out.typeName, std::string("DATA_TYPE*"));
        QCOMPARE(out.element, ScalarType::Float);
        const ArgType& alpha = signature.args[1].type;
        QCOMPARE(alpha.typeName, std::string("real"));
        QCOMPARE(alpha.kind, ArgKind::Scalar);
        QCOMPARE(alpha.element, ScalarType::Float);
        QCOMPARE(alpha.size, size_t(4));
        QCOMPARE(alpha.resolution, std::string("'real' is float, read from the source"));
        const ArgType& shift = signature.args[2].type;
        QCOMPARE(shift.kind, ArgKind::Vector);
        QCOMPARE(shift.vectorWidth, 4);
        QCOMPARE(shift.size, size_t(16));
        const ArgType& choice = signature.args[3].type;
        QCOMPARE(choice.kind, ArgKind::Scalar);
        QCOMPARE(choice.size, size_t(4));
        QVERIFY2(contains(choice.resolution, "an enum of int, read from the source: give a "
                                             "constant's name (A, B) or a number"),
                 choice.resolution.c_str());
        QCOMPARE(choice.enumerators.size(), size_t(2));
        const ArgType& pair = signature.args[4].type;
        QCOMPARE(pair.kind, ArgKind::Struct);
        QCOMPARE(pair.size, size_t(8));
    }

    void structSizesMatchTheDevice() {
        CLW_REQUIRE_DEVICE(device);
        const std::string source = R"CLC(
struct A { char a; float4 b; short c; };
typedef struct { char x; int3 y; } B;
struct __attribute__((packed)) P { char a; int b; };
struct Q { char c; double d; } __attribute__((aligned(32)));
union U { char c[3]; int i; };
struct N { struct A a; char tail; uchar3 u[2]; };
struct Arr { float f[5]; long l; };
typedef struct Later Later;
struct Later { short s[3]; };
kernel void sizes(global ulong* out, struct A a, B b, struct P p, struct Q q, union U u,
                  struct N n, struct Arr arr, Later later, float3 f3, char16 c16) {
    out[0] = sizeof(struct A); out[1] = sizeof(B); out[2] = sizeof(struct P);
    out[3] = sizeof(struct Q); out[4] = sizeof(union U); out[5] = sizeof(struct N);
    out[6] = sizeof(struct Arr); out[7] = sizeof(Later); out[8] = sizeof(float3);
    out[9] = sizeof(char16);
}
)CLC";
        const Context context(device);
        const CommandQueue queue(context, device);
        const Program program = Program::fromSource(context, source);
        CLW_BUILD_OR_FAIL(program, "");
        const KernelSignature signature = signaturesFromSource(SourceSet::single(source))[0];
        const size_t count = signature.args.size() - 1;
        const Buffer out(context, CL_MEM_WRITE_ONLY, count * sizeof(cl_ulong));
        const Kernel kernel(program, "sizes");
        kernel.setArg(0, out);
        const std::vector<unsigned char> zeros(256);
        for (cl_uint i = 1; i <= count; ++i) {
            // Each by-value argument set with exactly the size the parser worked out.
            QVERIFY2(signature.args[i].type.size != 0, signature.args[i].declaration().c_str());
            kernel.setArg(i, signature.args[i].type.size, zeros.data());
        }
        queue.ndRange(kernel, NDRange(1));
        const auto sizes = clw::test::readBack<cl_ulong>(queue, out, count);
        for (size_t i = 0; i < count; ++i)
            QVERIFY2(signature.args[i + 1].type.size == sizes[i],
                     (signature.args[i + 1].declaration() + ": device says " +
                      std::to_string(sizes[i]) + ", parser " +
                      std::to_string(signature.args[i + 1].type.size))
                         .c_str());
    }
};

QTEST_GUILESS_MAIN(TestSourceSignaturesDriver)
#include "tst_sourcesignatures_driver.moc"
