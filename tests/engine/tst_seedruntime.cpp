// The seeds' runtime odds and ends on the real runtime: kernel sub-group info, engine objects in
// hashed containers, samplers from property lists, first-argument memoization, launching with
// kernel(queue, global, local, args...), and empty ND-ranges enqueued as markers.
#include "ClTestUtil.h"
#include "TestDevice.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/FirstArgMemo.h"
#include "clw/engine/runtime/Image.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Pipe.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/runtime/Program.h"
#include "clw/engine/runtime/Sampler.h"
#include "clw/engine/runtime/SvmAllocation.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

using namespace clw::engine;
using clw::test::bufferWith;
using clw::test::contains;
using clw::test::readBack;

namespace {

const char* const kSource = R"CLC(
kernel void add(global const float* a, global const float* b, global float* sum) {
    const size_t i = get_global_id(0);
    sum[i] = a[i] + b[i];
}

kernel void mark(global int* out, int value) {
    out[get_global_id(0)] = value;
}
)CLC";

// CL_DEVICE_MAX_NUM_SUB_GROUPS; 0 where the device is too old to say.
cl_uint deviceSubGroups(const Device& device) {
    try {
        return device.info<CL_DEVICE_MAX_NUM_SUB_GROUPS>();
    } catch (const ClError&) {
        return 0;
    }
}

// A clGetKernelSubGroupInfo that refuses every query the way a driver might.
cl_int CL_API_CALL refusingSubGroupInfo(cl_kernel, cl_device_id, cl_kernel_sub_group_info, size_t,
                                        const void*, size_t, void*, size_t*) {
    return CL_INVALID_VALUE;
}

// One that records its input and, for a local size, fills three dimensions as the specification
// allows.
struct SubGroupCall {
    cl_kernel_sub_group_info param = 0;
    std::vector<size_t> input;
};
SubGroupCall g_lastSubGroupCall;

cl_int CL_API_CALL answeringSubGroupInfo(cl_kernel, cl_device_id, cl_kernel_sub_group_info param,
                                         size_t inputSize, const void* input, size_t size,
                                         void* value, size_t* sizeRet) {
    g_lastSubGroupCall.param = param;
    const auto* sizes = static_cast<const size_t*>(input);
    g_lastSubGroupCall.input.assign(sizes, sizes + inputSize / sizeof(size_t));
    if (param == CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT) {
        if (size < 3 * sizeof(size_t))
            return CL_INVALID_VALUE;
        const size_t local[3] = {32, 1, 1};
        std::memcpy(value, local, sizeof local);
        if (sizeRet)
            *sizeRet = sizeof local;
        return CL_SUCCESS;
    }
    if (size < sizeof(size_t))
        return CL_INVALID_VALUE;
    *static_cast<size_t*>(value) = 8;
    if (sizeRet)
        *sizeRet = sizeof(size_t);
    return CL_SUCCESS;
}

struct Rig {
    Device device;
    Context context;
    CommandQueue queue;
    Program program;
    explicit Rig(const Device& d)
        : device(d)
        , context(d)
        , queue(context, d)
        , program(Program::fromSource(context, kSource)) {}
};

// `object` and a copy are one element of a hashed set, `other` a second; the hash is the
// handle's.
template <class T>
void checkHashedByHandle(const T& object, const T& other) {
    static_assert(HashedByHandle<T>);
    const T copy = object;
    QVERIFY(copy == object);
    QVERIFY(!(other == object));
    QCOMPARE(std::hash<T>{}(copy), std::hash<T>{}(object));
    QCOMPARE(std::hash<T>{}(object), std::hash<const void*>{}(object.get()));
    const std::unordered_set<T> set{object, copy, other, copy};
    QCOMPARE(set.size(), size_t(2));
    QVERIFY(set.count(object) == 1 && set.count(other) == 1);
}

} // namespace

