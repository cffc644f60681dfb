// Command queues on the real runtime: properties, profiling, user events, markers and barriers,
// callbacks, tasks and native kernels, and a cleanup after a failed path that does not hang.
#include "ClTestUtil.h"
#include "CleanupLimit.h"
#include "TestDevice.h"

#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <cstring>
#include <future>

using namespace clw::engine;
using namespace std::chrono_literals;

namespace {

const char* const kSource = R"CLC(
__kernel void setTo(__global int* p, int value) { p[get_global_id(0)] = value; }
__kernel void addOne(__global int* p) { p[get_global_id(0)] += 1; }
__kernel void answer(__global int* p) { p[0] = 42; }
)CLC";

struct DestroySignal {
    std::promise<void> destroyed;
    ~DestroySignal() { destroyed.set_value(); }
};

bool contains(const char* text, const std::string& part) {
    return std::string(text).find(part) != std::string::npos;
}

std::vector<int> readInts(const CommandQueue& queue, const Buffer& buffer, size_t n) {
    std::vector<int> values(n);
    queue.read(buffer, 0, n * sizeof(int), values.data());
    return values;
}

std::atomic<int> g_withPropertiesCalls{0};

void CL_CALLBACK probeFired(cl_event, cl_int, void* user) {
    static_cast<std::promise<void>*>(user)->set_value();
}

// Whether the driver calls CL_COMPLETE callbacks of events that end in an error, as the
// specification says. Asked once; the callback's state is static so that nothing leaks on a
// driver that never calls it.
bool callbacksFireOnFailure(const Context& context) {
    static std::promise<void> fired;
    static const bool answer = [&] {
        const UserEvent probe(context);
        checkCl(clApi().clSetEventCallback(probe.get(), CL_COMPLETE, probeFired, &fired),
                "clSetEventCallback", "probing failure callbacks");
        probe.setStatus(-1);
        return fired.get_future().wait_for(2s) == std::future_status::ready;
    }();
    return answer;
}

// NVIDIA's driver (580) reports CL_EVENT_COMMAND_TYPE 0x4003, a value of its own, for markers
// and barriers instead of CL_COMMAND_MARKER and CL_COMMAND_BARRIER. Accepted there alone: every
// other platform must answer the specification's value.
constexpr cl_command_type kNvidiaMarkerCommandType = 0x4003;

bool isNvidiaPlatform(const Device& device) {
    return device.platform().name() == "NVIDIA CUDA";
}

// Whether the event's command type is `expected` (CL_COMMAND_MARKER or CL_COMMAND_BARRIER), or
// NVIDIA's own value on NVIDIA's platform.
bool isMarkerType(const Event& event, const Device& device, cl_command_type expected) {
    const cl_command_type type = event.commandType();
    return type == expected || (isNvidiaPlatform(device) && type == kNvidiaMarkerCommandType);
}

bool runsNativeKernels(const Device& device) {
    return (device.info<CL_DEVICE_EXECUTION_CAPABILITIES>() & CL_EXEC_NATIVE_KERNEL) != 0;
}

// A device that cannot run native kernels (a GPU) refuses one with CL_INVALID_OPERATION, saying
// why, and lets go of the function at once without calling it.
void checkNativeKernelRefused(const Device& device) {
    QVERIFY(!runsNativeKernels(device));
    const Context context(device);
    const CommandQueue queue(context, device);
    auto signal = std::make_shared<DestroySignal>();
    auto released = signal->destroyed.get_future();
    std::atomic<int> calls{0};
    CLW_EXPECT_CL_ERROR(queue.nativeKernel([&calls, signal] { ++calls; }), CL_INVALID_OPERATION,
                        "clEnqueueNativeKernel");
    signal.reset();
    QCOMPARE(released.wait_for(0s), std::future_status::ready);
    try {
        queue.nativeKernel([&calls] { ++calls; });
    } catch (const ClError& error) {
        QVERIFY2(contains(error.what(), "the device cannot run native kernels"), error.what());
        QVERIFY2(contains(error.what(), "CL_EXEC_NATIVE_KERNEL"), error.what());
    }
    queue.finish();
    QCOMPARE(calls.load(), 0);
}

// The native-kernel tests below run on the test device where it runs native kernels; where it
// does not, they check its refusal and run on PoCL's CPU device, which does.

