// Sessions run headless on the device (SessionRunner over SessionResources): fills and data files,
// scalar, vector, local, sampler and null arguments, images, struct buffers; each output checked
// against values computed here. And every way a session can be wrong, each with a message that
// names the launch, the argument, the buffer or the file.
#include "TestDevice.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/inspect/ElementFill.h"
#include "clw/engine/launch/LaunchService.h"
#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionResources.h"
#include "clw/engine/session/SessionRunner.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

using namespace clw::engine;

namespace {

SessionBuffer makeBuffer(std::string name, std::string type, std::vector<std::uint64_t> shape,
                         FillSpec::Kind fill = FillSpec::Kind::Zeros, bool output = true) {
    SessionBuffer buffer;
    buffer.name = std::move(name);
    buffer.elementType = std::move(type);
    buffer.shape = std::move(shape);
    buffer.init.kind = SessionInit::Kind::Fill;
    buffer.init.fill.kind = fill;
    buffer.output = output;
    return buffer;
}

SessionInit fileInit(std::string path) {
    SessionInit init;
    init.kind = SessionInit::Kind::File;
    init.file = std::move(path);
    return init;
}

FillSpec ramp(double start, double step) {
    FillSpec spec;
    spec.kind = FillSpec::Kind::Ramp;
    spec.start = start;
    spec.step = step;
    return spec;
}

SessionArgument bufferArg(std::string name) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Buffer;
    argument.buffer = std::move(name);
    return argument;
}

SessionArgument valueArg(std::string text) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Scalar;
    argument.value = std::move(text);
    return argument;
}

SessionArgument localArg(std::uint64_t bytes) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Local;
    argument.localBytes = bytes;
    return argument;
}

SessionArgument samplerArg(std::string text) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Sampler;
    argument.sampler = std::move(text);
    return argument;
}

SessionArgument nullArg() {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Null;
    return argument;
}

SessionLaunch makeLaunch(std::string kernel, std::vector<SessionArgument> arguments,
                         std::vector<std::uint64_t> global, std::vector<std::uint64_t> local = {}) {
    SessionLaunch launch;
    launch.name = kernel;
    launch.kernel = std::move(kernel);
    launch.arguments = std::move(arguments);
    launch.global = std::move(global);
    launch.local = std::move(local);
    return launch;
}

const char* kVectorAdd = R"CLC(
__kernel void add(__global const float* a, __global const float* b, __global float* c) {
    const size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
)CLC";

// c = a + b over 1024 floats: a[i] = i, b[i] = 10 - 0.5 i.
Session vectorAddSession() {
    Session session;
    session.title = "add";
    session.sources = SourceSet::single(kVectorAdd, "add.cl");
    SessionBuffer a = makeBuffer("a", "float", {1024}, FillSpec::Kind::Ramp, false);
    a.init.fill = ramp(0, 1);
    a.access = "read_only";
    SessionBuffer b = makeBuffer("b", "float", {1024}, FillSpec::Kind::Ramp, false);
    b.init.fill = ramp(10, -0.5);
    SessionBuffer c = makeBuffer("c", "float", {1024});
    c.access = "write_only";
    session.buffers = {a, b, c};
    session.launches = {
        makeLaunch("add", {bufferArg("a"), bufferArg("b"), bufferArg("c")}, {1024}, {64})};
    return session;
}

const NpyArray* findOutput(const SessionRun& run, const std::string& name) {
    for (const auto& [outputName, array] : run.outputs)
        if (outputName == name)
            return &array;
    return nullptr;
}

// The error a session fails with, or "" when it runs.
std::string failureOf(BuildService& builds, const Session& session, const Device& device,
                      const std::filesystem::path& folder = std::filesystem::current_path()) {
    try {
        SessionRunner(session, folder, &builds).run(device);
    } catch (const SessionError& error) {
        return error.what();
    }
    return {};
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

#define CLW_EXPECT_MESSAGE(message, ...)                                                           \
    do {                                                                                           \
        const std::string clwMessage_ = (message);                                                 \
        QVERIFY2(!clwMessage_.empty(), "expected a SessionError");                                 \
        for (const char* clwPart_ : {__VA_ARGS__})                                                 \
            QVERIFY2(contains(clwMessage_, clwPart_),                                              \
                     qPrintable(QStringLiteral("'%1' not in: %2")                                  \
                                    .arg(QString::fromUtf8(clwPart_),                              \
                                         QString::fromStdString(clwMessage_))));                   \
    } while (0)

} // namespace