// Not engine objects, though their get() gives a handle: they keep their own hash (or none).
static_assert(!HashedByHandle<std::unique_ptr<_cl_context, void (*)(cl_context)>>);
static_assert(!HashedByHandle<SvmAllocation>);
static_assert(HashedByHandle<Image> && HashedByHandle<Pipe> && HashedByHandle<UserEvent>);

class TestSeedRuntime : public QObject {
    Q_OBJECT

private slots:
    void subGroupInfoIsConsistentOrRefusedExactly() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        CLW_BUILD_OR_FAIL(rig.program, "");
        const Kernel kernel(rig.program, "add");
        const cl_uint subGroups = deviceSubGroups(device);
        if (subGroups == 0) {
            // The specification's code for a device without sub-groups, named in the message.
            CLW_EXPECT_CL_ERROR(
                kernel.subGroupInfo<CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE>(device, 16),
                CL_INVALID_OPERATION, "clGetKernelSubGroupInfo");
            CLW_EXPECT_CL_ERROR(
                kernel.subGroupInfo<CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE>(device, NDRange(4, 4)),
                CL_INVALID_OPERATION, "clGetKernelSubGroupInfo");
            CLW_EXPECT_CL_ERROR(
                kernel.subGroupInfo<CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT>(device, 1),
                CL_INVALID_OPERATION, "clGetKernelSubGroupInfo");
            CLW_EXPECT_CL_ERROR(kernel.subGroupInfo<CL_KERNEL_MAX_NUM_SUB_GROUPS>(device),
                                CL_INVALID_OPERATION, "clGetKernelSubGroupInfo");
            CLW_EXPECT_CL_ERROR(kernel.subGroupInfo<CL_KERNEL_COMPILE_NUM_SUB_GROUPS>(device),
                                CL_INVALID_OPERATION, "clGetKernelSubGroupInfo");
            try {
                kernel.subGroupInfo<CL_KERNEL_MAX_NUM_SUB_GROUPS>(device);
            } catch (const ClError& error) {
                QVERIFY2(contains(error.what(), "CL_DEVICE_MAX_NUM_SUB_GROUPS is 0"), error.what());
            }
            return;
        }
        const size_t local =
            std::min<size_t>(kernel.workGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device), 64);
        const size_t maxSize =
            kernel.subGroupInfo<CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE>(device, NDRange(local));
        QVERIFY2(maxSize >= 1 && maxSize <= local, std::to_string(maxSize).c_str());
        const size_t count =
            kernel.subGroupInfo<CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE>(device, NDRange(local));
        QVERIFY(count >= 1);
        QVERIFY2(count * maxSize >= local, std::to_string(count).c_str());
        const size_t maxCount = kernel.subGroupInfo<CL_KERNEL_MAX_NUM_SUB_GROUPS>(device);
        QVERIFY(maxCount >= count && maxCount <= subGroups);
        // Compiled without num_sub_groups: 0.
        QCOMPARE(kernel.subGroupInfo<CL_KERNEL_COMPILE_NUM_SUB_GROUPS>(device), size_t(0));
        // The local size the driver gives for one sub-group makes exactly one.
        const NDRange forOne =
            kernel.subGroupInfo<CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT>(device, 1);
        QVERIFY(forOne.dimensions() >= 1 && forOne[0] >= 1);
        QCOMPARE(kernel.subGroupInfo<CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE>(device, forOne),
                 size_t(1));
    }

    void subGroupErrorsKeepTheCapabilityInView() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        CLW_BUILD_OR_FAIL(rig.program, "");
        const Kernel kernel(rig.program, "add");
        ScopedClApi seam;
        seam.api().clGetKernelSubGroupInfo = refusingSubGroupInfo;
        // Another answer than the specification's: kept where the device has sub-groups, turned
        // into CL_INVALID_OPERATION where it has none.
        if (deviceSubGroups(device) == 0) {
            CLW_EXPECT_CL_ERROR(kernel.subGroupInfo<CL_KERNEL_MAX_NUM_SUB_GROUPS>(device),
                                CL_INVALID_OPERATION, "clGetKernelSubGroupInfo");
            try {
                kernel.subGroupInfo<CL_KERNEL_MAX_NUM_SUB_GROUPS>(device);
            } catch (const ClError& error) {
                QVERIFY2(contains(error.what(), "the driver answered CL_INVALID_VALUE"),
                         error.what());
                QVERIFY2(contains(error.what(), "kernel 'add'"), error.what());
            }
        } else {
            CLW_EXPECT_CL_ERROR(kernel.subGroupInfo<CL_KERNEL_MAX_NUM_SUB_GROUPS>(device),
                                CL_INVALID_VALUE, "clGetKernelSubGroupInfo");
        }
    }

    void subGroupInputsAndLocalSizeShape() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        CLW_BUILD_OR_FAIL(rig.program, "");
        const Kernel kernel(rig.program, "add");
        ScopedClApi seam;
        seam.api().clGetKernelSubGroupInfo = answeringSubGroupInfo;
        // A local size goes in with as many entries as it has dimensions.
        QCOMPARE(kernel.subGroupInfo<CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE>(device, NDRange(8, 4)),
                 size_t(8));
        QCOMPARE(g_lastSubGroupCall.param,
                 cl_kernel_sub_group_info(CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE));
        QCOMPARE(g_lastSubGroupCall.input, (std::vector<size_t>{8, 4}));
        // A count goes in as one size_t; the three dimensions that come back lose their
        // trailing 1s, giving the one-dimensional work-group the specification promises.
        const NDRange local =
            kernel.subGroupInfo<CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT>(device, 4);
        QCOMPARE(g_lastSubGroupCall.input, (std::vector<size_t>{4}));
        QCOMPARE(local.dimensions(), 1u);
        QCOMPARE(local[0], size_t(32));
        // A query without input passes none.
        QCOMPARE(kernel.subGroupInfo<CL_KERNEL_MAX_NUM_SUB_GROUPS>(device), size_t(8));
        QVERIFY(g_lastSubGroupCall.input.empty());
    }

    void objectsHashByTheirHandle() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        CLW_BUILD_OR_FAIL(rig.program, "");
        const Context other(device);

        // Two copies of one context are one element; retain() of its raw handle hashes equal.
        const Context copy = rig.context;
        QCOMPARE(std::unordered_set<Context>({rig.context, copy}).size(), size_t(1));
        QCOMPARE(std::hash<Context>{}(Context::retain(rig.context.get())),
                 std::hash<Context>{}(rig.context));
        // Two buffers are two elements, whether held as Buffer or as MemoryObject.
        const Buffer a(rig.context, CL_MEM_READ_WRITE, 64);
        const Buffer b(rig.context, CL_MEM_READ_WRITE, 64);
        QCOMPARE(std::unordered_set<Buffer>({a, b, a}).size(), size_t(2));
        QCOMPARE(std::hash<MemoryObject>{}(a), std::hash<Buffer>{}(a));
        QCOMPARE(std::hash<Buffer>{}(Buffer::retain(a.get())), std::hash<Buffer>{}(a));

        checkHashedByHandle(rig.context, other);
        checkHashedByHandle(device.platform(), Platform());
        checkHashedByHandle(device, Device());
        checkHashedByHandle(rig.queue, CommandQueue(rig.context, device));
        checkHashedByHandle(rig.program, Program::fromSource(rig.context, kSource));
        checkHashedByHandle(Kernel(rig.program, "add"), Kernel(rig.program, "mark"));
        checkHashedByHandle(a, b);
        checkHashedByHandle<MemoryObject>(a, b);
        const Event marker = rig.queue.marker();
        checkHashedByHandle(marker, rig.queue.marker());
        // Both set before they go: NVIDIA's driver can hang releasing a context that still has
        // an unset user event.
        const UserEvent gate(rig.context), otherGate(rig.context);
        const clw::test::OpenOnExit openOnExit{gate, otherGate};
        checkHashedByHandle(gate, otherGate);
        if (device.info<CL_DEVICE_IMAGE_SUPPORT>()) {
            const cl_image_format format{CL_RGBA, CL_UNORM_INT8};
            checkHashedByHandle(Image::create2D(rig.context, CL_MEM_READ_ONLY, format, 4, 4),
                                Image::create2D(rig.context, CL_MEM_READ_ONLY, format, 4, 4));
            checkHashedByHandle(Sampler(rig.context, false, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST),
                                Sampler(rig.context, false, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST));
        }
        if (device.info<CL_DEVICE_PIPE_SUPPORT>())
            checkHashedByHandle(Pipe(rig.context, CL_MEM_READ_WRITE, 4, 16),
                                Pipe(rig.context, CL_MEM_READ_WRITE, 4, 16));
        rig.queue.finish();
    }

    void samplerFromProperties() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const std::vector<cl_sampler_properties> properties = {
            CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
            CL_SAMPLER_ADDRESSING_MODE,   CL_ADDRESS_CLAMP_TO_EDGE,
            CL_SAMPLER_FILTER_MODE,       CL_FILTER_LINEAR};
        if (!device.info<CL_DEVICE_IMAGE_SUPPORT>()) {
            CLW_EXPECT_CL_ERROR(Sampler(context, properties), CL_INVALID_OPERATION,
                                "clCreateSamplerWithProperties");
            return;
        }
        const Sampler sampler(context, properties);
        QCOMPARE(sampler.info<CL_SAMPLER_NORMALIZED_COORDS>(), false);
        QCOMPARE(sampler.info<CL_SAMPLER_ADDRESSING_MODE>(),
                 cl_addressing_mode(CL_ADDRESS_CLAMP_TO_EDGE));
        QCOMPARE(sampler.info<CL_SAMPLER_FILTER_MODE>(), cl_filter_mode(CL_FILTER_LINEAR));
        QCOMPARE(sampler.info<CL_SAMPLER_CONTEXT>(), context.get());
        if (device.numericVersion() >= CL_MAKE_VERSION(3, 0, 0)) {
            // OpenCL 3.0 gives the list back as given (some drivers with the terminator).
            std::vector<cl_sampler_properties> back = sampler.info<CL_SAMPLER_PROPERTIES>();
            if (!back.empty() && back.back() == 0)
                back.pop_back();
            QCOMPARE(back, properties);
        }

        // A property left out takes its default: normalized coordinates, clamp.
        const Sampler defaults(context, {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR});
        QCOMPARE(defaults.info<CL_SAMPLER_NORMALIZED_COORDS>(), true);
        QCOMPARE(defaults.info<CL_SAMPLER_ADDRESSING_MODE>(), cl_addressing_mode(CL_ADDRESS_CLAMP));
        QCOMPARE(defaults.info<CL_SAMPLER_FILTER_MODE>(), cl_filter_mode(CL_FILTER_LINEAR));

        // An unknown key, a repeated key, a key without its value.
        CLW_EXPECT_CL_ERROR(Sampler(context, {0x7777, 1}), CL_INVALID_VALUE,
                            "clCreateSamplerWithProperties");
        CLW_EXPECT_CL_ERROR(Sampler(context, {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                              CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST}),
                            CL_INVALID_VALUE, "clCreateSamplerWithProperties");
        CLW_EXPECT_CL_ERROR(Sampler(context, {CL_SAMPLER_FILTER_MODE}), CL_INVALID_VALUE,
                            "clCreateSamplerWithProperties");
        try {
            Sampler(context, {0x7777, 1});
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "0x7777: 0x1"), error.what());
        }
    }

    void firstArgMemoComputesOncePerArguments() {
        CLW_REQUIRE_DEVICE(device);
        const Context a(device);
        const Context b(device);
        int calls = 0;
        FirstArgMemo<std::uintptr_t(const Context&, int)> memo([&](const Context& context, int x) {
            ++calls;
            return reinterpret_cast<std::uintptr_t>(context.get()) + std::uintptr_t(x);
        });
        const auto expected = [](const Context& context, int x) {
            return reinterpret_cast<std::uintptr_t>(context.get()) + std::uintptr_t(x);
        };

        QCOMPARE(memo(a, 3), expected(a, 3));
        QCOMPARE(memo(a, 3), expected(a, 3));
        QCOMPARE(memo(Context::retain(a.get()), 3), expected(a, 3));
        QCOMPARE(calls, 1);
        QCOMPARE(memo(a, 4), expected(a, 4));
        QCOMPARE(calls, 2);
        QCOMPARE(memo(b, 3), expected(b, 3));
        QCOMPARE(memo(b, 3), expected(b, 3));
        QCOMPARE(calls, 3);
        QCOMPARE(memo.size(), size_t(3));

        // The memo holds the context (twice for a: two arguments); clearing lets it go.
        const cl_uint held = a.info<CL_CONTEXT_REFERENCE_COUNT>();
        clearFirstArgCaches();
        QCOMPARE(a.info<CL_CONTEXT_REFERENCE_COUNT>(), held - 2);
        QCOMPARE(b.info<CL_CONTEXT_REFERENCE_COUNT>(), cl_uint(1));
        QCOMPARE(memo.size(), size_t(0));
        QCOMPARE(memo(a, 3), expected(a, 3));
        QCOMPARE(calls, 4);
    }

    void firstArgMemoKeysOtherObjectsAndForgetsFailures() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue first(context, device);
        const CommandQueue second(context, device);
        int calls = 0;
        FirstArgMemo<std::string(const CommandQueue&, std::string)> named(
            [&](const CommandQueue& queue, const std::string& suffix) {
                ++calls;
                return queue.device().name() + suffix;
            });
        QCOMPARE(named(first, "!"), device.name() + "!");
        QCOMPARE(named(first, std::string("!")), device.name() + "!");
        QCOMPARE(named(second, "!"), device.name() + "!");
        QCOMPARE(calls, 2);

        // A function that throws is not remembered and holds nothing.
        FirstArgMemo<int(const Device&)> flaky([&, tries = 0](const Device&) mutable {
            if (++tries == 1)
                throw std::runtime_error("first try fails");
            return tries;
        });
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, flaky(device));
        QCOMPARE(flaky.size(), size_t(0));
        QCOMPARE(flaky(device), 2);
        QCOMPARE(flaky(device), 2);

        // A memo that is gone is no longer cleared.
        {
            FirstArgMemo<int(const Context&)> shortLived([](const Context&) { return 1; });
            QCOMPARE(shortLived(context), 1);
        }
        clearFirstArgCaches();
        QCOMPARE(named.size(), size_t(0));
    }

    void firstArgMemoRunsOnceUnderConcurrentCalls() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        std::atomic<int> calls{0};
        FirstArgMemo<int(const Context&, int)> slow([&](const Context&, int x) {
            ++calls;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            return x + 1;
        });
        std::atomic<int> wrong{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 8; ++i)
            threads.emplace_back([&] {
                if (slow(context, 41) != 42)
                    ++wrong;
            });
        for (std::thread& thread : threads)
            thread.join();
        QCOMPARE(calls.load(), 1);
        QCOMPARE(wrong.load(), 0);
    }

    void kernelCallLaunchesOnTheCallersQueue() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        CLW_BUILD_OR_FAIL(rig.program, "");
        const Kernel add(rig.program, "add");
        const size_t n = 16;
        std::vector<float> x(n), y(n), expected(n);
        for (size_t i = 0; i < n; ++i) {
            x[i] = float(i) * 0.5f;
            y[i] = 100.0f - float(i);
            expected[i] = x[i] + y[i];
        }
        const Buffer a = bufferWith(rig.context, x);
        const Buffer b = bufferWith(rig.context, y);
        const Buffer sum = bufferWith(rig.context, std::vector<float>(n, -1.0f));

        const Event done = add(rig.queue, NDRange(n), NDRange(4), a, b, sum);
        QCOMPARE(done.info<CL_EVENT_COMMAND_QUEUE>(), rig.queue.get());
        QCOMPARE(done.commandType(), cl_command_type(CL_COMMAND_NDRANGE_KERNEL));
        done.wait();
        QCOMPARE(readBack<float>(rig.queue, sum, n), expected);

        // Scalars too, and the driver's choice of local size.
        const Kernel mark(rig.program, "mark");
        const Buffer out = bufferWith(rig.context, std::vector<int>(8, 0));
        mark(rig.queue, NDRange(8), NDRange(), out, cl_int(7)).wait();
        QCOMPARE(readBack<int>(rig.queue, out, 8), std::vector<int>(8, 7));
    }

    void emptyNDRangeEnqueuesAMarker() {
        CLW_REQUIRE_DEVICE(device);
        Rig rig(device);
        CLW_BUILD_OR_FAIL(rig.program, "");
        const Kernel mark(rig.program, "mark");
        const std::vector<int> initial{1, 2, 3, 4};
        const Buffer out = bufferWith(rig.context, initial);
        mark.setArgs(out, cl_int(9));

        // By default an empty range is an error, on drivers before OpenCL 2.1 and after.
        CLW_EXPECT_CL_ERROR(rig.queue.ndRange(mark, NDRange(0)), CL_INVALID_GLOBAL_WORK_SIZE,
                            "clEnqueueNDRangeKernel");
        CLW_EXPECT_CL_ERROR(rig.queue.ndRange(mark, NDRange(4, 0)), CL_INVALID_GLOBAL_WORK_SIZE,
                            "clEnqueueNDRangeKernel");
        CLW_EXPECT_CL_ERROR(rig.queue.ndRange(mark, NDRange(4), NDRange(0)),
                            CL_INVALID_WORK_GROUP_SIZE, "clEnqueueNDRangeKernel");

        // With it, a marker: complete, and the kernel never ran.
        for (const auto& [global, local] :
             {std::pair{NDRange(0), NDRange()}, std::pair{NDRange(4, 0), NDRange()},
              std::pair{NDRange(4), NDRange(0)}}) {
            const Event empty =
                rig.queue.ndRange(mark, global, local, {}, {}, EmptyNDRange::Marker);
            QCOMPARE(empty.commandType(), cl_command_type(CL_COMMAND_MARKER));
            empty.wait();
            QCOMPARE(empty.status(), CL_COMPLETE);
        }
        QCOMPARE(readBack<int>(rig.queue, out, initial.size()), initial);

        // Behind a user event, the marker waits for it.
        const UserEvent gate(rig.context);
        const clw::test::OpenOnExit openOnExit{gate};
        const Event waitFor[] = {gate};
        const Event behind =
            rig.queue.ndRange(mark, NDRange(0), {}, {}, waitFor, EmptyNDRange::Marker);
        rig.queue.flush();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QVERIFY(behind.status() != CL_COMPLETE);
        gate.complete();
        behind.wait();
        QCOMPARE(behind.status(), CL_COMPLETE);
        QCOMPARE(readBack<int>(rig.queue, out, initial.size()), initial);

        // A range that is not empty still launches.
        rig.queue.ndRange(mark, NDRange(4), {}, {}, {}, EmptyNDRange::Marker).wait();
        QCOMPARE(readBack<int>(rig.queue, out, initial.size()), std::vector<int>(4, 9));
    }
};

QTEST_GUILESS_MAIN(TestSeedRuntime)
#include "tst_seedruntime.moc"