void checkNativeKernelRunsOnce(const Device& device) {
    const Context context(device);
    const CommandQueue queue(context, device);
    const size_t n = 16;
    const Buffer buffer(context, CL_MEM_READ_WRITE, n * sizeof(int));
    std::atomic<int> calls{0};
    std::vector<int> host(n, 0);
    auto signal = std::make_shared<DestroySignal>();
    auto released = signal->destroyed.get_future();
    const UserEvent gate(context);
    const clw::test::OpenOnExit openOnExit{gate};
    const Event native = queue.nativeKernel(
        [&calls, &host, signal] {
            ++calls;
            for (size_t i = 0; i < host.size(); ++i)
                host[i] = int(i) * 11;
        },
        std::vector<Event>{gate});
    signal.reset();
    QCOMPARE(native.commandType(), cl_command_type(CL_COMMAND_NATIVE_KERNEL));
    // The write reads `host` only after the native function filled it.
    const Event write =
        queue.write(buffer, 0, n * sizeof(int), host.data(), false, std::vector<Event>{native});
    queue.flush();
    QCOMPARE(calls.load(), 0);
    gate.complete();
    write.wait();
    QCOMPARE(calls.load(), 1);
    const auto back = readInts(queue, buffer, n);
    for (size_t i = 0; i < n; ++i)
        QCOMPARE(back[i], int(i) * 11);
    queue.finish();
    QCOMPARE(calls.load(), 1);
    // What the function captured is let go once it ran.
    QCOMPARE(released.wait_for(10s), std::future_status::ready);
}

void checkNativeKernelThatNeverRunsIsFreed(const Device& device) {
    const Context context(device);
    const CommandQueue queue(context, device);
    auto signal = std::make_shared<DestroySignal>();
    auto released = signal->destroyed.get_future();
    std::atomic<int> calls{0};
    const UserEvent gate(context);
    const clw::test::OpenOnExit openOnExit{gate};
    const Event native =
        queue.nativeKernel([&calls, signal] { ++calls; }, std::vector<Event>{gate});
    signal.reset();
    gate.setStatus(-1);
    QVERIFY_THROWS_EXCEPTION(ClError, native.wait());
    QCOMPARE(calls.load(), 0);
    // The function is freed by the command's CL_COMPLETE callback, which the specification
    // calls for failed commands too. PoCL does not (pocl/pocl#1430): there the function
    // stays allocated, an expected failure that turns into a pass once the driver is fixed.
    if (!callbacksFireOnFailure(context)) {
        QEXPECT_FAIL("",
                     "PoCL calls no CL_COMPLETE callback of a failed command "
                     "(pocl/pocl#1430)",
                     Continue);
        QCOMPARE(released.wait_for(100ms), std::future_status::ready);
        return;
    }
    QCOMPARE(released.wait_for(10s), std::future_status::ready);
}

void checkNativeKernelCallbackFailureIsCounted(const Device& device) {
    const Context context(device);
    const CommandQueue queue(context, device);
    const int before = failedReleaseCount();
    std::atomic<int> calls{0};
    Event native;
    {
        ScopedClApi scoped;
        scoped.api().clSetEventCallback = [](cl_event, cl_int,
                                             void(CL_CALLBACK*)(cl_event, cl_int, void*),
                                             void*) -> cl_int { return CL_OUT_OF_HOST_MEMORY; };
        native = queue.nativeKernel([&calls] { ++calls; });
    }
    native.wait();
    QCOMPARE(calls.load(), 1);
    QCOMPARE(failedReleaseCount(), before + 1);
}

} // namespace

