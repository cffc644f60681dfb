// The LaunchService on the device: launches and transfers in order on its worker, results with
// profiling times, run N times, wait lists, empty ranges, geometry errors, cancellation,
// waiters running their own jobs, and a destructor that does not wait for ever.
#include "CleanupLimit.h"
#include "TestDevice.h"

#include "clw/engine/launch/LaunchService.h"
#include "clw/engine/memory/DeferredAllocator.h"
#include "clw/engine/memory/MemoryPool.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <thread>

using namespace clw::engine;

namespace {

const char* kSource = R"CLC(
__kernel void twice(__global float* data) {
    int i = get_global_id(0);
    data[i] = 2.0f * data[i];
}
__kernel void tiled(__global int* out) __attribute__((reqd_work_group_size(4, 1, 1)));
__kernel void tiled(__global int* out) { out[get_global_id(0)] = get_local_size(0); }
)CLC";

std::vector<unsigned char> floatsAsBytes(const std::vector<float>& values) {
    const auto* begin = reinterpret_cast<const unsigned char*>(values.data());
    return {begin, begin + values.size() * sizeof(float)};
}

std::vector<float> bytesAsFloats(const std::vector<unsigned char>& bytes) {
    std::vector<float> values(bytes.size() / sizeof(float));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(float));
    return values;
}

LaunchRequest twiceOn(const Program& program, const Buffer& buffer, size_t count) {
    LaunchRequest request;
    request.program = program;
    request.kernelName = "twice";
    request.arguments = {ArgumentValue::memory(buffer)};
    request.geometry.global = NDRange(count);
    return request;
}

// Seam: holds clEnqueueNDRangeKernel until the test lets it go, to keep the worker busy.
ClApi g_real;
std::promise<void>* g_entered = nullptr;
std::shared_future<void> g_release;
cl_int CL_API_CALL heldLaunch(cl_command_queue q, cl_kernel k, cl_uint d, const size_t* o,
                              const size_t* g, const size_t* l, cl_uint n, const cl_event* w,
                              cl_event* e) {
    if (g_entered) {
        g_entered->set_value();
        g_entered = nullptr;
        g_release.wait();
    }
    return g_real.clEnqueueNDRangeKernel(q, k, d, o, g, l, n, w, e);
}

// Seam: records the threads that enqueue kernels.
std::mutex g_enqueuersMutex;
std::vector<std::thread::id> g_enqueuers;
cl_int CL_API_CALL recordedLaunch(cl_command_queue q, cl_kernel k, cl_uint d, const size_t* o,
                                  const size_t* g, const size_t* l, cl_uint n, const cl_event* w,
                                  cl_event* e) {
    {
        std::lock_guard lock(g_enqueuersMutex);
        g_enqueuers.push_back(std::this_thread::get_id());
    }
    return g_real.clEnqueueNDRangeKernel(q, k, d, o, g, l, n, w, e);
}

// Seam: the wait or the status query of a launch fails.
cl_int g_waitError = CL_SUCCESS;
cl_int g_statusError = CL_SUCCESS;
cl_int CL_API_CALL failingWait(cl_uint count, const cl_event* events) {
    const cl_int real = g_real.clWaitForEvents(count, events);
    return g_waitError != CL_SUCCESS ? g_waitError : real;
}
cl_int CL_API_CALL failingStatus(cl_event event, cl_event_info param, size_t size, void* value,
                                 size_t* sizeRet) {
    if (param == CL_EVENT_COMMAND_EXECUTION_STATUS && g_statusError != CL_SUCCESS)
        return g_statusError;
    return g_real.clGetEventInfo(event, param, size, value, sizeRet);
}

// Destroys `service` (clw::test::endsWithin).
std::optional<std::chrono::milliseconds> destroyWithin(std::unique_ptr<LaunchService>& service,
                                                       std::chrono::milliseconds bound,
                                                       const std::function<void()>& unstick) {
    return clw::test::endsWithin(
        bound, [&] { service.reset(); }, unstick);
}

} // namespace

// The device, a context on it and kSource built there: what every test here starts from.
#define CLW_LAUNCH_RIG(device, context, program)                                                   \
    CLW_REQUIRE_DEVICE(device);                                                                    \
    Context context(device);                                                                       \
    Program program = Program::fromSource(context, kSource);                                       \
    QVERIFY(program.build().ok())