class TestSessionRunner : public QObject {
    Q_OBJECT

    QTemporaryDir m_cacheDir;
    std::optional<BuildService> m_builds;

    BuildService& builds() { return *m_builds; }

private slots:
    void initTestCase() {
        BuildService::Settings settings;
        settings.cacheFolder = m_cacheDir.filePath(QStringLiteral("cache")).toStdString();
        m_builds.emplace(settings);
    }
    void cleanupTestCase() { m_builds.reset(); }

    void vectorAdd() {
        CLW_REQUIRE_DEVICE(device);
        Session session = vectorAddSession();
        session.launches[0].repeat = 3;
        const SessionRun run =
            SessionRunner(session, std::filesystem::current_path(), &builds()).run(device);
        QVERIFY(run.built);
        QCOMPARE(run.device, device);
        QCOMPARE(run.uploads.size(), size_t(3));
        for (const auto& [name, upload] : run.uploads)
            QVERIFY2(upload.ok, upload.error.c_str());
        QCOMPARE(run.launches.size(), size_t(1));
        QCOMPARE(run.launches[0].name, std::string("add"));
        QVERIFY(run.launches[0].result.ok);
        QCOMPARE(run.launches[0].result.runs.size(), size_t(3));
        QCOMPARE(run.launches[0].result.local[0], size_t(64));
        // Only c is an output.
        QCOMPARE(run.outputs.size(), size_t(1));
        const NpyArray* c = findOutput(run, "c");
        QVERIFY(c);
        QCOMPARE(c->type, NpyType::Float32);
        QCOMPARE(c->shape, std::vector<size_t>{1024});
        const std::vector<float> values = c->values<float>();
        for (size_t i = 0; i < values.size(); ++i)
            QCOMPARE(values[i], float(i) + (10.0f - 0.5f * float(i)));
    }

    void runsWithItsOwnBuildService() {
        CLW_REQUIRE_DEVICE(device);
        QTemporaryDir cache;
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        const SessionRun run =
            SessionRunner(vectorAddSession(), std::filesystem::current_path()).run(device);
        qunsetenv("XDG_CACHE_HOME");
        QCOMPARE(findOutput(run, "c")->values<float>()[4], 4.0f + 8.0f);
    }