// The test device where it runs native kernels; else its refusal, checked, and PoCL's CPU device.
#define CLW_NATIVE_KERNEL_DEVICE(var)                                                              \
    CLW_REQUIRE_DEVICE(var##Test);                                                                 \
    CLW_REQUIRE_POCL(var##Pocl);                                                                   \
    if (!runsNativeKernels(var##Test)) {                                                           \
        checkNativeKernelRefused(var##Test);                                                       \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
        QVERIFY(runsNativeKernels(var##Pocl));                                                     \
    }                                                                                              \
    const Device& var = runsNativeKernels(var##Test) ? var##Test : var##Pocl

class TestQueue : public QObject {
    Q_OBJECT
private slots:
    void propertiesReadBack() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue inOrder(context, device);
        QCOMPARE(inOrder.properties(), cl_command_queue_properties(0));
        QVERIFY(inOrder.context() == context);
        QVERIFY(inOrder.device() == device);

        const auto supported = device.info<CL_DEVICE_QUEUE_ON_HOST_PROPERTIES>();
        QVERIFY2(supported & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
                 "the test device has no out-of-order queues");
        const cl_command_queue_properties both =
            CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
        const CommandQueue outOfOrder(context, device, both);
        QCOMPARE(outOfOrder.properties(), both);

        const CommandQueue fromList(
            context, device,
            std::vector<cl_queue_properties>{CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE});
        QCOMPARE(fromList.properties(), cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE));
        const auto array = fromList.info<CL_QUEUE_PROPERTIES_ARRAY>();
        QVERIFY(array.size() >= 2);
        QCOMPARE(array[0], cl_queue_properties(CL_QUEUE_PROPERTIES));
        QCOMPARE(array[1], cl_queue_properties(CL_QUEUE_PROFILING_ENABLE));
    }

    void outOfOrderQueueWithBarrier() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 64;
        const Buffer a(context, CL_MEM_READ_WRITE, n * sizeof(int));
        const Buffer b(context, CL_MEM_READ_WRITE, n * sizeof(int));
        const Kernel setA(program, "setTo"), setB(program, "setTo"), addA(program, "addOne");
        setA.setArgs(a, 5);
        setB.setArgs(b, 9);
        addA.setArg(0, a);
        const Event e1 = queue.ndRange(setA, NDRange(n));
        const Event e2 = queue.ndRange(setB, NDRange(n));
        // Out of order, the increment must wait for the set explicitly: a barrier does it.
        const Event barrier = queue.barrier(std::vector<Event>{e1});
        QVERIFY2(isMarkerType(barrier, device, CL_COMMAND_BARRIER),
                 qPrintable(QString::number(barrier.commandType(), 16)));
        queue.ndRange(addA, NDRange(n));
        queue.finish();
        QCOMPARE(e2.status(), CL_COMPLETE);
        QCOMPARE(readInts(queue, a, n), std::vector<int>(n, 6));
        QCOMPARE(readInts(queue, b, n), std::vector<int>(n, 9));
    }

    void oldPlatformsGetClCreateCommandQueue() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        ScopedClApi scoped;
        static ClApi real;
        real = scoped.real();
        // A 1.2 platform: no clCreateCommandQueueWithProperties.
        scoped.api().clGetPlatformInfo = [](cl_platform_id id, cl_platform_info param, size_t size,
                                            void* value, size_t* ret) -> cl_int {
            if (param == CL_PLATFORM_NUMERIC_VERSION)
                return CL_INVALID_VALUE;
            if (param == CL_PLATFORM_VERSION) {
                static const char text[] = "OpenCL 1.2 fake";
                if (value && size >= sizeof text)
                    std::memcpy(value, text, sizeof text);
                if (ret)
                    *ret = sizeof text;
                return CL_SUCCESS;
            }
            return real.clGetPlatformInfo(id, param, size, value, ret);
        };
        g_withPropertiesCalls = 0;
        scoped.api().clCreateCommandQueueWithProperties = [](cl_context c, cl_device_id d,
                                                             const cl_queue_properties* p,
                                                             cl_int* code) -> cl_command_queue {
            ++g_withPropertiesCalls;
            return real.clCreateCommandQueueWithProperties(c, d, p, code);
        };
        QCOMPARE(device.platform().numericVersion(), cl_version(CL_MAKE_VERSION(1, 2, 0)));
        const CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
        QCOMPARE(queue.properties(), cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE));
        const CommandQueue fromList(context, device,
                                    std::vector<cl_queue_properties>{CL_QUEUE_PROPERTIES, 0});
        QVERIFY(fromList);
        QCOMPARE(g_withPropertiesCalls.load(), 0);
        // Properties a 1.x platform cannot take are refused with a reason.
        try {
            const CommandQueue sized(context, device,
                                     std::vector<cl_queue_properties>{CL_QUEUE_SIZE, 1024});
            QFAIL("a queue size was accepted by a 1.2 platform");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_QUEUE_PROPERTIES);
            QVERIFY2(contains(error.what(), "need OpenCL 2.0"), error.what());
        }
    }

    void profilingTimesAreOrdered() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 4096 * sizeof(int));
        const Kernel kernel(program, "setTo");
        kernel.setArgs(buffer, 3);
        const Event event = queue.ndRange(kernel, NDRange(4096));
        event.wait();
        const ProfilingTimes times = event.profilingTimes();
        QVERIFY(times.queued > 0);
        QVERIFY(times.queued <= times.submitted);
        QVERIFY(times.submitted <= times.started);
        QVERIFY(times.started <= times.ended);
        QVERIFY(times.durationNs() >= 0.0);
    }

    void userEventHoldsKernelBack() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const CommandQueue other(context, device); // reads without waiting for `queue`
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 32;
        const Buffer buffer(context, CL_MEM_READ_WRITE, n * sizeof(int));
        queue.fill(buffer, 0, 0, n * sizeof(int)).wait();
        const Kernel kernel(program, "setTo");
        kernel.setArgs(buffer, 77);
        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        const Event event = queue.ndRange(kernel, NDRange(n), {}, {}, std::vector<Event>{gate});
        queue.flush();
        QVERIFY(event.status() == CL_QUEUED || event.status() == CL_SUBMITTED);
        QCOMPARE(gate.status(), CL_SUBMITTED);
        QCOMPARE(readInts(other, buffer, n), std::vector<int>(n, 0));
        QVERIFY(event.status() == CL_QUEUED || event.status() == CL_SUBMITTED);
        gate.complete();
        event.wait();
        QCOMPARE(readInts(queue, buffer, n), std::vector<int>(n, 77));
    }

    void failedUserEventFailsTheCommand() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(int));
        queue.fill(buffer, 0, 0, 16 * sizeof(int)).wait();
        const Kernel kernel(program, "setTo");
        kernel.setArgs(buffer, 1);
        const UserEvent gate(context);
        const Event event = queue.ndRange(kernel, NDRange(16), {}, {}, std::vector<Event>{gate});
        gate.setStatus(-1);
        QVERIFY_THROWS_EXCEPTION(ClError, event.wait());
        QVERIFY(event.status() < 0);
        const std::vector<Event> both{event, gate};
        QVERIFY_THROWS_EXCEPTION(ClError, Event::waitAll(both));
        const CommandQueue other(context, device);
        QCOMPARE(readInts(other, buffer, 16), std::vector<int>(16, 0));
    }

    void markerWaitsForItsList() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const UserEvent first(context), second(context);
        const clw::test::OpenOnExit openOnExit{first, second};
        const Event marker = queue.marker(std::vector<Event>{first, second});
        QVERIFY2(isMarkerType(marker, device, CL_COMMAND_MARKER),
                 qPrintable(QString::number(marker.commandType(), 16)));
        queue.flush();
        first.complete();
        QVERIFY(marker.status() > CL_COMPLETE);
        std::promise<cl_int> done;
        auto future = done.get_future();
        marker.onComplete([&done](cl_int status) { done.set_value(status); });
        QCOMPARE(future.wait_for(0s), std::future_status::timeout);
        second.complete();
        QCOMPARE(future.wait_for(10s), std::future_status::ready);
        QCOMPARE(future.get(), CL_COMPLETE);
        marker.wait();

        // A marker with no list stands for everything enqueued before it.
        const UserEvent gate(context);
        const clw::test::OpenOnExit openGateOnExit{gate};
        const Event held = queue.barrier(std::vector<Event>{gate});
        const Event all = queue.marker();
        queue.flush();
        QVERIFY(all.status() > CL_COMPLETE);
        gate.complete();
        all.wait();
        QCOMPARE(held.status(), CL_COMPLETE);
    }

    // markerWaitsForItsList once hung: after a failed comparison it returned with a user event
    // never set, and the cleanup after it waited for ever on the queue that event held back. The
    // path is replayed here, returning early as a failed QCOMPARE does; the cleanups after it end.
    void cleanupAfterAFailedPathEnds() {
        CLW_REQUIRE_DEVICE(device);
        const clw::test::DeviceRig rig(device);
        Event marker;
        Event secondSliced; // keeps the event alive, but cannot set it (UserEvent.h)
        const auto failedPath = [&] {
            const UserEvent first(rig.context), second(rig.context);
            secondSliced = second;
            marker = rig.queue.marker(std::vector<Event>{first, second});
            rig.queue.flush();
            first.complete();
            // A comparison failed here: the function returns, `second` never set.
        };
        failedPath();
        // No copy of `second` is left to set it: the engine failed it, and the marker with it,
        // so the queue finishes.
        const auto finished = clw::test::endsWithin(
            10s, [&] { rig.queue.finish(); },
            [&] {
                clApi().clSetUserEventStatus(secondSliced.get(), CL_COMPLETE); // lets the test end
            });
        QVERIFY2(finished, "finishing the queue waited for the dropped user event");
        QVERIFY(marker.status() < 0);

        // Where a copy of the unset event lives on, the queue never finishes: a cleanup wait on
        // it gives up at the limit and says so.
        const std::chrono::milliseconds limit(300);
        const clw::test::ShortCleanupLimit shorter(limit);
        const UserEvent kept(rig.context);
        const clw::test::OpenOnExit openOnExit{kept};
        const Event held = rig.queue.marker(std::vector<Event>{kept});
        rig.queue.flush();
        const int before = abandonedWaitCount();
        bool gaveUp = false;
        const auto took = clw::test::endsWithin(
            5 * limit,
            [&] {
                gaveUp = !finishWithin(rig.queue, "finishing a queue a kept user event holds back",
                                       "the test goes on");
            },
            [&] { kept.complete(); });
        QVERIFY2(took, "the cleanup wait did not end at its limit");
        QVERIFY(gaveUp);
        QVERIFY(*took >= limit);
        QCOMPARE(abandonedWaitCount(), before + 1);
        QVERIFY2(contains(lastAbandonedWait().c_str(), "a kept user event holds back"),
                 lastAbandonedWait().c_str());
        QVERIFY(held.status() > CL_COMPLETE); // still held: nothing was set behind the test's back
        kept.complete();
        held.wait();
        QVERIFY(finishWithin(rig.queue, "finishing the queue once the event was set", "fails"));
        QCOMPARE(abandonedWaitCount(), before + 1);
    }

    // A queue that cannot be retained for the wait's thread: finishWithin waits for nothing,
    // and counts and says that it did not.
    void finishWithinWithoutAReferenceSaysSo() {
        CLW_REQUIRE_DEVICE(device);
        const clw::test::DeviceRig rig(device);
        const int before = abandonedWaitCount();
        bool finished = true;
        {
            ScopedClApi seam;
            seam.api().clRetainCommandQueue = [](cl_command_queue) -> cl_int {
                return CL_OUT_OF_HOST_MEMORY;
            };
            finished = finishWithin(rig.queue, "finishing an unretainable queue", "the test");
        }
        QVERIFY(!finished);
        QCOMPARE(abandonedWaitCount(), before + 1);
        QVERIFY2(contains(lastAbandonedWait().c_str(), "CL_OUT_OF_HOST_MEMORY"),
                 lastAbandonedWait().c_str());
    }

    void onCompleteCallbackRuns() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 1024 * sizeof(int));
        const Kernel kernel(program, "setTo");
        kernel.setArgs(buffer, 8);
        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        const Event event = queue.ndRange(kernel, NDRange(1024), {}, {}, std::vector<Event>{gate});
        std::promise<cl_int> completed;
        auto future = completed.get_future();
        event.onComplete([&completed](cl_int status) { completed.set_value(status); });
        gate.complete();
        QCOMPARE(future.wait_for(10s), std::future_status::ready);
        QCOMPARE(future.get(), CL_COMPLETE);
        queue.finish();
    }

    void flushAndFinish() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 8 * 1024);
        std::vector<Event> events;
        for (int i = 0; i < 8; ++i)
            events.push_back(queue.writeAsync(buffer, size_t(i) * 1024,
                                              std::vector<unsigned char>(1024, (unsigned char)i)));
        queue.flush();
        queue.finish();
        for (const Event& event : events)
            QCOMPARE(event.status(), CL_COMPLETE);
        std::vector<unsigned char> back(8 * 1024);
        queue.read(buffer, 0, back.size(), back.data());
        for (size_t i = 0; i < back.size(); ++i)
            QCOMPARE(back[i], (unsigned char)(i / 1024));
    }

    void taskRunsOneWorkItem() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 4 * sizeof(int));
        queue.fill(buffer, -1, 0, 4 * sizeof(int));
        const Kernel kernel(program, "answer");
        kernel.setArg(0, buffer);
        const Event event = queue.task(kernel);
        // PoCL runs a task as a one-item NDRange and reports it as such.
        QVERIFY(event.commandType() == CL_COMMAND_TASK ||
                event.commandType() == CL_COMMAND_NDRANGE_KERNEL);
        QCOMPARE(readInts(queue, buffer, 4), (std::vector<int>{42, -1, -1, -1}));
    }

    void launchWithoutEventRuns() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 4 * sizeof(int));
        queue.fill(buffer, -1, 0, 4 * sizeof(int));
        const Kernel kernel(program, "answer");
        kernel.setArg(0, buffer);
        queue.ndRangeWithoutEvent(kernel, 1);
        queue.finish();
        QCOMPARE(readInts(queue, buffer, 4), (std::vector<int>{42, -1, -1, -1}));
        // Its errors still name the launch.
        try {
            queue.ndRangeWithoutEvent(kernel, NDRange(3), NDRange(2));
            QFAIL("a local size that does not divide the global size was accepted");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_WORK_GROUP_SIZE);
            QVERIFY(QString::fromStdString(error.what()).contains(QStringLiteral("answer")));
        }
    }

    void nativeKernelRunsOnceBeforeDependentCommands() {
        CLW_NATIVE_KERNEL_DEVICE(device);
        checkNativeKernelRunsOnce(device);
    }

    void nativeKernelThatNeverRunsIsFreed() {
        CLW_NATIVE_KERNEL_DEVICE(device);
        checkNativeKernelThatNeverRunsIsFreed(device);
    }

    void nativeKernelCallbackFailureIsCounted() {
        CLW_NATIVE_KERNEL_DEVICE(device);
        checkNativeKernelCallbackFailureIsCounted(device);
    }

    void waitAllWaitsForEveryEvent() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
        CLW_BUILD_PROGRAM(program, context, kSource);
        std::vector<Buffer> buffers;
        std::vector<Kernel> kernels;
        std::vector<Event> events;
        for (int i = 0; i < 4; ++i) {
            buffers.emplace_back(context, CL_MEM_READ_WRITE, 256 * sizeof(int));
            kernels.emplace_back(program, "setTo");
            kernels.back().setArgs(buffers.back(), i + 100);
            events.push_back(queue.ndRange(kernels.back(), NDRange(256)));
        }
        Event::waitAll(events);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(events[size_t(i)].status(), CL_COMPLETE);
            QCOMPARE(readInts(queue, buffers[size_t(i)], 256), std::vector<int>(256, i + 100));
        }
        Event::waitAll({}); // nothing to wait for
    }

    void launchErrorsNameTheKernelAndSizes() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Kernel kernel(program, "setTo");
        try {
            queue.ndRange(kernel, NDRange(16));
            QFAIL("a kernel without arguments was launched");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_KERNEL_ARGS);
            QVERIFY2(contains(error.what(), "launching kernel 'setTo' over global 16"),
                     error.what());
        }
        const Buffer buffer(context, CL_MEM_READ_WRITE, 64 * sizeof(int));
        kernel.setArgs(buffer, 1);
        const size_t tooLarge = kernel.workGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device) * 2;
        try {
            queue.ndRange(kernel, NDRange(tooLarge), NDRange(tooLarge));
            QFAIL("a work-group above the kernel's limit was launched");
        } catch (const ClError& error) {
            QVERIFY(error.code() == CL_INVALID_WORK_GROUP_SIZE ||
                    error.code() == CL_INVALID_WORK_ITEM_SIZE);
            QVERIFY2(contains(error.what(), "with local " + std::to_string(tooLarge)),
                     error.what());
            // The engine's own check (NVIDIA launches it): it names the kernel's limit.
            QVERIFY2(contains(error.what(), "a work-group of " + std::to_string(tooLarge) +
                                                " work-items; the kernel allows at most " +
                                                std::to_string(tooLarge / 2)),
                     error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestQueue)
#include "tst_queue.moc"