class TestLaunchService : public QObject {
    Q_OBJECT
private slots:
    void transfersAndLaunchesStayInOrder() {
        CLW_LAUNCH_RIG(device, context, program);
        LaunchService service(context, device);
        Buffer buffer(context, CL_MEM_READ_WRITE, 64 * sizeof(float));
        std::vector<float> input(64);
        for (int i = 0; i < 64; ++i)
            input[i] = float(i);
        // Nothing here waits: upload, two launches, download, all queued at once.
        const std::thread::id caller = std::this_thread::get_id();
        std::promise<std::thread::id> uploadThread;
        service.upload(buffer, 0, floatsAsBytes(input), [&](LaunchResult result) {
            QVERIFY(result.ok);
            uploadThread.set_value(std::this_thread::get_id());
        });
        auto first = service.launch(twiceOn(program, buffer, 64));
        auto second = service.launch(twiceOn(program, buffer, 64));
        auto download = service.download(buffer, 0, 64 * sizeof(float));
        QVERIFY(uploadThread.get_future().get() != caller);
        const LaunchResult one = first.get();
        QVERIFY2(one.ok, one.error.c_str());
        QCOMPARE(one.runs.size(), size_t(1));
        const ProfilingTimes& times = one.runs[0];
        QVERIFY(times.queued <= times.submitted);
        QVERIFY(times.submitted <= times.started);
        QVERIFY(times.started <= times.ended);
        QVERIFY(second.get().ok);
        const std::vector<float> output = bytesAsFloats(download.get().data);
        QCOMPARE(output.size(), size_t(64));
        for (int i = 0; i < 64; ++i)
            QCOMPARE(output[i], 4.0f * float(i));
    }

    void runNTimesGivesMinMedianMax() {
        CLW_LAUNCH_RIG(device, context, program);
        LaunchService service(context, device);
        Buffer buffer(context, CL_MEM_READ_WRITE, 1024 * sizeof(float));
        std::promise<LaunchResult> filled;
        const float one = 1.0f;
        service.fill(buffer,
                     {reinterpret_cast<const unsigned char*>(&one),
                      reinterpret_cast<const unsigned char*>(&one) + 4},
                     0, 1024 * sizeof(float), [&](LaunchResult r) { filled.set_value(r); });
        QVERIFY(filled.get_future().get().ok);
        LaunchRequest request = twiceOn(program, buffer, 1024);
        request.repeat = 5;
        const LaunchResult result = service.launch(request).get();
        QVERIFY(result.ok);
        QCOMPARE(result.runs.size(), size_t(5));
        QVERIFY(result.minNs() > 0);
        QVERIFY(result.minNs() <= result.medianNs());
        QVERIFY(result.medianNs() <= result.maxNs());
        const auto values = bytesAsFloats(service.download(buffer, 0, 16).get().data);
        QCOMPARE(values[3], 32.0f); // doubled five times
    }

    void waitListHoldsTheLaunch() {
        CLW_LAUNCH_RIG(device, context, program);
        LaunchService service(context, device);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
        std::vector<float> ones(16, 1.0f);
        service.upload(buffer, 0, floatsAsBytes(ones), [](LaunchResult) {});
        UserEvent gate(context);
        LaunchRequest request = twiceOn(program, buffer, 16);
        request.waitFor = {gate};
        auto held = service.launch(request);
        QCOMPARE(held.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout);
        gate.complete();
        QVERIFY(held.get().ok);
        QCOMPARE(bytesAsFloats(service.download(buffer, 0, 4).get().data)[0], 2.0f);
    }

