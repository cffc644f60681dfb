// Reproducer export (the seeds' capture_call) on the device: three launches captured and written
// as folders, each run by its generated run.py (PyOpenCL) and by its generated C++ program built
// with CMake; a tampered expected file makes both fail and name the argument; SVM is refused.
#include "TestDevice.h"
#include "TestPython.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/launch/LaunchCapture.h"
#include "clw/engine/launch/ReproducerWriter.h"
#include "clw/engine/launch/SignatureReader.h"
#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/StructValue.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <filesystem>
#include <limits>

using namespace clw::engine;
namespace fs = std::filesystem;

namespace {

struct Run {
    int exitCode = -1;
    QString output;
};

Run runProcess(const QString& program, const QStringList& args, const QString& workDir = {}) {
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    if (!workDir.isEmpty())
        process.setWorkingDirectory(workDir);
    process.start(program, args);
    Run run;
    if (!process.waitForFinished(180000)) {
        run.output = QStringLiteral("did not finish: ") + process.errorString();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.output = QString::fromUtf8(process.readAll());
    return run;
}

QString qpath(const fs::path& path) {
    return QString::fromStdString(path.string());
}

Run runPython(const fs::path& folder) {
    return runProcess(clw::test::testPython(),
                      {qpath(folder / "run.py"), QStringLiteral("Portable")}, qpath(folder));
}

// Configures and builds the folder's C++ reproducer once; returns the executable, or an empty
// path with the output in `log`.
fs::path buildCpp(const fs::path& folder, const fs::path& buildDir, QString& log) {
    const Run configure = runProcess(
        QStringLiteral("cmake"), {QStringLiteral("-S"), qpath(folder), QStringLiteral("-B"),
                                  qpath(buildDir), QStringLiteral("-G"), QStringLiteral("Ninja"),
                                  QStringLiteral("-DCMAKE_BUILD_TYPE=Debug")});
    log = configure.output;
    if (configure.exitCode != 0)
        return {};
    const Run build =
        runProcess(QStringLiteral("cmake"), {QStringLiteral("--build"), qpath(buildDir)});
    log += build.output;
    return build.exitCode == 0 ? buildDir / "reproduce" : fs::path();
}

Run runCpp(const fs::path& executable) {
    return runProcess(qpath(executable), {QStringLiteral("Portable")});
}

QJsonObject launchJson(const fs::path& folder) {
    QFile file(qpath(folder / "launch.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

template <class T>
std::vector<unsigned char> bytesOf(const std::vector<T>& values) {
    const auto* begin = reinterpret_cast<const unsigned char*>(values.data());
    return {begin, begin + values.size() * sizeof(T)};
}

// Runs both reproducers of `folder` (building the C++ one in `buildDir`) and expects each to exit
// 0 and print `line`. Returns what went wrong, or an empty string; `executable` gets the program.
QString reproduces(const fs::path& folder, const fs::path& buildDir, const QString& line,
                   fs::path& executable) {
    const Run python = runPython(folder);
    if (python.exitCode != 0 || !python.output.contains(line))
        return QStringLiteral("run.py: ") + python.output;
    QString log;
    executable = buildCpp(folder, buildDir, log);
    if (executable.empty())
        return QStringLiteral("building main.cpp: ") + log;
    const Run cpp = runCpp(executable);
    if (cpp.exitCode != 0 || !cpp.output.contains(line))
        return QStringLiteral("main.cpp: ") + cpp.output;
    return {};
}

const char* kVectorAdd = R"CLC(
__kernel void vadd(__global const float* a, __global const float* b, __global float* out,
                   float alpha) {
    size_t i = get_global_id(0);
    out[i] = a[i] + alpha * b[i];
}
)CLC";

const char* kRotate = R"CLC(
#include "common.h"
// Each work-group rotates its float4 elements by `shift` through __local memory and scales
// them; `original` is the same buffer as `data` (aliased), read before the write.
__kernel void rotate_groups(__global float4* data, int shift, __local float4* scratch,
                     __global const float4* original) {
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    scratch[l] = data[g];
    float w = original[g].w;
    barrier(CLK_LOCAL_MEM_FENCE);
    data[g] = scratch[(l + shift) % n] * FACTOR + (float4)(0.0f, 0.0f, 0.0f, OFFSET(w));
}
)CLC";

const char* kCommon = "#define OFFSET(x) ((x) * 0.25f)\n";

const char* kSample = R"CLC(
__kernel void sample(__read_only image2d_t src, sampler_t smp, __global float4* out,
                     __write_only image2d_t dst, int width) {
    int x = get_global_id(0), y = get_global_id(1);
    float4 v = read_imagef(src, smp, (float2)(x + 0.5f, y + 0.5f));
    out[y * width + x] = v * 0.5f;
    write_imagef(dst, (int2)(x, y), v.wzyx);
}
)CLC";

} // namespace

class TestReproducer : public QObject {
    Q_OBJECT
private slots:
    void vectorAddWithOffsetReproducesAndCatchesTampering() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program program = Program::fromSource(context, kVectorAdd);
        QVERIFY(program.build("-cl-mad-enable").ok());
        const size_t n = 1024;
        std::vector<float> a(n), b(n), out(n, -1.0f);
        for (size_t i = 0; i < n; ++i) {
            a[i] = float(i) * 0.5f;
            b[i] = 1.0f / float(i + 1);
        }
        Buffer bufA(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, a.data());
        Buffer bufB(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, b.data());
        Buffer bufOut(context, CL_MEM_WRITE_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, out.data());
        LaunchRequest request;
        request.program = program;
        request.kernelName = "vadd";
        request.arguments = {ArgumentValue::memory(bufA), ArgumentValue::memory(bufB),
                             ArgumentValue::memory(bufOut), ArgumentValue::scalar(2.5f)};
        request.geometry.global = NDRange(1000);
        request.geometry.offset = NDRange(24);
        // The program-only overload: CL_PROGRAM_SOURCE and CL_PROGRAM_BUILD_OPTIONS.
        const CapturedLaunch captured = LaunchCapture::capture(queue, request);
        QCOMPARE(captured.options, std::string("-cl-mad-enable"));
        QCOMPARE(captured.arguments.size(), size_t(4));
        const std::vector<float> after = captured.arguments[2].expected.values<float>();
        QCOMPARE(after[23], -1.0f); // before the offset: untouched
        QCOMPARE(after[24], a[24] + 2.5f * b[24]);
        QCOMPARE(captured.arguments[2].input.values<float>()[24], -1.0f);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path folder = fs::path(dir.path().toStdString()) / "vadd";
        writeReproducer(captured, folder);
        const QJsonObject json = launchJson(folder);
        QCOMPARE(json[QStringLiteral("format")].toString(),
                 QStringLiteral("clworkbench.reproducer"));
        QCOMPARE(json[QStringLiteral("version")].toInt(), 1);
        QCOMPARE(json[QStringLiteral("kernel")].toString(), QStringLiteral("vadd"));
        QCOMPARE(json[QStringLiteral("global")].toArray(), QJsonArray{1000});
        QVERIFY(json[QStringLiteral("local")].isNull());
        QCOMPARE(json[QStringLiteral("offset")].toArray(), QJsonArray{24});
        const QJsonArray args = json[QStringLiteral("arguments")].toArray();
        QCOMPARE(args.size(), 4);
        const QJsonObject outArg = args[2].toObject();
        QCOMPARE(outArg[QStringLiteral("kind")].toString(), QStringLiteral("buffer"));
        QCOMPARE(outArg[QStringLiteral("name")].toString(), QStringLiteral("out"));
        QCOMPARE(outArg[QStringLiteral("dtype")].toString(), QStringLiteral("float32"));
        QCOMPARE(outArg[QStringLiteral("flags")].toString(), QStringLiteral("write_only"));
        QCOMPARE(outArg[QStringLiteral("input")].toString(), QStringLiteral("arg2_out.npy"));
        QCOMPARE(outArg[QStringLiteral("expected")].toString(),
                 QStringLiteral("arg2_out_expected.npy"));
        const QJsonObject alpha = args[3].toObject();
        QCOMPARE(alpha[QStringLiteral("kind")].toString(), QStringLiteral("scalar"));
        QCOMPARE(alpha[QStringLiteral("type")].toString(), QStringLiteral("float"));
        QCOMPARE(alpha[QStringLiteral("value")].toDouble(), 2.5);
        for (const char* file : {"kernel.cl", "run.py", "main.cpp", "CMakeLists.txt", "README.md",
                                 "arg0_a.npy", "arg1_b_expected.npy"})
            QVERIFY2(fs::exists(folder / file), file);