    // Each run makes its own context: a shared BuildService must not hand it a program of an
    // earlier run's context (a sampler of the new context would not bind to its kernel).
    void runsShareABuildService() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(R"CLC(
__kernel void sample(read_only image2d_t img, sampler_t s, __global float4* out) {
    out[0] = read_imagef(img, s, (int2)(1, 0));
}
)CLC");
        SessionBuffer img = makeBuffer("img", "float4", {2, 1}, FillSpec::Kind::Ramp);
        img.image = SessionBuffer::Image{"image2d_t", "CL_RGBA", "CL_FLOAT"};
        session.buffers = {img, makeBuffer("out", "float4", {1})};
        session.launches = {makeLaunch(
            "sample", {bufferArg("img"), samplerArg("filter=nearest"), bufferArg("out")}, {1})};
        for (int run = 0; run < 2; ++run) {
            const SessionRun result =
                SessionRunner(session, std::filesystem::current_path(), &builds()).run(device);
            QCOMPARE(findOutput(result, "out")->values<float>(), (std::vector<float>{1, 1, 1, 1}));
        }
    }

    void fillsFromDataFiles() {
        CLW_REQUIRE_DEVICE(device);
        QTemporaryDir folder;
        const std::filesystem::path root = folder.path().toStdString();
        std::filesystem::create_directories(root / "data");
        // b from a file; v (float4) from a file with a component axis, w (float4) from a flat
        // file, p (float3, padded to 16 bytes on the device) from an (n, 3) file.
        std::vector<float> b(1024), v(64 * 4), p(64 * 3);
        for (size_t i = 0; i < b.size(); ++i)
            b[i] = float(i % 37) * 0.25f;
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = float(i) - 100.0f;
        for (size_t i = 0; i < p.size(); ++i)
            p[i] = float(i) * 3.0f;
        NpyFile::write(root / "data/b.npy", NpyArray::of(NpyType::Float32, b));
        NpyFile::write(root / "data/v.npy", NpyArray::of(NpyType::Float32, v, {64, 4}));
        NpyFile::write(root / "data/w.npy", NpyArray::of(NpyType::Float32, v));
        NpyFile::write(root / "data/p.npy", NpyArray::of(NpyType::Float32, p, {64, 3}));

        Session session = vectorAddSession();
        session.sources = SourceSet::single(std::string(kVectorAdd) + R"CLC(
__kernel void mix4(__global const float4* v, __global const float4* w, __global float3* p,
                   __global float4* out) {
    const size_t i = get_global_id(0);
    out[i] = v[i] * 2.0f + w[i];
    p[i] = p[i] + (float3)(1.0f, 2.0f, 3.0f);
}
)CLC");
        session.buffers[1].init = fileInit("data/b.npy");
        SessionBuffer vb = makeBuffer("v", "float4", {64}, FillSpec::Kind::Zeros, false);
        vb.init = fileInit("data/v.npy");
        SessionBuffer wb = makeBuffer("w", "float4", {64}, FillSpec::Kind::Zeros, false);
        wb.init = fileInit("data/w.npy");
        SessionBuffer pb = makeBuffer("p", "float3", {64});
        pb.init = fileInit("data/p.npy");
        session.buffers.push_back(vb);
        session.buffers.push_back(wb);
        session.buffers.push_back(pb);
        session.buffers.push_back(makeBuffer("out", "float4", {64}));
        session.launches.push_back(makeLaunch(
            "mix4", {bufferArg("v"), bufferArg("w"), bufferArg("p"), bufferArg("out")}, {64}));

        const SessionRun run = SessionRunner(session, root, &builds()).run(device);
        const std::vector<float> c = findOutput(run, "c")->values<float>();
        for (size_t i = 0; i < c.size(); ++i)
            QCOMPARE(c[i], float(i) + b[i]);
        const NpyArray* out = findOutput(run, "out");
        QCOMPARE(out->shape, (std::vector<size_t>{64, 4}));
        const std::vector<float> mixed = out->values<float>();
        for (size_t i = 0; i < mixed.size(); ++i)
            QCOMPARE(mixed[i], v[i] * 2.0f + v[i]);
        // A 3-vector comes back as three columns, its padding dropped.
        const NpyArray* moved = findOutput(run, "p");
        QCOMPARE(moved->shape, (std::vector<size_t>{64, 3}));
        const std::vector<float> pv = moved->values<float>();
        for (size_t i = 0; i < pv.size(); ++i)
            QCOMPARE(pv[i], p[i] + float(i % 3 + 1));
    }

    void scalarVectorAndNullArguments() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(R"CLC(
__kernel void scale(__global float4* out, float s, float4 v, int n, float3 w, uint mask,
                    __global float* unused, short2 pair, ulong big) {
    const int i = get_global_id(0);
    out[i] = v * s + (float4)(w, (float)(n & mask)) + (float)i
             + (unused ? 1000.0f : 0.0f) + (float4)((float)pair.x, (float)pair.y, 0.0f,
                                                     big == 18446744073709551615UL ? 1.0f : 0.0f);
}
)CLC");
        session.buffers = {makeBuffer("out", "float4", {16})};
        session.launches = {
            makeLaunch("scale",
                       {bufferArg("out"), valueArg("0.5"), valueArg("1, 2, 3, 4"), valueArg("-7"),
                        valueArg("10,20,30"), valueArg("0xff"), nullArg(), valueArg("-3"),
                        valueArg("18446744073709551615")},
                       {16})};
        const SessionRun run =
            SessionRunner(session, std::filesystem::current_path(), &builds()).run(device);
        const std::vector<float> out = findOutput(run, "out")->values<float>();
        const float n = float(-7 & 0xff);
        for (int i = 0; i < 16; ++i) {
            // "-3" for a short2 gives both components.
            QCOMPARE(out[i * 4 + 0], 0.5f + 10.0f + float(i) - 3.0f);
            QCOMPARE(out[i * 4 + 1], 1.0f + 20.0f + float(i) - 3.0f);
            QCOMPARE(out[i * 4 + 2], 1.5f + 30.0f + float(i));
            QCOMPARE(out[i * 4 + 3], 2.0f + n + float(i) + 1.0f);
        }
    }

    // The driver names these arguments as written (DATA_TYPE, real_arg, count_t, v4, Scale);
    // the engine types them as the compiler did: typedef chains from an included header, a
    // typedef chosen under #ifdef by a -D option, a macro, a vector typedef and an enum given as
    // a number. The second run builds from the cache, whose program has no source.
    void typedefArgumentsBindAsTheCompilerResolvesThem() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources.mainFile = "axpy.cl";
        session.sources.files = {{"types.h", R"CLC(
typedef float real;
typedef real real_arg;
#ifdef WIDE_COUNT
typedef long count_t;
#else
typedef int count_t;
#endif
typedef float4 v4;
typedef enum { SCALE_ONE = 1, SCALE_FIVE = 5 } Scale;
)CLC"},
                                 {"axpy.cl", R"CLC(
#include "types.h"
#define DATA_TYPE real
typedef DATA_TYPE alpha_t;
__kernel void axpy(__global DATA_TYPE* y, const real_arg alpha, alpha_t beta, count_t count,
                   v4 shift, Scale scale) {
    const int i = get_global_id(0);
    y[i] = alpha * (DATA_TYPE)i + beta + shift.z + (DATA_TYPE)scale
           + (count == 3000000000L ? 1000.0f : 0.0f);
}
)CLC"}};
        // count_t is long only with -DWIDE_COUNT: typed as int, its 8 bytes would be refused.
        session.options = "-DWIDE_COUNT";
        session.buffers = {makeBuffer("y", "float", {8})};
        session.launches = {
            makeLaunch("axpy",
                       {bufferArg("y"), valueArg("2"), valueArg("0.25"), valueArg("3000000000"),
                        valueArg("0, 0, 10, 0"), valueArg("SCALE_FIVE")},
                       {8})};
        for (const bool fromCache : {false, true}) {
            const SessionRun run =
                SessionRunner(session, std::filesystem::current_path(), &builds()).run(device);
            QCOMPARE(run.buildFromCache, fromCache);
            const std::vector<float> y = findOutput(run, "y")->values<float>();
            for (int i = 0; i < 8; ++i)
                QCOMPARE(y[i], 2.0f * float(i) + 0.25f + 10.0f + 5.0f + 1000.0f);
        }
    }

    void mismatchesAreWarnedAndStillRun() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(R"CLC(
__kernel void twice(__global const float* in, __global float* out) {
    out[get_global_id(0)] = 2.0f * in[get_global_id(0)];
}
)CLC");
        session.sources.includeDirs = {"no-such-include"};
        session.options = "-I no-such-option-dir";
        SessionBuffer in = makeBuffer("in", "int", {4}, FillSpec::Kind::Ramp, false);
        in.init.fill = ramp(1065353216, 1); // 0x3f800000: 1.0f read as a float
        session.buffers = {in, makeBuffer("out", "float", {4})};
        session.launches = {makeLaunch("twice", {bufferArg("in"), bufferArg("out")}, {4})};
        const SessionRunner runner(session, std::filesystem::current_path(), &builds());
        const std::vector<std::string> folders = runner.includeFolderWarnings();
        QCOMPARE(folders.size(), size_t(2));
        QVERIFY2(contains(folders[0], "sources.includeDirs: the folder 'no-such-include' (") &&
                     contains(folders[0], ") does not exist; no header is looked for there"),
                 folders[0].c_str());
        QCOMPARE(folders[1], std::string("options: -I no-such-option-dir: the folder does not "
                                         "exist; no header is looked for there"));
        const SessionRun run = runner.run(device);
        QCOMPARE(run.warnings.size(), size_t(1));
        QCOMPARE(run.warnings[0],
                 std::string("launch 'twice': argument 0 '__global const float *in': buffer 'in' "
                             "holds int, the kernel reads float: it runs, the bytes read as the "
                             "kernel's type"));
        // It ran as given: the int's bits read as a float.
        QCOMPARE(findOutput(run, "out")->values<float>()[0], 2.0f);
    }

    void localMemory() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(R"CLC(
__kernel void sums(__global const int* in, __global int* partial, __local int* scratch) {
    const uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
)CLC");
        SessionBuffer in = makeBuffer("in", "int", {1024}, FillSpec::Kind::Random, false);
        in.init.fill.seed = 5;
        in.init.fill.low = -100;
        in.init.fill.high = 100;
        session.buffers = {in, makeBuffer("partial", "int", {16})};
        session.launches = {makeLaunch(
            "sums", {bufferArg("in"), bufferArg("partial"), localArg(64 * 4)}, {1024}, {64})};
        const SessionRun run =
            SessionRunner(session, std::filesystem::current_path(), &builds()).run(device);
        // The same inputs, summed here.
        std::vector<std::int32_t> values(1024);
        ElementFill(ElementLayout::scalar(ScalarType::Int), in.init.fill)
            .generate(0, values.size(), reinterpret_cast<unsigned char*>(values.data()), 4);
        const std::vector<std::int32_t> partial =
            findOutput(run, "partial")->values<std::int32_t>();
        QCOMPARE(partial.size(), size_t(16));
        for (size_t g = 0; g < 16; ++g) {
            std::int32_t sum = 0;
            for (size_t i = 0; i < 64; ++i)
                sum += values[g * 64 + i];
            QCOMPARE(partial[g], sum);
        }
    }

    void imageWithSampler() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(R"CLC(
__kernel void shift(__read_only image2d_t src, sampler_t sampler, __global float4* out,
                    __write_only image2d_t copy) {
    const int x = get_global_id(0), y = get_global_id(1);
    out[y * get_image_width(src) + x] = read_imagef(src, sampler, (int2)(x + 1, y - 1));
    write_imageui(copy, (int2)(x, y), (uint4)(x, y, x + y, 7));
}
)CLC");
        SessionBuffer picture = makeBuffer("picture", "uchar4", {20, 12}, FillSpec::Kind::Random);
        picture.init.fill.seed = 9;
        picture.init.fill.low = 0;
        picture.init.fill.high = 255;
        picture.access = "read_only";
        picture.image = SessionBuffer::Image{"image2d_t", "CL_RGBA", "CL_UNORM_INT8"};
        SessionBuffer copy = makeBuffer("copy", "ushort4", {20, 12});
        copy.access = "write_only";
        copy.image = SessionBuffer::Image{"image2d_t", "rgba", "unsigned_int16"};
        session.buffers = {picture, makeBuffer("out", "float4", {20, 12}), copy};
        session.launches = {
            makeLaunch("shift",
                       {bufferArg("picture"),
                        samplerArg("normalized=false addressing=clamp_to_edge filter=nearest"),
                        bufferArg("out"), bufferArg("copy")},
                       {20, 12})};
        const SessionRun run =
            SessionRunner(session, std::filesystem::current_path(), &builds()).run(device);
        std::vector<unsigned char> pixels(20 * 12 * 4);
        ElementFill(ElementLayout::scalar(ScalarType::UChar, 4), picture.init.fill)
            .generate(0, 20 * 12, pixels.data(), 4);
        // The image reads back as the pixels written.
        const NpyArray* image = findOutput(run, "picture");
        QCOMPARE(image->shape, (std::vector<size_t>{12, 20, 4}));
        QCOMPARE(image->type, NpyType::UInt8);
        QVERIFY(image->data == pixels);
        const NpyArray* out = findOutput(run, "out");
        QCOMPARE(out->shape, (std::vector<size_t>{12, 20, 4}));
        const std::vector<float> values = out->values<float>();
        for (int y = 0; y < 12; ++y)
            for (int x = 0; x < 20; ++x) {
                const int sx = std::min(x + 1, 19), sy = std::max(y - 1, 0);
                for (int c = 0; c < 4; ++c)
                    QVERIFY(std::fabs(values[(y * 20 + x) * 4 + c] -
                                      pixels[(sy * 20 + sx) * 4 + c] / 255.0f) < 1e-6f);
            }
        const std::vector<std::uint16_t> written = findOutput(run, "copy")->values<std::uint16_t>();
        QCOMPARE(written.size(), size_t(20 * 12 * 4));
        QCOMPARE(written[(5 * 20 + 3) * 4 + 0], std::uint16_t(3));
        QCOMPARE(written[(5 * 20 + 3) * 4 + 1], std::uint16_t(5));
        QCOMPARE(written[(5 * 20 + 3) * 4 + 2], std::uint16_t(8));
        QCOMPARE(written[(5 * 20 + 3) * 4 + 3], std::uint16_t(7));
    }

    void structBuffer() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(R"CLC(
typedef struct { float3 pos; uint id; } Particle;
__kernel void advance(__global Particle* p) {
    const size_t i = get_global_id(0);
    p[i].pos += (float3)(1.0f, 2.0f, 3.0f);
    p[i].id = p[i].id * 2 + 1;
}
)CLC");
        SessionBuffer particles =
            makeBuffer("particles", "struct { float3 pos; uint id; }", {32}, FillSpec::Kind::Ramp);
        particles.init.fill = ramp(1, 1);
        session.buffers = {particles};
        session.launches = {makeLaunch("advance", {bufferArg("particles")}, {32})};
        const SessionRun run =
            SessionRunner(session, std::filesystem::current_path(), &builds()).run(device);
        // A struct travels as its bytes: uint8 (count, size), the padding included.
        const NpyArray* out = findOutput(run, "particles");
        QCOMPARE(out->type, NpyType::UInt8);
        QCOMPARE(out->shape, (std::vector<size_t>{32, 32}));
        for (size_t i = 0; i < 32; ++i) {
            const unsigned char* element = out->data.data() + i * 32;
            float pos[3];
            std::uint32_t id = 0;
            std::memcpy(pos, element, sizeof pos);
            std::memcpy(&id, element + 16, sizeof id);
            for (int c = 0; c < 3; ++c)
                QCOMPARE(pos[c], float(i + 1) + float(c + 1));
            QCOMPARE(id, std::uint32_t((i + 1) * 2 + 1));
        }
    }

    void structFromDataFile() {
        CLW_REQUIRE_DEVICE(device);
        QTemporaryDir folder;
        const std::filesystem::path root = folder.path().toStdString();
        // Two elements of struct { int a; float b; } as uint8 (2, 8).
        std::vector<unsigned char> bytes(16);
        const std::int32_t a0 = 5, a1 = -6;
        const float b0 = 1.5f, b1 = 2.5f;
        std::memcpy(bytes.data(), &a0, 4);
        std::memcpy(bytes.data() + 4, &b0, 4);
        std::memcpy(bytes.data() + 8, &a1, 4);
        std::memcpy(bytes.data() + 12, &b1, 4);
        NpyFile::write(root / "s.npy", NpyArray::of(NpyType::UInt8, bytes, {2, 8}));
        Session session;
        session.sources = SourceSet::single(R"CLC(
typedef struct { int a; float b; } S;
__kernel void sum(__global const S* s, __global float* out) {
    out[get_global_id(0)] = s[get_global_id(0)].a + s[get_global_id(0)].b;
}
)CLC");
        SessionBuffer s = makeBuffer("s", "struct { int a; float b; }", {2});
        s.init = fileInit("s.npy");
        session.buffers = {s, makeBuffer("out", "float", {2})};
        session.launches = {makeLaunch("sum", {bufferArg("s"), bufferArg("out")}, {2})};
        const SessionRun run = SessionRunner(session, root, &builds()).run(device);
        QCOMPARE(findOutput(run, "out")->values<float>(), (std::vector<float>{6.5f, -3.5f}));
        QVERIFY(findOutput(run, "s")->data == bytes);
    }

    void twoDimensionalBufferAndGeometry() {
        SessionLaunch launch = makeLaunch("k", {}, {64, 32}, {16, 8});
        launch.offset = {2, 4};
        const LaunchGeometry geometry = sessionGeometry(launch);
        QCOMPARE(geometry.global.dimensions(), 2u);
        QCOMPARE(geometry.global[1], size_t(32));
        QCOMPARE(geometry.local[0], size_t(16));
        QCOMPARE(geometry.offset[1], size_t(4));
        QCOMPARE(sessionGeometry(makeLaunch("k", {}, {8})).local.dimensions(), 0u);
        try {
            sessionGeometry(makeLaunch("k", {}, {8, 8}, {4}));
            QFAIL("a local size of other dimensions than the global one was accepted");
        } catch (const SessionError& error) {
            CLW_EXPECT_MESSAGE(error.what(), "launch 'k'", "`local` has 1 sizes");
        }
    }

    void resourcesOnTheirOwn() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Session session = vectorAddSession();
        session.buffers.push_back(makeBuffer("grid", "uint", {8, 4, 2}, FillSpec::Kind::Ramp));
        SessionResources resources(context, session, std::filesystem::current_path());
        QVERIFY(resources.contains("grid"));
        QVERIFY(!resources.contains("nope"));
        QCOMPARE(resources.byteSize("grid"), std::uint64_t(8 * 4 * 2 * 4));
        QVERIFY(resources.buffer("a"));
        QVERIFY(!resources.image("a"));
        const std::vector<unsigned char> contents = resources.initialContents(session.buffers[0]);
        QCOMPARE(contents.size(), size_t(4096));
        float third = 0;
        std::memcpy(&third, contents.data() + 12, 4);
        QCOMPARE(third, 3.0f);
        LaunchService service(context, device);
        const auto uploads = resources.initialize(service);
        QCOMPARE(uploads.size(), size_t(4));
        QCOMPARE(uploads[3].first, std::string("grid"));
        const NpyArray grid = resources.read("grid", service.queue());
        QCOMPARE(grid.shape, (std::vector<size_t>{2, 4, 8}));
        QCOMPARE(grid.values<std::uint32_t>()[63], 63u);
        try {
            resources.memory("nope");
            QFAIL("an unknown name was accepted");
        } catch (const SessionError& error) {
            CLW_EXPECT_MESSAGE(error.what(), "'nope'");
        }
    }

    // Errors.

    void wrongArgumentCount() {
        CLW_REQUIRE_DEVICE(device);
        Session session = vectorAddSession();
        session.launches[0].arguments.pop_back();
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'add'",
                           "takes 3 arguments", "the launch gives 2", "float *c");
    }

    void unknownBuffer() {
        CLW_REQUIRE_DEVICE(device);
        Session session = vectorAddSession();
        session.launches[0].arguments[2].buffer = "cc";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'add'", "argument 2",
                           "float *c", "no buffer named 'cc'");
    }

    void badScalarText() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(
            "__kernel void set(__global int* out, int value, float4 v) { out[0] = value; }");
        session.buffers = {makeBuffer("out", "int", {1})};
        session.launches = {
            makeLaunch("set", {bufferArg("out"), valueArg("abc"), valueArg("1")}, {1})};
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'set'", "argument 1",
                           "int value", "'abc' is not an integer");
        session.launches[0].arguments[1].value = "3";
        session.launches[0].arguments[2].value = "1, 2, 3";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'set'", "argument 2",
                           "float4 v", "has 3 values; give 4");
        session.launches[0].arguments[2].value = "1, 2, x, 4";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "argument 2", "component 2",
                           "'x' is not a number");
        // A value where a buffer goes, a buffer where a value goes.
        session.launches[0].arguments[2].value = "1";
        session.launches[0].arguments[0] = valueArg("1");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "argument 0", "int *out",
                           "gives a value", "takes a buffer");
        session.launches[0].arguments[0] = bufferArg("out");
        session.launches[0].arguments[1] = bufferArg("out");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "argument 1", "gives a buffer",
                           "takes a value");
    }

    void localAndSamplerMismatches() {
        CLW_REQUIRE_DEVICE(device);
        Session session;
        session.sources = SourceSet::single(R"CLC(
__kernel void k(__global int* out, __local int* scratch, sampler_t s, read_only image2d_t img) {
    out[0] = 1;
}
)CLC");
        SessionBuffer img = makeBuffer("img", "uchar4", {4, 4});
        img.image = SessionBuffer::Image{};
        session.buffers = {makeBuffer("out", "int", {1}), img};
        session.launches = {makeLaunch(
            "k", {bufferArg("out"), localArg(0), samplerArg(""), bufferArg("img")}, {1})};
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'k'", "argument 1",
                           "__local int *scratch", "above 0 bytes");
        session.launches[0].arguments[1] = bufferArg("out");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "argument 1",
                           "a local size in bytes");
        session.launches[0].arguments[1] = localArg(16);
        session.launches[0].arguments[2] = samplerArg("normalized=maybe");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "argument 2", "sampler_t s",
                           "normalized is true or false");
        session.launches[0].arguments[2] = samplerArg("filter=cubic");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "filter is nearest or linear");
        session.launches[0].arguments[2] = samplerArg("addressing=wrap");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "addressing is none");
        session.launches[0].arguments[2] = samplerArg("addressing=repeat normalized=true");
        session.launches[0].arguments[3] = bufferArg("out");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "argument 3",
                           "'out' is a buffer; the kernel takes an image");
        session.launches[0].arguments[3] = bufferArg("img");
        session.launches[0].arguments[0] = bufferArg("img");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "argument 0",
                           "'img' is an image; the kernel takes a buffer");
        session.launches[0].arguments[0] = bufferArg("out");
        const std::string none = failureOf(builds(), session, device);
        QVERIFY2(none.empty(), none.c_str());
    }

    void dataFileOfWrongCount() {
        CLW_REQUIRE_DEVICE(device);
        QTemporaryDir folder;
        const std::filesystem::path root = folder.path().toStdString();
        NpyFile::write(root / "b.npy", NpyArray::of(NpyType::Float32, std::vector<float>(512)));
        Session session = vectorAddSession();
        session.buffers[1].init = fileInit("b.npy");
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device, root), "buffer 'b'", "b.npy", "512",
                           "1024");
        // Of the wrong type.
        NpyFile::write(root / "b.npy", NpyArray::of(NpyType::Float64, std::vector<double>(1024)));
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device, root), "buffer 'b'", "b.npy",
                           "float64");
        // Missing, and not .npy at all.
        session.buffers[1].init.file = "gone.npy";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device, root), "buffer 'b'", "gone.npy",
                           "missing");
        QFile text(QString::fromStdString((root / "text.npy").string()));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("not a numpy file");
        text.close();
        session.buffers[1].init.file = "text.npy";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device, root), "buffer 'b'", "text.npy",
                           "does not read");
    }

    void badBuffersAndImages() {
        CLW_REQUIRE_DEVICE(device);
        Session session = vectorAddSession();
        session.buffers[0].elementType = "flaot";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "buffer 'a'", "flaot");
        session = vectorAddSession();
        session.buffers[0].init.fill.kind = FillSpec::Kind::Constant;
        session.buffers[0].init.fill.constant = "one";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "buffer 'a'", "fill", "'one'");
        session = vectorAddSession();
        SessionBuffer picture = makeBuffer("picture", "float4", {8, 8});
        picture.image = SessionBuffer::Image{"image2d_t", "CL_RGBA", "CL_UNORM_INT8"};
        session.buffers.push_back(picture);
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "image 'picture'", "16 bytes",
                           "CL_RGBA / CL_UNORM_INT8 4", "uchar4");
        session.buffers.back().elementType = "uchar4";
        session.buffers.back().image->channelType = "CL_UNORM_INT9";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "image 'picture'",
                           "CL_UNORM_INT9");
        session.buffers.back().image->channelType = "CL_UNORM_INT8";
        session.buffers.back().image->type = "image3d_t";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "image 'picture'", "image3d_t",
                           "3 sizes");
        // A shape whose bytes wrap around 64 bits is refused before anything is allocated.
        session = vectorAddSession();
        session.buffers[0].shape = {(std::uint64_t(1) << 62) + 1};
        session.buffers[0].init.fill.kind = FillSpec::Kind::Ramp;
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "buffer 'a'",
                           "more than any memory holds", "make its shape smaller");
    }

    void kernelThatDoesNotCompile() {
        CLW_REQUIRE_DEVICE(device);
        Session session = vectorAddSession();
        session.sources = SourceSet::single(
            "__kernel void add(__global float* a, __global float* b, __global float* c) {\n"
            "    c[0] = a[0] + undefined_thing;\n"
            "}\n",
            "broken.cl");
        const std::string message = failureOf(builds(), session, device);
        CLW_EXPECT_MESSAGE(message, "build failed", "undefined_thing", "broken.cl:2");
    }

    void unknownKernel() {
        CLW_REQUIRE_DEVICE(device);
        Session session = vectorAddSession();
        session.launches[0].kernel = "sub";
        session.launches[0].name = "subtract";
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'subtract'",
                           "no kernel 'sub'", "add");
    }

    void badLocalSize() {
        CLW_REQUIRE_DEVICE(device);
        Session session = vectorAddSession();
        session.buffers[0].shape = {1000};
        session.buffers[1].shape = {1000};
        session.buffers[2].shape = {1000};
        session.launches[0].global = {1000};
        session.launches[0].local = {64};
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'add'", "1000", "64");
        session.launches[0].local = {1000000};
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'add'");
        session.launches[0].local = {8};
        session.launches[0].repeat = 0;
        CLW_EXPECT_MESSAGE(failureOf(builds(), session, device), "launch 'add'", "repeat");
    }
};

QTEST_GUILESS_MAIN(TestSessionRunner)
#include "tst_sessionrunner.moc"