    void emptyRangesAndGeometryErrors() {
        CLW_LAUNCH_RIG(device, context, program);
        LaunchService service(context, device);
        Buffer buffer(context, CL_MEM_READ_WRITE, 64 * sizeof(int));
        LaunchRequest empty = twiceOn(program, buffer, 0);
        empty.geometry.allowEmpty = true;
        const LaunchResult marker = service.launch(empty).get();
        QVERIFY(marker.ok);
        QVERIFY(marker.empty);

        LaunchRequest tiled;
        tiled.program = program;
        tiled.kernelName = "tiled";
        tiled.arguments = {ArgumentValue::memory(buffer)};
        tiled.geometry.global = NDRange(16);
        const LaunchResult filledIn = service.launch(tiled).get(); // reqd fills the local size
        QVERIFY2(filledIn.ok, filledIn.error.c_str());
        QCOMPARE(filledIn.local[0], size_t(4));
        tiled.geometry.local = NDRange(8);
        const LaunchResult refused = service.launch(tiled).get();
        QVERIFY(!refused.ok);
        QCOMPARE(refused.code, CL_INVALID_WORK_GROUP_SIZE);
        QVERIFY(QString::fromStdString(refused.error)
                    .contains(QStringLiteral("requires the local size (4)")));

        LaunchRequest badArgs = twiceOn(program, buffer, 16);
        badArgs.arguments = {ArgumentValue::scalar(1.0f)};
        const LaunchResult rejected = service.launch(badArgs).get();
        QVERIFY(!rejected.ok);
        QCOMPARE(rejected.code, CL_INVALID_ARG_VALUE);
        QVERIFY(QString::fromStdString(rejected.error).contains(QStringLiteral("argument 0")));
    }

    // A failed wait or status query is the launch's error, never a success.
    void failedWaitOrStatusIsReported() {
        CLW_LAUNCH_RIG(device, context, program);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
        LaunchService service(context, device);
        ScopedClApi seam;
        g_real = seam.real();
        seam.api().clWaitForEvents = failingWait;
        seam.api().clGetEventInfo = failingStatus;
        g_waitError = CL_OUT_OF_RESOURCES;
        LaunchResult result = service.launch(twiceOn(program, buffer, 16)).get();
        QVERIFY(!result.ok);
        QCOMPARE(result.code, CL_OUT_OF_RESOURCES);
        QVERIFY2(result.error.find("clWaitForEvents") != std::string::npos, result.error.c_str());
        g_waitError = CL_SUCCESS;
        g_statusError = CL_INVALID_EVENT;
        result = service.launch(twiceOn(program, buffer, 16)).get();
        QVERIFY(!result.ok);
        QCOMPARE(result.code, CL_INVALID_EVENT);
        QVERIFY2(result.error.find("clGetEventInfo") != std::string::npos, result.error.c_str());
        g_statusError = CL_SUCCESS;
        QVERIFY(service.launch(twiceOn(program, buffer, 16)).get().ok);
    }

    // A pooled buffer given to a launch keeps the pool's claim until the launch completed: the
    // caller dropping its copy does not hand the block to the next allocation meanwhile.
    void pooledArgumentKeepsItsBlockUntilTheLaunchCompleted() {
        CLW_LAUNCH_RIG(device, context, program);
        MemoryPool<DeferredAllocator> pool{DeferredAllocator(context)};
        LaunchService service(context, device);
        UserEvent gate(context);
        std::promise<LaunchResult> finished;
        cl_mem launched = nullptr;
        {
            PooledBuffer buffer = pool.allocate(64 * sizeof(float));
            launched = buffer.get();
            LaunchRequest request;
            request.program = program;
            request.kernelName = "twice";
            request.arguments = {ArgumentValue::memory(buffer)};
            request.geometry.global = NDRange(64);
            request.waitFor = {gate};
            service.launch(request, [&](LaunchResult result) { finished.set_value(result); });
        } // the caller's copy goes; the launch is held back by the gate
        PooledBuffer next = pool.allocate(64 * sizeof(float));
        QVERIFY2(next.get() != launched, "the block went to another allocation under the launch");
        gate.complete();
        QVERIFY(finished.get_future().get().ok);
        next.release();
        service.finish();
        QCOMPARE(pool.stats().activeBlocks, 0u); // the launch let go of the claim when it completed
    }

    // Geometry errors carry their own codes, not all CL_INVALID_WORK_GROUP_SIZE.
    void geometryErrorsCarryTheirCodes() {
        CLW_LAUNCH_RIG(device, context, program);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
        LaunchService service(context, device);
        QCOMPARE(service.launch(twiceOn(program, buffer, 0)).get().code,
                 CL_INVALID_GLOBAL_WORK_SIZE);
        LaunchRequest noDimensions = twiceOn(program, buffer, 16);
        noDimensions.geometry.global = NDRange();
        QCOMPARE(service.launch(noDimensions).get().code, CL_INVALID_WORK_DIMENSION);
    }

