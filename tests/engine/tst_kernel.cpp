// Kernels on the real runtime: info, work-group info, argument info, every kind of argument
// checked by what the kernel computes with it, argument errors that name the argument, clones.
#include "ClTestUtil.h"
#include "SharedSvm.h"
#include "TestDevice.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Image.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Program.h"
#include "clw/engine/runtime/Sampler.h"
#include "clw/engine/runtime/SvmAllocation.h"

#include <QtTest>

#include <cstdint>
#include <cstring>
#include <limits>

using namespace clw::engine;
using clw::test::bufferWith;
using clw::test::contains;
using clw::test::readBack;

namespace {

const char* const kSignatureSource = R"CLC(
__attribute__((reqd_work_group_size(4, 2, 1)))
kernel void signature(global const float* in, global float4* out, read_only image2d_t img,
                      sampler_t smp, constant int* table, local float* scratch, float3 v, int n,
                      global int* restrict r, write_only image2d_t dst) {
    out[0] = (float4)(in[0], v.x, (float)table[0], (float)n);
}

kernel void plain(global float* out) {
    out[get_global_id(0)] = 1.0f;
}

kernel void withLocal(global float* out) {
    local float scratch[256];
    scratch[get_local_id(0)] = (float)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[0];
}
)CLC";

using Rig = clw::test::DeviceRig;

} // namespace

