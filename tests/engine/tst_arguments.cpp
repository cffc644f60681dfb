// Argument binding against real signatures: every accepted kind works in a kernel, every
// rejection names the argument and carries the exact code.
#include "SharedSvm.h"
#include "TestDevice.h"

#include "clw/engine/launch/ArgumentBinder.h"
#include "clw/engine/launch/SignatureReader.h"
#include "clw/engine/memory/DeferredAllocator.h"
#include "clw/engine/memory/MemoryPool.h"
#include "clw/engine/runtime/SvmAllocation.h"

#include <QtTest>

#include <algorithm>

#include <cmath>

using namespace clw::engine;

namespace {

const char* kSource = R"CLC(
__kernel void blur(__global const float* in, __global float* out, float scale, int n) {
    int i = get_global_id(0);
    if (i < n) out[i] = in[i] * scale;
}
__kernel void scalars(__global double* out, char c, uchar uc, short s, ushort us, int i, uint ui,
                      long l, ulong ul, float f, double d) {
    out[0] = c; out[1] = uc; out[2] = s; out[3] = us; out[4] = i; out[5] = ui;
    out[6] = l; out[7] = ul; out[8] = f; out[9] = d;
}
__kernel void vectors(__global float* out, float2 a, float3 b, float4 c, int4 d, uchar16 e) {
    out[0] = a.y; out[1] = b.z; out[2] = c.w; out[3] = d.w; out[4] = e.s0 + e.sf;
}
__kernel void scratch(__global float* out, __local float* tmp) {
    int l = get_local_id(0);
    tmp[l] = l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[get_local_size(0) - 1 - l];
}
__kernel void sample(__read_only image2d_t src, sampler_t s, __global float4* out) {
    out[0] = read_imagef(src, s, (int2)(1, 0));
}
)CLC";

struct Fixture {
    Device device;
    Context context;
    CommandQueue queue;
    Program program;
    explicit Fixture(const Device& d)
        : device(d)
        , context(d)
        , queue(context, d)
        , program(Program::fromSource(context, kSource)) {
        const BuildResult built = program.build("-cl-kernel-arg-info");
        if (!built.ok())
            qFatal("%s", built.message().c_str());
    }
    KernelSignature signature(const Kernel& kernel) const { return readSignature(kernel, device); }
};

void expectRejected(const KernelSignature& signature, const std::vector<ArgumentValue>& values,
                    const Context& context, cl_int code, const char* text) {
    try {
        ArgumentBinder::check(signature, values, context);
        QFAIL("the values were accepted");
    } catch (const ClError& error) {
        QCOMPARE(error.name(), errorName(code));
        QVERIFY2(QString::fromStdString(error.what()).contains(QLatin1String(text)), error.what());
    }
}

cl_int CL_API_CALL noArgInfo(cl_kernel, cl_uint, cl_kernel_arg_info, size_t, void*, size_t*) {
    return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
}

} // namespace

class TestArguments : public QObject {
    Q_OBJECT
private slots:
    void buffersScalarsAndPooledBuffersRun() {
        CLW_REQUIRE_DEVICE(device);
        Fixture f(device);
        Kernel kernel(f.program, "blur");
        const KernelSignature signature = f.signature(kernel);
        QCOMPARE(signature.args.size(), size_t(4));
        std::vector<float> input(64);
        for (int i = 0; i < 64; ++i)
            input[i] = float(i);
        Buffer in(f.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 256, input.data());
        MemoryPool<DeferredAllocator> pool{DeferredAllocator(f.context)};
        // A sub-buffer of a pooled buffer, at the device's sub-buffer alignment (128 bytes on
        // PoCL, 512 on NVIDIA's H100).
        const size_t at = std::max<size_t>(256, device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8);
        PooledBuffer pooled = pool.allocate(at + 256);
        Buffer out = pooled.createSubBuffer(at, 256);
        const std::vector<ArgumentValue> values{
            ArgumentValue::memory(in), ArgumentValue::memory(out), ArgumentValue::scalar(2.5f),
            ArgumentValue::scalar(64)};
        ArgumentBinder::bind(kernel, signature, values, f.context);
        f.queue.ndRange(kernel, 64);
        std::vector<float> result(64);
        f.queue.read(pooled, at, 256, result.data());
        for (int i = 0; i < 64; ++i)
            QCOMPARE(result[i], 2.5f * float(i));
    }