    // A thread waiting on a job that has not started runs it itself; jobs of several threads,
    // run by waiters and by the worker, still run one at a time and all of them once.
    void waitersRunTheirJobsInOrder() {
        CLW_LAUNCH_RIG(device, context, program);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
        ScopedClApi seam;
        g_real = seam.real();
        g_enqueuers.clear();
        seam.api().clEnqueueNDRangeKernel = recordedLaunch;
        LaunchService service(context, device);
        service.upload(buffer, 0, floatsAsBytes(std::vector<float>(16, 1.0f)), [](LaunchResult) {});
        // Whether the waiter or the woken worker takes a job first is a race the waiter wins on
        // an idle machine; under load the worker can win many in a row, so try until one fell to
        // the waiter (a waiter that never runs its job fails here).
        const auto caller = std::this_thread::get_id();
        int launched = 0;
        bool waiterRan = false;
        for (; launched < 20000 && !waiterRan; ++launched) {
            const LaunchResult result = service.launch(twiceOn(program, buffer, 16)).get();
            QVERIFY2(result.ok, result.error.c_str());
            QCOMPARE(result.runs.size(), size_t(1));
            std::lock_guard lock(g_enqueuersMutex);
            waiterRan = g_enqueuers.back() == caller;
        }
        QVERIFY(waiterRan);
        qInfo("a waiter ran its own job after %d launches", launched);
        service.finish();
        // Back to ones, so that the doublings below can be counted.
        service.upload(buffer, 0, floatsAsBytes(std::vector<float>(16, 1.0f)), [](LaunchResult) {});
        {
            std::lock_guard lock(g_enqueuersMutex);
            g_enqueuers.clear();
        }

        std::atomic<int> failures{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&] {
                for (int i = 0; i < 10; ++i) {
                    if (i % 2)
                        service.launch(twiceOn(program, buffer, 16),
                                       [&](LaunchResult result) { failures += result.ok ? 0 : 1; });
                    else if (!service.launch(twiceOn(program, buffer, 16)).get().ok)
                        ++failures;
                }
            });
        for (std::thread& thread : threads)
            thread.join();
        service.finish();
        QCOMPARE(failures.load(), 0);
        QCOMPARE(g_enqueuers.size(), size_t(40));
        // 40 doublings of 1: every launch ran exactly once.
        const auto values =
            bytesAsFloats(service.download(buffer, 0, 16 * sizeof(float)).get().data);
        for (float value : values)
            QCOMPARE(value, std::ldexp(1.0f, 40));
    }

    void cancelsWhatHasNotStarted() {
        CLW_LAUNCH_RIG(device, context, program);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
        ScopedClApi seam;
        g_real = seam.real();
        std::promise<void> entered;
        std::promise<void> release;
        g_entered = &entered;
        g_release = release.get_future().share();
        seam.api().clEnqueueNDRangeKernel = heldLaunch;
        {
            LaunchService service(context, device);
            auto busy = service.launch(twiceOn(program, buffer, 16));
            entered.get_future().wait(); // the worker is inside the first launch
            std::promise<LaunchResult> cancelled;
            const auto id = service.launch(twiceOn(program, buffer, 16),
                                           [&](LaunchResult r) { cancelled.set_value(r); });
            QVERIFY(service.cancel(id));
            const LaunchResult result = cancelled.get_future().get();
            QVERIFY(result.cancelled);
            QVERIFY(!result.ok);
            release.set_value();
            QVERIFY(busy.get().ok);
            QVERIFY(!service.cancel(id)); // already gone
        }
    }

    // A launch held back by a user event that nobody sets: destroying the service gives up at
    // the cleanup limit, counts it and says it, instead of waiting for ever. The worker it left
    // behind still has what it uses: once the event is set, it delivers the launch.
    void destroyedWhileALaunchWaitsForAnUnsetEvent() {
        CLW_LAUNCH_RIG(device, context, program);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
        const std::chrono::milliseconds limit(300);
        const clw::test::ShortCleanupLimit shorter(limit);
        const UserEvent gate(context);
        // Shared with the callback: the worker may deliver after this function has returned.
        auto delivered = std::make_shared<std::promise<LaunchResult>>();
        std::future<LaunchResult> result = delivered->get_future();
        const int before = abandonedWaitCount();
        auto service = std::make_unique<LaunchService>(context, device);
        LaunchRequest request = twiceOn(program, buffer, 16);
        request.waitFor = {gate};
        service->launch(request, [delivered](LaunchResult r) { delivered->set_value(r); });
        const auto took = destroyWithin(service, 5 * limit, [&] { gate.complete(); });
        QVERIFY2(took, "the destructor waited for the unset event");
        qInfo("the destructor returned after %lld ms (limit %lld ms)", qlonglong(took->count()),
              qlonglong(limit.count()));
        QVERIFY(*took >= limit); // it did wait for the launch, as long as the limit allows
        QCOMPARE(abandonedWaitCount(), before + 1);
        QVERIFY2(lastAbandonedWait().find("destroying a launch service") != std::string::npos,
                 lastAbandonedWait().c_str());
        QCOMPARE(result.wait_for(std::chrono::seconds(0)), std::future_status::timeout);
        gate.complete();
        QCOMPARE(result.wait_for(std::chrono::seconds(10)), std::future_status::ready);
        const LaunchResult launched = result.get();
        QVERIFY2(launched.ok, launched.error.c_str());
    }

    // A job that had not started when the destructor gave up is cancelled, and says why; the
    // destructor does not run it (it would wait behind the command that holds the worker).
    void destroyedServiceCancelsWhatHasNotStarted() {
        CLW_LAUNCH_RIG(device, context, program);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
        const std::chrono::milliseconds limit(300);
        const clw::test::ShortCleanupLimit shorter(limit);
        auto entered = std::make_shared<std::promise<void>>();
        auto release = std::make_shared<std::promise<void>>();
        // Lets the held worker go however this function returns.
        std::shared_ptr<void> releaseOnExit(nullptr, [release](void*) { release->set_value(); });
        std::shared_future<void> released = release->get_future().share();
        auto cancelled = std::make_shared<std::promise<LaunchResult>>();
        std::future<LaunchResult> cancelledResult = cancelled->get_future();
        const int before = abandonedWaitCount();
        auto service = std::make_unique<LaunchService>(context, device);
        // Nothing queued behind it, so its result comes on the worker: the callback holds the
        // worker there, as a command that never completes would.
        service->launch(twiceOn(program, buffer, 16), [entered, released](LaunchResult) {
            entered->set_value();
            released.wait();
        });
        entered->get_future().wait();
        service->launch(twiceOn(program, buffer, 16),
                        [cancelled](LaunchResult r) { cancelled->set_value(r); });
        const auto took = destroyWithin(service, 5 * limit, [&] { releaseOnExit.reset(); });
        QVERIFY2(took, "the destructor waited for the held worker");
        QCOMPARE(abandonedWaitCount(), before + 1);
        QVERIFY2(lastAbandonedWait().find("1 job(s) not started were cancelled") !=
                     std::string::npos,
                 lastAbandonedWait().c_str());
        // Delivered by the destructor itself.
        QCOMPARE(cancelledResult.wait_for(std::chrono::seconds(0)), std::future_status::ready);
        const LaunchResult result = cancelledResult.get();
        QVERIFY(result.cancelled);
        QVERIFY(!result.ok);
        QVERIFY2(result.error.find("destroyed") != std::string::npos, result.error.c_str());
    }

    // A destructor with nothing left to wait for returns at once, counting nothing.
    void destroyedIdleServiceWaitsForNothing() {
        CLW_LAUNCH_RIG(device, context, program);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
        const std::chrono::milliseconds limit(2000);
        const clw::test::ShortCleanupLimit shorter(limit);
        const int before = abandonedWaitCount();
        auto service = std::make_unique<LaunchService>(context, device);
        QVERIFY(service->launch(twiceOn(program, buffer, 16)).get().ok);
        const auto took = destroyWithin(service, limit, [] {});
        QVERIFY(took);
        QCOMPARE(abandonedWaitCount(), before);
    }
};

QTEST_GUILESS_MAIN(TestLaunchService)
#include "tst_launchservice.moc"