        fs::path executable;
        const QString problem =
            reproduces(folder, fs::path(dir.path().toStdString()) / "build",
                       QStringLiteral("reproduced: 3 arguments match"), executable);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        // One value changed in the expected output: both fail and say which argument.
        NpyArray tampered = NpyFile::read(folder / "arg2_out_expected.npy");
        std::vector<float> values = tampered.values<float>();
        values[500] += 1.0f;
        tampered = NpyArray::of(NpyType::Float32, values);
        NpyFile::write(folder / "arg2_out_expected.npy", tampered);
        for (const Run& failed : {runPython(folder), runCpp(executable)}) {
            QVERIFY2(failed.exitCode == 1, qPrintable(failed.output));
            QVERIFY2(failed.output.contains(QStringLiteral(
                         "argument 2 'out': 1 of 1024 values differ; first at [500]")),
                     qPrintable(failed.output));
            QVERIFY2(failed.output.contains(QStringLiteral("NOT reproduced: 1 of 3 arguments "
                                                           "differ")),
                     qPrintable(failed.output));
        }
        QVERIFY(fs::exists(folder / "got" / "arg2_out_got.npy"));
        QCOMPARE(NpyFile::read(folder / "got" / "arg2_out_got.npy").values<float>()[500],
                 values[500] - 1.0f);
    }
    void float4LocalMemoryHeadersAndAliasReproduce() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        SourceSet sources;
        sources.files = {{"rotate.cl", kRotate}, {"common.h", kCommon}};
        BuildService::Settings settings;
        settings.useCache = false;
        BuildService builds(settings);
        BuildRequest build;
        build.context = context;
        build.devices = {device};
        build.sources = sources;
        build.options = "-DFACTOR=2.0f";
        const BuildOutcome outcome = builds.build(build);
        QVERIFY2(outcome.ok(),
                 outcome.devices.empty() ? outcome.error.c_str() : outcome.devices[0].log.c_str());
        const size_t n = 256;
        std::vector<cl_float4> data(n);
        for (size_t i = 0; i < n; ++i)
            data[i] = {{float(i), -float(i), 0.25f * float(i), float(i % 7)}};
        Buffer buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof(cl_float4),
                      data.data());
        LaunchRequest request;
        request.program = outcome.devices[0].program;
        request.kernelName = "rotate_groups";
        request.arguments = {ArgumentValue::memory(buffer), ArgumentValue::scalar(cl_int(5)),
                             ArgumentValue::local(32 * sizeof(cl_float4)),
                             ArgumentValue::memory(buffer)};
        request.geometry.global = NDRange(8); // work-groups: g_times_l
        request.geometry.local = NDRange(32);
        request.geometry.groupsTimesLocal = true;
        const CapturedLaunch captured =
            LaunchCapture::capture(queue, request, sources, build.options);
        QCOMPARE(captured.global.dimensions(), 1u);
        QCOMPARE(captured.global[0], size_t(256));
        const CapturedArgument& arg0 = captured.arguments[0];
        QCOMPARE(arg0.input.type, NpyType::Float32);
        QCOMPARE(arg0.input.shape, (std::vector<size_t>{256, 4}));
        QCOMPARE(arg0.components, 4);
        // Element 3 of group 0 now holds element 8 (3 + 5) doubled, plus w / 4 of its own.
        const std::vector<float> after = arg0.expected.values<float>();
        QCOMPARE(after[3 * 4 + 0], 2.0f * 8.0f);
        QCOMPARE(after[3 * 4 + 3], 2.0f * float(8 % 7) + 0.25f * float(3 % 7));
        QCOMPARE(captured.arguments[3].sameAs, std::optional<cl_uint>(0));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path folder = fs::path(dir.path().toStdString()) / "rotate";
        writeReproducer(captured, folder);
        QVERIFY(fs::exists(folder / "common.h"));
        const QJsonObject json = launchJson(folder);
        QCOMPARE(json[QStringLiteral("global")].toArray(), QJsonArray{256});
        QCOMPARE(json[QStringLiteral("local")].toArray(), QJsonArray{32});
        QCOMPARE(json[QStringLiteral("options")].toString(), QStringLiteral("-DFACTOR=2.0f"));
        QCOMPARE(json[QStringLiteral("headers")].toArray(), QJsonArray{QStringLiteral("common.h")});
        const QJsonArray args = json[QStringLiteral("arguments")].toArray();
        QCOMPARE(args[0].toObject()[QStringLiteral("shape")].toArray(), (QJsonArray{256, 4}));
        QCOMPARE(args[0].toObject()[QStringLiteral("components")].toInt(), 4);
        QCOMPARE(args[1].toObject()[QStringLiteral("type")].toString(), QStringLiteral("int"));
        QCOMPARE(args[1].toObject()[QStringLiteral("value")].toInt(), 5);
        QCOMPARE(args[2].toObject()[QStringLiteral("kind")].toString(), QStringLiteral("local"));
        QCOMPARE(args[2].toObject()[QStringLiteral("bytes")].toInt(), 512);
        QCOMPARE(args[3].toObject()[QStringLiteral("same_as")].toInt(), 0);
        QVERIFY(!args[3].toObject().contains(QStringLiteral("input")));

        fs::path executable;
        const QString problem =
            reproduces(folder, fs::path(dir.path().toStdString()) / "build",
                       QStringLiteral("reproduced: 1 arguments match"), executable);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void structByValueReproducesWithItsFields() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program program = Program::fromSource(context, R"CLC(
typedef struct { float scale; int4 shift; } Params;
__kernel void scaled(__global float* out, Params p) {
    const int i = get_global_id(0);
    out[i] = i * p.scale + p.shift.y;
}
)CLC");
        QVERIFY(program.build("").ok());
        const KernelSignature signature = readSignature(Kernel(program, "scaled"), device);
        std::vector<unsigned char> params;
        QCOMPARE(packStructValue(signature.args[1].type,
                                 {{"scale", "0.5"}, {"shift", "1, 2, 3, 4"}}, params),
                 std::string());
        std::vector<float> zeros(16, 0.0f);
        Buffer out(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 16 * 4, zeros.data());
        LaunchRequest request;
        request.program = program;
        request.kernelName = "scaled";
        request.arguments = {
            ArgumentValue::memory(out),
            ArgumentValue::bytes(ScalarType::Struct, 1, params.data(), params.size())};
        request.geometry.global = NDRange(16);
        const CapturedLaunch captured = LaunchCapture::capture(queue, request);
        QCOMPARE(captured.arguments[0].expected.values<float>()[6], 6 * 0.5f + 2.0f);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path folder = fs::path(dir.path().toStdString()) / "scaled";
        writeReproducer(captured, folder);
        const QJsonObject arg = launchJson(folder)[QStringLiteral("arguments")][1].toObject();
        QCOMPARE(arg[QStringLiteral("kind")].toString(), QStringLiteral("scalar"));
        QCOMPARE(arg[QStringLiteral("type")].toString(), QStringLiteral("Params"));
        const QJsonObject fields = arg[QStringLiteral("fields")].toObject();
        QCOMPARE(fields[QStringLiteral("scale")].toDouble(), 0.5);
        QCOMPARE(fields[QStringLiteral("shift")].toArray(), (QJsonArray{1, 2, 3, 4}));
        fs::path executable;
        const QString problem =
            reproduces(folder, fs::path(dir.path().toStdString()) / "build",
                       QStringLiteral("reproduced: 1 arguments match"), executable);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void imageThroughSamplerReproduces() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program program = Program::fromSource(context, kSample);
        QVERIFY(program.build().ok());
        const size_t width = 16, height = 8;
        std::vector<cl_uchar> pixels(width * height * 4);
        for (size_t i = 0; i < pixels.size(); ++i)
            pixels[i] = cl_uchar((i * 37) % 256);
        const cl_image_format rgba8{CL_RGBA, CL_UNORM_INT8};
        const cl_image_format rgbaF{CL_RGBA, CL_FLOAT};
        Image src = Image::create2D(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, rgba8, width,
                                    height, 0, pixels.data());
        Image dst = Image::create2D(context, CL_MEM_WRITE_ONLY, rgbaF, width, height);
        Sampler sampler(context, false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
        Buffer out(context, CL_MEM_WRITE_ONLY, width * height * sizeof(cl_float4));
        queue.fill(out, 0.0f, 0, width * height * sizeof(cl_float4));
        const float zero[4] = {0, 0, 0, 0};
        queue.fillImage(dst, zero, {0, 0, 0}, {width, height, 1});
        LaunchRequest request;
        request.program = program;
        request.kernelName = "sample";
        request.arguments = {ArgumentValue::memory(src), ArgumentValue::sampler(sampler),
                             ArgumentValue::memory(out), ArgumentValue::memory(dst),
                             ArgumentValue::scalar(cl_int(width))};
        request.geometry.global = NDRange(width, height);
        request.geometry.local = NDRange(4, 4);
        const CapturedLaunch captured = LaunchCapture::capture(queue, request);
        const CapturedArgument& srcArg = captured.arguments[0];
        QCOMPARE(srcArg.kind, CapturedArgument::Kind::Image);
        QCOMPARE(srcArg.input.type, NpyType::UInt8);
        QCOMPARE(srcArg.input.shape, (std::vector<size_t>{height, width, 4}));
        QVERIFY(srcArg.input.data == pixels);
        const std::vector<float> sampled = captured.arguments[2].expected.values<float>();
        QCOMPARE(sampled[(3 * width + 5) * 4 + 1],
                 0.5f * float(pixels[(3 * width + 5) * 4 + 1]) / 255.0f);
        const std::vector<float> swizzled = captured.arguments[3].expected.values<float>();
        QCOMPARE(swizzled[(3 * width + 5) * 4 + 0],
                 float(pixels[(3 * width + 5) * 4 + 3]) / 255.0f);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path folder = fs::path(dir.path().toStdString()) / "sample";
        writeReproducer(captured, folder);
        const QJsonArray args = launchJson(folder)[QStringLiteral("arguments")].toArray();
        const QJsonObject image = args[0].toObject();
        QCOMPARE(image[QStringLiteral("kind")].toString(), QStringLiteral("image"));
        QCOMPARE(image[QStringLiteral("image_type")].toString(), QStringLiteral("image2d"));
        QCOMPARE(image[QStringLiteral("channel_order")].toString(), QStringLiteral("CL_RGBA"));
        QCOMPARE(image[QStringLiteral("channel_type")].toString(), QStringLiteral("CL_UNORM_INT8"));
        QCOMPARE(image[QStringLiteral("dtype")].toString(), QStringLiteral("uint8"));
        QCOMPARE(image[QStringLiteral("shape")].toArray(), (QJsonArray{8, 16, 4}));
        QCOMPARE(image[QStringLiteral("region")].toArray(), (QJsonArray{16, 8, 1}));
        const QJsonObject smp = args[1].toObject();
        QCOMPARE(smp[QStringLiteral("kind")].toString(), QStringLiteral("sampler"));
        QCOMPARE(smp[QStringLiteral("normalized")].toBool(), false);
        QCOMPARE(smp[QStringLiteral("addressing")].toString(),
                 QStringLiteral("CL_ADDRESS_CLAMP_TO_EDGE"));
        QCOMPARE(smp[QStringLiteral("filter")].toString(), QStringLiteral("CL_FILTER_NEAREST"));
        QCOMPARE(args[3].toObject()[QStringLiteral("dtype")].toString(), QStringLiteral("float32"));

        fs::path executable;
        const QString problem =
            reproduces(folder, fs::path(dir.path().toStdString()) / "build",
                       QStringLiteral("reproduced: 3 arguments match"), executable);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void svmPointersAreRefusedByName() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program program = Program::fromSource(context, kVectorAdd);
        QVERIFY(program.build().ok());
        Buffer buffer(context, CL_MEM_READ_WRITE, 64);
        float host = 0; // never dereferenced: the capture refuses before the launch
        LaunchRequest request;
        request.program = program;
        request.kernelName = "vadd";
        request.arguments = {ArgumentValue::memory(buffer), ArgumentValue::svm(&host),
                             ArgumentValue::memory(buffer), ArgumentValue::scalar(1.0f)};
        request.geometry.global = NDRange(16);
        try {
            LaunchCapture::capture(queue, request);
            QFAIL("an SVM argument was captured");
        } catch (const ClError& error) {
            QVERIFY2(QString::fromUtf8(error.what())
                         .contains(QStringLiteral("capturing argument 1 '__global const float *b' "
                                                  "of kernel 'vadd' failed: SVM pointers cannot "
                                                  "be captured yet")),
                     error.what());
        }
    }

    void launchJsonOfValuesJsonCannotHold() {
        CapturedLaunch launch;
        launch.sources = SourceSet::single("__kernel void k() {}");
        launch.kernelName = "k\"quoted\"";
        launch.global = NDRange(4, 2);
        CapturedArgument nan;
        nan.element = ScalarType::Float;
        nan.typeName = "float2";
        nan.vectorWidth = 2;
        const float values[2] = {std::numeric_limits<float>::quiet_NaN(), -1.5f};
        nan.bytes.resize(8);
        std::memcpy(nan.bytes.data(), values, 8);
        CapturedArgument structure;
        structure.index = 1;
        structure.element = ScalarType::Struct;
        structure.typeName = "struct Pair";
        structure.bytes = {1, 2, 3};
        CapturedArgument null;
        null.index = 2;
        null.kind = CapturedArgument::Kind::Null;
        launch.arguments = {nan, structure, null};
        const QJsonObject json =
            QJsonDocument::fromJson(QByteArray::fromStdString(reproducerJson(launch))).object();
        QCOMPARE(json[QStringLiteral("kernel")].toString(), QStringLiteral("k\"quoted\""));
        QCOMPARE(json[QStringLiteral("global")].toArray(), (QJsonArray{4, 2}));
        const QJsonArray args = json[QStringLiteral("arguments")].toArray();
        QCOMPARE(args[0].toObject()[QStringLiteral("value")].toArray(),
                 (QJsonArray{QStringLiteral("nan"), -1.5}));
        QCOMPARE(args[1].toObject()[QStringLiteral("dtype")].toString(), QStringLiteral("uint8"));
        QCOMPARE(args[1].toObject()[QStringLiteral("hex")].toString(), QStringLiteral("010203"));
        QVERIFY(!args[1].toObject().contains(QStringLiteral("value")));
        QCOMPARE(args[2].toObject()[QStringLiteral("kind")].toString(), QStringLiteral("null"));

        // A header whose name leaves the folder is refused, and nothing is written for it.
        launch.sources.files.push_back({"../outside.h", "#define X 1\n"});
        QTemporaryDir dir;
        const fs::path folder = fs::path(dir.path().toStdString()) / "r";
        try {
            writeReproducer(launch, folder);
            QFAIL("a header outside the folder was written");
        } catch (const std::runtime_error& error) {
            QVERIFY2(QString::fromUtf8(error.what())
                         .contains(QStringLiteral("'../outside.h' is not a path inside")),
                     error.what());
        }
        QVERIFY(!fs::exists(fs::path(dir.path().toStdString()) / "outside.h"));
    }
};

QTEST_GUILESS_MAIN(TestReproducer)
#include "tst_reproducer.moc"