    void everyScalarType() {
        CLW_REQUIRE_DEVICE(device);
        Fixture f(device);
        Kernel kernel(f.program, "scalars");
        Buffer out(f.context, CL_MEM_WRITE_ONLY, 10 * sizeof(double));
        const std::vector<ArgumentValue> values{ArgumentValue::memory(out),
                                                ArgumentValue::scalar(cl_char(-3)),
                                                ArgumentValue::scalar(cl_uchar(250)),
                                                ArgumentValue::scalar(cl_short(-300)),
                                                ArgumentValue::scalar(cl_ushort(60000)),
                                                ArgumentValue::scalar(cl_int(-70000)),
                                                ArgumentValue::scalar(cl_uint(4000000000u)),
                                                ArgumentValue::scalar(cl_long(-5000000000ll)),
                                                ArgumentValue::scalar(cl_ulong(9000000000ull)),
                                                ArgumentValue::scalar(1.5f),
                                                ArgumentValue::scalar(2.25)};
        ArgumentBinder::bind(kernel, f.signature(kernel), values, f.context);
        f.queue.ndRange(kernel, 1);
        double result[10];
        f.queue.read(out, 0, sizeof result, result);
        const double expected[10] = {-3,           250,           -300,         60000, -70000,
                                     4000000000.0, -5000000000.0, 9000000000.0, 1.5,   2.25};
        for (int i = 0; i < 10; ++i)
            QCOMPARE(result[i], expected[i]);
    }

    void vectorsIncludingThreeComponents() {
        CLW_REQUIRE_DEVICE(device);
        Fixture f(device);
        Kernel kernel(f.program, "vectors");
        const KernelSignature signature = f.signature(kernel);
        QCOMPARE(signature.args[2].type.size, size_t(16)); // float3 takes 16 bytes
        Buffer out(f.context, CL_MEM_WRITE_ONLY, 5 * sizeof(float));
        cl_float2 a = {{1, 2}};
        cl_float3 b = {{3, 4, 5}};
        cl_float4 c = {{6, 7, 8, 9}};
        cl_int4 d = {{10, 11, 12, 13}};
        cl_uchar16 e{};
        e.s[0] = 100;
        e.s[15] = 7;
        const std::vector<ArgumentValue> values{
            ArgumentValue::memory(out),
            ArgumentValue::bytes(ScalarType::Float, 2, &a, sizeof a),
            ArgumentValue::bytes(ScalarType::Float, 3, &b, sizeof b),
            ArgumentValue::bytes(ScalarType::Float, 4, &c, sizeof c),
            ArgumentValue::bytes(ScalarType::Int, 4, &d, sizeof d),
            ArgumentValue::bytes(ScalarType::UChar, 16, &e, sizeof e)};
        ArgumentBinder::bind(kernel, signature, values, f.context);
        f.queue.ndRange(kernel, 1);
        float result[5];
        f.queue.read(out, 0, sizeof result, result);
        QCOMPARE(result[0], 2.0f);
        QCOMPARE(result[1], 5.0f);
        QCOMPARE(result[2], 9.0f);
        QCOMPARE(result[3], 13.0f);
        QCOMPARE(result[4], 107.0f);
        // A float3 given as 12 bytes is the wrong size.
        auto wrong = values;
        wrong[2] = ArgumentValue::bytes(ScalarType::Float, 3, &b, 12);
        expectRejected(
            signature, wrong, f.context, CL_INVALID_ARG_SIZE,
            "setting argument 2 'float3 b' of kernel 'vectors' failed: expects float3 b of 16 "
            "bytes");
    }