class TestKernel : public QObject {
    Q_OBJECT

private slots:
    void kernelInfo() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program program = Program::fromSource(context, kSignatureSource);
        CLW_BUILD_OR_FAIL(program, "");
        Kernel kernel(program, "signature");
        QCOMPARE(kernel.name().c_str(), "signature");
        QCOMPARE(kernel.argCount(), cl_uint(10));
        QCOMPARE(kernel.program(), program);
        QCOMPARE(kernel.context(), context);
        QVERIFY(kernel.info<CL_KERNEL_REFERENCE_COUNT>() >= 1);
        std::string attributes = kernel.info<CL_KERNEL_ATTRIBUTES>();
        attributes.erase(std::remove(attributes.begin(), attributes.end(), ' '), attributes.end());
        QVERIFY2(contains(attributes, "reqd_work_group_size(4,2,1)"), attributes.c_str());
        QVERIFY(Kernel(program, "plain").info<CL_KERNEL_ATTRIBUTES>().empty());
        QCOMPARE(Kernel(program, "plain").argCount(), cl_uint(1));
    }

    void workGroupInfo() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program program = Program::fromSource(context, kSignatureSource);
        CLW_BUILD_OR_FAIL(program, "");
        Kernel signature(program, "signature");
        Kernel plain(program, "plain");
        Kernel withLocal(program, "withLocal");
        QVERIFY(signature.workGroupInfo<CL_KERNEL_COMPILE_WORK_GROUP_SIZE>(device) ==
                (std::vector<size_t>{4, 2, 1}));
        QVERIFY(plain.workGroupInfo<CL_KERNEL_COMPILE_WORK_GROUP_SIZE>(device) ==
                (std::vector<size_t>{0, 0, 0}));
        const size_t size = plain.workGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
        QVERIFY(size > 0);
        QVERIFY(size <= device.info<CL_DEVICE_MAX_WORK_GROUP_SIZE>());
        QVERIFY(plain.workGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(device) > 0);
        // 256 floats of __local in the kernel body show in the kernel's local memory size.
        const cl_ulong plainLocal = plain.workGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
        const cl_ulong withLocalLocal = withLocal.workGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
        QVERIFY2(withLocalLocal >= plainLocal + 256 * sizeof(float),
                 qPrintable(QStringLiteral("%1 vs %2").arg(withLocalLocal).arg(plainLocal)));
    }

    void argumentInfo() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program program = Program::fromSource(context, kSignatureSource);
        CLW_BUILD_OR_FAIL(program, "-cl-kernel-arg-info");
        Kernel kernel(program, "signature");
        const std::vector<KernelArgument> args = kernel.arguments();
        QCOMPARE(args.size(), size_t(10));
        const char* names[] = {"in", "out", "img", "smp", "table", "scratch", "v", "n", "r", "dst"};
        const char* types[] = {"float*", "float4*", "image2d_t", "sampler_t", "int*",
                               "float*", "float3",  "int",       "int*",      "image2d_t"};
        const cl_kernel_arg_address_qualifier address[] = {
            CL_KERNEL_ARG_ADDRESS_GLOBAL,   CL_KERNEL_ARG_ADDRESS_GLOBAL,
            CL_KERNEL_ARG_ADDRESS_GLOBAL,   CL_KERNEL_ARG_ADDRESS_PRIVATE,
            CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_ADDRESS_LOCAL,
            CL_KERNEL_ARG_ADDRESS_PRIVATE,  CL_KERNEL_ARG_ADDRESS_PRIVATE,
            CL_KERNEL_ARG_ADDRESS_GLOBAL,   CL_KERNEL_ARG_ADDRESS_GLOBAL};
        for (cl_uint i = 0; i < 10; ++i) {
            QCOMPARE(args[i].index, i);
            QCOMPARE(args[i].name.c_str(), names[i]);
            QCOMPARE(args[i].typeName.c_str(), types[i]);
            QCOMPARE(args[i].addressQualifier, address[i]);
        }
        QCOMPARE(args[2].accessQualifier,
                 cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_READ_ONLY));
        QCOMPARE(args[9].accessQualifier,
                 cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_WRITE_ONLY));
        QCOMPARE(args[0].accessQualifier,
                 cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_NONE));
        QCOMPARE(args[7].accessQualifier,
                 cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_NONE));
        QCOMPARE(args[0].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_CONST));
        // A __constant pointer is const.
        QVERIFY(args[4].typeQualifier & CL_KERNEL_ARG_TYPE_CONST);
        QCOMPARE(args[8].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_RESTRICT));
        QCOMPARE(args[1].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_NONE));
        QCOMPARE(args[6].typeQualifier, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_NONE));

        // One argument read alone equals the listing.
        const KernelArgument one = kernel.argument(5);
        QCOMPARE(one.name, args[5].name);
        QCOMPARE(one.typeName, args[5].typeName);

        QCOMPARE(args[0].declaration().c_str(), "__global const float *in");
        QCOMPARE(args[1].declaration().c_str(), "__global float4 *out");
        QCOMPARE(args[4].declaration().c_str(), "__constant const int *table");
        QCOMPARE(args[5].declaration().c_str(), "__local float *scratch");
        QCOMPARE(args[6].declaration().c_str(), "float3 v");
        QCOMPARE(args[7].declaration().c_str(), "int n");
        QCOMPARE(args[3].declaration().c_str(), "sampler_t smp");
    }

    void declarationWithoutName() {
        KernelArgument arg;
        arg.typeName = "int";
        QCOMPARE(arg.declaration().c_str(), "int");
        arg.typeName = "uchar*";
        arg.name = "bytes";
        arg.addressQualifier = CL_KERNEL_ARG_ADDRESS_GLOBAL;
        QCOMPARE(arg.declaration().c_str(), "__global uchar *bytes");
    }

    void everyScalarType() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        Program program = Program::fromSource(rig.context, R"CLC(
kernel void scalars(global long* ints, global double* reals, char c, uchar uc, short s,
                    ushort us, int i, uint ui, long l, ulong ul, float f, double d) {
    ints[0] = c; ints[1] = uc; ints[2] = s; ints[3] = us; ints[4] = i; ints[5] = ui;
    ints[6] = l; ints[7] = as_long(ul);
    reals[0] = f; reals[1] = d;
}
)CLC");
        CLW_BUILD_OR_FAIL(program, "");
        Kernel kernel(program, "scalars");
        Buffer ints(rig.context, CL_MEM_WRITE_ONLY, 8 * sizeof(cl_long));
        Buffer reals(rig.context, CL_MEM_WRITE_ONLY, 2 * sizeof(cl_double));
        const cl_ulong bigUnsigned = 0xF000000000000001ull;
        kernel.setArgs(ints, reals, cl_char(-5), cl_uchar(250), cl_short(-30000), cl_ushort(60000),
                       cl_int(-2000000000), cl_uint(4000000000u), cl_long(-9000000000000000000ll),
                       bigUnsigned, cl_float(1.5f), cl_double(2.25e300));
        rig.queue.ndRange(kernel, NDRange(1)).wait();
        const auto i = readBack<cl_long>(rig.queue, ints, 8);
        QCOMPARE(i[0], cl_long(-5));
        QCOMPARE(i[1], cl_long(250));
        QCOMPARE(i[2], cl_long(-30000));
        QCOMPARE(i[3], cl_long(60000));
        QCOMPARE(i[4], cl_long(-2000000000));
        QCOMPARE(i[5], cl_long(4000000000ll));
        QCOMPARE(i[6], cl_long(-9000000000000000000ll));
        QCOMPARE(cl_ulong(i[7]), bigUnsigned);
        const auto r = readBack<cl_double>(rig.queue, reals, 2);
        QCOMPARE(r[0], 1.5);
        QCOMPARE(r[1], 2.25e300);
    }

    void halfValuesAsBits() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        // PoCL has no cl_khr_fp16, so half is not a scalar argument type: half data travels as
        // cl_half bits in a buffer and the kernel widens it with vload_half.
        Program program = Program::fromSource(rig.context, R"CLC(
kernel void widen(global const half* in, global float* out) {
    const int i = get_global_id(0);
    out[i] = vload_half(i, in);
}
)CLC");
        CLW_BUILD_OR_FAIL(program, "");
        const std::vector<cl_half> bits{0x3C00, 0xC000, 0x3800, 0x7BFF, 0x0000, 0x3555};
        Buffer in = bufferWith(rig.context, bits, CL_MEM_READ_ONLY);
        Buffer out(rig.context, CL_MEM_WRITE_ONLY, bits.size() * sizeof(float));
        Kernel kernel(program, "widen");
        kernel.setArgs(in, out);
        rig.queue.ndRange(kernel, NDRange(bits.size())).wait();
        const auto values = readBack<float>(rig.queue, out, bits.size());
        QCOMPARE(values[0], 1.0f);
        QCOMPARE(values[1], -2.0f);
        QCOMPARE(values[2], 0.5f);
        QCOMPARE(values[3], 65504.0f);
        QCOMPARE(values[4], 0.0f);
        QCOMPARE(values[5], 0.333251953125f); // the half nearest 1/3
    }

    void vectorArguments() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        Program program = Program::fromSource(rig.context, R"CLC(
kernel void vectors(global float* out, float2 a, float3 b, float4 c, int4 d) {
    out[0] = a.x; out[1] = a.y;
    out[2] = b.x; out[3] = b.y; out[4] = b.z;
    out[5] = c.x; out[6] = c.y; out[7] = c.z; out[8] = c.w;
    out[9] = d.x; out[10] = d.y; out[11] = d.z; out[12] = d.w;
}
)CLC");
        CLW_BUILD_OR_FAIL(program, "");
        static_assert(sizeof(cl_float3) == 16, "a 3-component vector is sized as 4");
        QCOMPARE(sizeof(cl_float3), size_t(16));
        cl_float2 a{{1.f, 2.f}};
        cl_float3 b{{3.f, 4.f, 5.f}};
        cl_float4 c{{6.f, 7.f, 8.f, 9.f}};
        cl_int4 d{{-1, 10, 11, 12}};
        Buffer out(rig.context, CL_MEM_WRITE_ONLY, 13 * sizeof(float));
        Kernel kernel(program, "vectors");
        kernel.setArgs(out, a, b, c, d);
        rig.queue.ndRange(kernel, NDRange(1)).wait();
        const auto values = readBack<float>(rig.queue, out, 13);
        const std::vector<float> expected{1, 2, 3, 4, 5, 6, 7, 8, 9, -1, 10, 11, 12};
        QVERIFY(values == expected);
    }

    void buffersAndSubBuffers() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        Program program = Program::fromSource(rig.context, R"CLC(
kernel void axpy(global float* y, global const float* x, float a, int n) {
    const int i = get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}
)CLC");
        CLW_BUILD_OR_FAIL(program, "");
        const int n = 100;
        std::vector<float> x(n), y(n);
        for (int i = 0; i < n; ++i) {
            x[i] = float(i);
            y[i] = 1.0f;
        }
        Buffer xb = bufferWith(rig.context, x, CL_MEM_READ_ONLY);
        Buffer yb = bufferWith(rig.context, y);
        Kernel kernel(program, "axpy");
        kernel.setArgs(yb, xb, 2.0f, n);
        rig.queue.ndRange(kernel, NDRange(128)).wait();
        const auto result = readBack<float>(rig.queue, yb, n);
        for (int i = 0; i < n; ++i)
            QCOMPARE(result[i], 2.0f * float(i) + 1.0f);

        // A sub-buffer argument sees only its region: the kernel writes the second half.
        const size_t align = device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8;
        Buffer big(rig.context, CL_MEM_READ_WRITE, 2 * align);
        const float zero = 0.0f;
        rig.queue.fill(big, zero, 0, 2 * align).wait();
        Buffer second = big.createSubBuffer(align, align);
        Buffer ones = bufferWith(rig.context, std::vector<float>(align / sizeof(float), 1.0f));
        kernel.setArgs(second, ones, 3.0f, int(align / sizeof(float)));
        rig.queue.ndRange(kernel, NDRange(align / sizeof(float))).wait();
        const auto all = readBack<float>(rig.queue, big, 2 * align / sizeof(float));
        for (size_t i = 0; i < all.size(); ++i)
            QCOMPARE(all[i], i < align / sizeof(float) ? 0.0f : 3.0f);
    }

    void localMemoryArgument() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        Program program = Program::fromSource(rig.context, R"CLC(
kernel void groupSums(global const int* in, global int* out, local int* scratch) {
    const int l = get_local_id(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (l < stride) scratch[l] += scratch[l + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[get_group_id(0)] = scratch[0];
}
)CLC");
        CLW_BUILD_OR_FAIL(program, "");
        const size_t groups = 8, local = 64;
        std::vector<int> in(groups * local);
        for (size_t i = 0; i < in.size(); ++i)
            in[i] = int(i);
        Buffer inBuffer = bufferWith(rig.context, in, CL_MEM_READ_ONLY);
        Buffer out(rig.context, CL_MEM_WRITE_ONLY, groups * sizeof(int));
        Kernel kernel(program, "groupSums");
        kernel.setArgs(inBuffer, out, LocalMemory{local * sizeof(int)});
        rig.queue.ndRange(kernel, NDRange(groups * local), NDRange(local)).wait();
        const auto sums = readBack<int>(rig.queue, out, groups);
        for (size_t g = 0; g < groups; ++g) {
            int expected = 0;
            for (size_t i = 0; i < local; ++i)
                expected += int(g * local + i);
            QCOMPARE(sums[g], expected);
        }
        // A __local argument of zero bytes is refused when it is set.
        CLW_EXPECT_CL_ERROR(kernel.setArg(2, LocalMemory{0}), CL_INVALID_ARG_SIZE,
                            "clSetKernelArg");
    }

    void imagesAndSamplers() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        Program program = Program::fromSource(rig.context, R"CLC(
kernel void sample(read_only image2d_t img, sampler_t smp, global float4* out) {
    const int x = get_global_id(0);
    out[x] = read_imagef(img, smp, (int2)(x - 1, 0));
}
kernel void paint(write_only image2d_t img) {
    const int x = get_global_id(0), y = get_global_id(1);
    write_imagef(img, (int2)(x, y), (float4)(x, y, x + y, 1.0f));
}
)CLC");
        CLW_BUILD_OR_FAIL(program, "");
        const cl_image_format rgbaFloat{CL_RGBA, CL_FLOAT};
        const size_t w = 4, h = 2;
        std::vector<float> pixels(w * h * 4);
        for (size_t i = 0; i < pixels.size(); ++i)
            pixels[i] = float(i + 1);
        Image image = Image::create2D(rig.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                      rgbaFloat, w, h, 0, pixels.data());
        Buffer out(rig.context, CL_MEM_WRITE_ONLY, (w + 1) * 4 * sizeof(float));
        Kernel sample(program, "sample");

        // Reading at x = -1: clamp-to-edge repeats pixel 0, clamp gives the border (0,0,0,0).
        for (cl_addressing_mode mode : {CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP}) {
            Sampler sampler(rig.context, false, mode, CL_FILTER_NEAREST);
            QCOMPARE(sampler.addressingMode(), mode);
            QVERIFY(!sampler.normalizedCoords());
            QCOMPARE(sampler.filterMode(), cl_filter_mode(CL_FILTER_NEAREST));
            sample.setArgs(image, sampler, out);
            rig.queue.ndRange(sample, NDRange(w + 1)).wait();
            const auto values = readBack<float>(rig.queue, out, (w + 1) * 4);
            for (size_t c = 0; c < 4; ++c)
                QCOMPARE(values[c], mode == CL_ADDRESS_CLAMP ? 0.0f : pixels[c]);
            for (size_t x = 0; x < w; ++x)
                for (size_t c = 0; c < 4; ++c)
                    QCOMPARE(values[(x + 1) * 4 + c], pixels[x * 4 + c]);
        }

        // A write-only image argument: the kernel paints, the host reads the pixels back.
        Image canvas = Image::create2D(rig.context, CL_MEM_WRITE_ONLY, rgbaFloat, w, h);
        Kernel paint(program, "paint");
        paint.setArg(0, canvas);
        rig.queue.ndRange(paint, NDRange(w, h)).wait();
        std::vector<float> painted(w * h * 4);
        rig.queue.readImage(canvas, {0, 0, 0}, {w, h, 1}, painted.data());
        for (size_t y = 0; y < h; ++y) {
            for (size_t x = 0; x < w; ++x) {
                const float* p = &painted[(y * w + x) * 4];
                QCOMPARE(p[0], float(x));
                QCOMPARE(p[1], float(y));
                QCOMPARE(p[2], float(x + y));
                QCOMPARE(p[3], 1.0f);
            }
        }
    }

    // Coarse grain, which every device with SVM has; the indirect block is fine grain where
    // the device has it, else coarse grain filled and read through maps.
    void svmPointerArguments() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        CLW_CHECK_SVM_OR_RETURN(device, rig.context);
        Program program = Program::fromSource(rig.context, R"CLC(
kernel void squares(global int* data) {
    const int i = get_global_id(0);
    data[i] = i * i;
}
kernel void indirect(global const ulong* table, int n) {
    global int* target = (global int*)table[0];
    for (int i = 0; i < n; ++i) target[i] = 100 + i;
}
)CLC");
        CLW_BUILD_OR_FAIL(program, "-cl-std=CL2.0");
        const size_t n = 64;
        SvmAllocation svm(rig.context, CL_MEM_READ_WRITE, n * sizeof(int));
        QVERIFY(svm.data() != nullptr);
        Kernel squares(program, "squares");
        squares.setArg(0, svm);
        rig.queue.ndRange(squares, NDRange(n)).wait();
        std::vector<int> host(n);
        rig.queue.svmMemcpy(host.data(), svm.data(), n * sizeof(int));
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(host[i], int(i * i));

        // The raw-pointer form, on an offset inside the block.
        squares.setArgSvmPointer(0, svm.as<int>() + n / 2);
        rig.queue.ndRange(squares, NDRange(n / 2)).wait();
        rig.queue.svmMemcpy(host.data(), svm.data(), n * sizeof(int));
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(host[i], i < n / 2 ? int(i * i) : int((i - n / 2) * (i - n / 2)));

        // A pointer the kernel reaches through another block: declared with
        // setIndirectSvmPointers.
        const cl_svm_mem_flags shared = clw::test::hostSharedSvmFlags(device);
        SvmAllocation table(rig.context, shared, sizeof(cl_ulong));
        SvmAllocation target(rig.context, shared, 8 * sizeof(int));
        clw::test::svmWrite(
            rig.queue, table,
            std::vector<cl_ulong>{cl_ulong(reinterpret_cast<std::uintptr_t>(target.data()))});
        Kernel indirect(program, "indirect");
        indirect.setArg(0, table);
        indirect.setArg(1, 8);
        indirect.setIndirectSvmPointers({target.data()});
        rig.queue.task(indirect).wait();
        const std::vector<int> written = clw::test::svmRead<int>(rig.queue, target, 8);
        for (int i = 0; i < 8; ++i)
            QCOMPARE(written[i], 100 + i);
    }

    void wrongArgumentSizeNamesTheArgument() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program program =
            Program::fromSource(context, "kernel void scale(float factor, global float* out) {\n"
                                         "    out[get_global_id(0)] *= factor;\n"
                                         "}\n");
        CLW_BUILD_OR_FAIL(program, "-cl-kernel-arg-info");
        Kernel kernel(program, "scale");
        const char bytes[3] = {};
        CLW_EXPECT_CL_ERROR(kernel.setArg(1, sizeof bytes, bytes), CL_INVALID_ARG_SIZE,
                            "clSetKernelArg");
        try {
            kernel.setArg(1, sizeof bytes, bytes);
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "argument 1 '__global float *out' of kernel 'scale'"),
                     error.what());
            QVERIFY(contains(error.doing(), "setting argument 1"));
        }
        // A double for the float argument: the size is wrong too, and argument 0 is named.
        try {
            kernel.setArg(0, 2.0);
            QFAIL("a double for a float argument must fail");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_ARG_SIZE);
            QVERIFY2(contains(error.what(), "argument 0 'float factor' of kernel 'scale'"),
                     error.what());
        }
    }

    void cloneKeepsArgumentsAndRunsIndependently() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        Program program =
            Program::fromSource(rig.context, "kernel void put(global int* out, int value) {\n"
                                             "    out[get_global_id(0)] = value;\n"
                                             "}\n");
        CLW_BUILD_OR_FAIL(program, "");
        Kernel original(program, "put");
        Buffer first(rig.context, CL_MEM_READ_WRITE, 4 * sizeof(int));
        Buffer second(rig.context, CL_MEM_READ_WRITE, 4 * sizeof(int));
        original.setArgs(first, 5);

        Kernel clone = original.clone();
        QVERIFY(bool(clone));
        QVERIFY(clone.get() != original.get());
        QCOMPARE(clone.name().c_str(), "put");
        QCOMPARE(clone.program(), program);
        // The clone runs with the arguments it was cloned with.
        rig.queue.ndRange(clone, NDRange(4)).wait();
        QVERIFY(readBack<int>(rig.queue, first, 4) == std::vector<int>(4, 5));

        // New arguments on the clone leave the original's alone, and the reverse.
        clone.setArgs(second, 7);
        original.setArg(1, 9);
        rig.queue.ndRange(original, NDRange(4)).wait();
        rig.queue.ndRange(clone, NDRange(4)).wait();
        QVERIFY(readBack<int>(rig.queue, first, 4) == std::vector<int>(4, 9));
        QVERIFY(readBack<int>(rig.queue, second, 4) == std::vector<int>(4, 7));
    }

    void copiesShareTheKernel() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program program = Program::fromSource(context, kSignatureSource);
        CLW_BUILD_OR_FAIL(program, "");
        Kernel kernel(program, "plain");
        const cl_uint before = kernel.info<CL_KERNEL_REFERENCE_COUNT>();
        {
            Kernel copy = kernel;
            QCOMPARE(copy, kernel);
            QCOMPARE(kernel.info<CL_KERNEL_REFERENCE_COUNT>(), before + 1);
            Kernel moved = std::move(copy);
            QVERIFY(!copy);
            QCOMPARE(kernel.info<CL_KERNEL_REFERENCE_COUNT>(), before + 1);
        }
        QCOMPARE(kernel.info<CL_KERNEL_REFERENCE_COUNT>(), before);
        Kernel retained = Kernel::retain(kernel.get());
        QCOMPARE(kernel.info<CL_KERNEL_REFERENCE_COUNT>(), before + 1);
    }
};

QTEST_GUILESS_MAIN(TestKernel)
#include "tst_kernel.moc"