    void localMemoryImagesAndSamplers() {
        CLW_REQUIRE_DEVICE(device);
        Fixture f(device);
        Kernel scratch(f.program, "scratch");
        Buffer out(f.context, CL_MEM_WRITE_ONLY, 16 * sizeof(float));
        ArgumentBinder::bind(scratch, f.signature(scratch),
                             std::vector<ArgumentValue>{ArgumentValue::memory(out),
                                                        ArgumentValue::local(16 * sizeof(float))},
                             f.context);
        f.queue.ndRange(scratch, 16, 16);
        float values[16];
        f.queue.read(out, 0, sizeof values, values);
        QCOMPARE(values[0], 15.0f);

        Kernel sample(f.program, "sample");
        const cl_image_format format{CL_RGBA, CL_FLOAT};
        float pixels[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        Image image = Image::create2D(f.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, format, 2,
                                      1, 0, pixels);
        Sampler sampler(f.context, false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
        Buffer pixel(f.context, CL_MEM_WRITE_ONLY, sizeof(cl_float4));
        const KernelSignature signature = f.signature(sample);
        const std::vector<ArgumentValue> good{ArgumentValue::memory(image),
                                              ArgumentValue::sampler(sampler),
                                              ArgumentValue::memory(pixel)};
        ArgumentBinder::bind(sample, signature, good, f.context);
        f.queue.ndRange(sample, 1);
        cl_float4 read;
        f.queue.read(pixel, 0, sizeof read, &read);
        QCOMPARE(read.s[0], 5.0f);
        // A buffer where the image goes.
        auto wrong = good;
        wrong[0] = ArgumentValue::memory(pixel);
        expectRejected(signature, wrong, f.context, CL_INVALID_MEM_OBJECT,
                       "(an image2d), got a buffer");
    }

    void rejectionsNameTheArgument() {
        CLW_REQUIRE_DEVICE(device);
        Fixture f(device);
        Kernel kernel(f.program, "blur");
        const KernelSignature signature = f.signature(kernel);
        Buffer buffer(f.context, CL_MEM_READ_WRITE, 256);
        const std::vector<ArgumentValue> good{
            ArgumentValue::memory(buffer), ArgumentValue::memory(buffer),
            ArgumentValue::scalar(1.0f), ArgumentValue::scalar(4)};
        ArgumentBinder::check(signature, good, f.context);

        auto scalarForBuffer = good;
        scalarForBuffer[1] = ArgumentValue::scalar(1.0f);
        expectRejected(signature, scalarForBuffer, f.context, CL_INVALID_ARG_VALUE,
                       "setting argument 1 '__global float *out' of kernel 'blur' failed: expects "
                       "__global float *out, got a float (4 bytes)");
        auto wrongType = good;
        wrongType[2] = ArgumentValue::scalar(1.0); // a double for a float
        expectRejected(signature, wrongType, f.context, CL_INVALID_ARG_VALUE, "got a double");
        auto missing = good;
        missing.pop_back();
        expectRejected(signature, missing, f.context, CL_INVALID_KERNEL_ARGS,
                       "setting argument 3 'int n' of kernel 'blur' failed: no value given");
        auto extra = good;
        extra.push_back(ArgumentValue::scalar(1));
        expectRejected(signature, extra, f.context, CL_INVALID_ARG_INDEX, "takes 4 arguments");
        Context other(device);
        Buffer foreign(other, CL_MEM_READ_WRITE, 256);
        auto otherContext = good;
        otherContext[0] = ArgumentValue::memory(foreign);
        expectRejected(signature, otherContext, f.context, CL_INVALID_CONTEXT,
                       "setting argument 0 '__global const float *in' of kernel 'blur' failed: the "
                       "memory object belongs to another context");
        auto localForGlobal = good;
        localForGlobal[0] = ArgumentValue::local(64);
        expectRejected(signature, localForGlobal, f.context, CL_INVALID_ARG_VALUE,
                       "got local memory of 64 bytes");
    }

    void signatureFallsBackToTheSource() {
        CLW_REQUIRE_DEVICE(device);
        Fixture f(device);
        for (const char* name : {"blur", "scalars", "vectors", "scratch", "sample"}) {
            Kernel kernel(f.program, name);
            const KernelSignature fromDriver = readSignature(kernel, device);
            KernelSignature fromSource;
            {
                // A driver without arg info: the program's source answers instead.
                ScopedClApi seam;
                seam.api().clGetKernelArgInfo = noArgInfo;
                fromSource = readSignature(kernel, device);
            }
            QCOMPARE(fromSource.args.size(), fromDriver.args.size());
            for (size_t i = 0; i < fromDriver.args.size(); ++i) {
                const KernelArgSignature& a = fromDriver.args[i];
                const KernelArgSignature& b = fromSource.args[i];
                QCOMPARE(b.name, a.name);
                QCOMPARE(b.type.typeName, a.type.typeName);
                QCOMPARE(b.type.size, a.type.size);
                QCOMPARE(b.addressQualifier, a.addressQualifier);
                QCOMPARE(b.accessQualifier, a.accessQualifier);
                QCOMPARE(b.typeQualifier, a.typeQualifier);
            }
        }
    }

    // Fine grain where the device has it, else coarse grain filled and read through maps.
    void svmPointers() {
        CLW_REQUIRE_DEVICE(device);
        Fixture f(device);
        CLW_CHECK_SVM_OR_RETURN(device, f.context);
        Kernel kernel(f.program, "blur");
        const cl_svm_mem_flags flags = clw::test::hostSharedSvmFlags(device);
        SvmAllocation in(f.context, flags, 64);
        SvmAllocation out(f.context, flags, 64);
        std::vector<float> values(16);
        for (int i = 0; i < 16; ++i)
            values[i] = float(i);
        clw::test::svmWrite(f.queue, in, values);
        ArgumentBinder::bind(kernel, f.signature(kernel),
                             std::vector<ArgumentValue>{
                                 ArgumentValue::svm(in.data()), ArgumentValue::svm(out.data()),
                                 ArgumentValue::scalar(3.0f), ArgumentValue::scalar(16)},
                             f.context);
        f.queue.ndRange(kernel, 16);
        f.queue.finish();
        const std::vector<float> scaled = clw::test::svmRead<float>(f.queue, out, 16);
        for (int i = 0; i < 16; ++i)
            QCOMPARE(scaled[i], 3.0f * float(i));
    }
};

QTEST_GUILESS_MAIN(TestArguments)
#include "tst_arguments.moc"
